import type { Language } from '@clari/contracts';
import enMail from '../../../../../locales/en/mail.json';
import svMail from '../../../../../locales/sv/mail.json';

/** Server-side texts come from the same locales/ files as the SPA's. */
export const MAIL_TEXTS: Record<Language, typeof enMail> = { en: enMail, sv: svMail };

/** Replaces {{name}} placeholders; unknown placeholders are left empty. */
export function interpolate(template: string, params: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => params[key] ?? '');
}
