import type { TFunction } from 'i18next';
import enAccount from '@locales/en/account.json';
import svAccount from '@locales/sv/account.json';
import { ApiError } from '../../lib/api';
import { registerNamespace } from '../../lib/i18n';

registerNamespace('account', enAccount, svAccount);

export const ACCOUNT_NS = 'account';

/**
 * The text to show for a failed call: the translation of the server's error code when it
 * has one, else the server's message, else `fallback` (also used for network failures).
 */
export function errorText(t: TFunction, error: unknown, fallback: string, networkFallback?: string): string {
  if (error instanceof ApiError) {
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code && t(`errors.${code}`, { ns: ACCOUNT_NS, defaultValue: '' }))
      return t(`errors.${code}`, { ns: ACCOUNT_NS });
    return error.message || fallback;
  }
  return networkFallback ?? fallback;
}
