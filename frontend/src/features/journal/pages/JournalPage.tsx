import { isLanguage } from '@clari/contracts';
import { PageSpinner } from '../../../components/PageSpinner';
import { useAuth } from '../../../components/auth/AuthProvider';
import { usePublicConfig } from '../../../lib/public-config';
import { ClinicianOnly } from '../components/ClinicianOnly';
import { JournalWorkspace } from '../components/JournalWorkspace';

/** /journal: record or upload, transcribe, edit, and generate a journal summary (clinicians only). */
export default function JournalPage() {
  const { status, user } = useAuth();
  // The server's settings decide what the audio step offers (recording, or a note that it is
  // off): shown before they came, the step would grow and push the page down when they do.
  const { loaded: settingsLoaded } = usePublicConfig();
  if (status === 'loading') return <PageSpinner />;
  if (!user?.is_clinician) return <ClinicianOnly />;
  if (!settingsLoaded) return <PageSpinner />;
  return <JournalWorkspace defaultLanguage={isLanguage(user.language) ? user.language : 'en'} />;
}
