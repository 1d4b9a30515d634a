import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@clari/contracts/languages';
import enCommon from '@locales/en/common.json';
import svCommon from '@locales/sv/common.json';
import { LANGUAGE_STORAGE_KEY } from '../config/paths';

/** The visitor's stored choice, else Swedish when the browser asks for it first, else English (part 1 §1). */
export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // private mode: fall through to the browser's languages
  }
  return browserLanguage();
}

/** Swedish for a browser whose first language is Swedish (sv, sv-SE, sv-FI), else the default. */
export function browserLanguage(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
): Language {
  return languages[0]?.toLowerCase().startsWith('sv') ? 'sv' : DEFAULT_LANGUAGE;
}

/** The language the signed-in person's profile already holds (so that a change to it needs no saving). */
let savedLanguage: Language | null = null;
export function profileLanguage(): Language | null {
  return savedLanguage;
}

/** Switches the page's language; `saved` says the profile already holds it (login, the profile form). */
export function setLanguage(language: Language, { saved = false }: { saved?: boolean } = {}): void {
  if (saved) savedLanguage = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
  if (i18n.language !== language) void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/**
 * The common namespace ships with the first load in both languages; feature namespaces
 * (legal, …) are added by their lazily loaded routes with addResourceBundle.
 */
void i18n.use(initReactI18next).init({
  resources: { en: { common: enCommon }, sv: { common: svCommon } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = i18n.language;
// Every change of language (the footer, a legal page's own toggle, the profile) sets <html lang>.
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export default i18n;

/** Adds a feature's namespace in both languages; called by the lazily loaded chunk that uses it. */
export function registerNamespace(namespace: string, en: object, sv: object): void {
  if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, en, true, true);
  if (!i18n.hasResourceBundle('sv', namespace)) i18n.addResourceBundle('sv', namespace, sv, true, true);
}
