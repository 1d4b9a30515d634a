import enInterview from '@locales/en/interview.json';
import svInterview from '@locales/sv/interview.json';
import { registerNamespace } from '../../lib/i18n';

/** The interview's texts travel with its lazily loaded pages. */
export const INTERVIEW_NS = 'interview';

registerNamespace(INTERVIEW_NS, enInterview, svInterview);
