import { isLanguage } from '@clari/contracts';
import { PageSpinner } from '../../../components/PageSpinner';
import { useAuth } from '../../../components/auth/AuthProvider';
import { ClinicianOnly } from '../components/ClinicianOnly';
import { JournalWorkspace } from '../components/JournalWorkspace';

/** /journal: record or upload, transcribe, edit, and generate a journal summary (clinicians only). */
export default function JournalPage() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (!user?.is_clinician) return <ClinicianOnly />;
  return <JournalWorkspace defaultLanguage={isLanguage(user.language) ? user.language : 'en'} />;
}
