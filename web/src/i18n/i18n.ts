import { DEFAULT_LOCALE, LANGUAGE_COOKIE, LOCALES, type Locale } from '@kork/shared';
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { afterFirstPaint } from '../app/after-first-paint';
import { setPreferenceCookie } from '../lib/preference-cookie';
import { shellTexts } from './shell-texts';

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language a visitor chose before (cookie), else the browser's, else Norwegian: Kork is mainly for Norway. */
export function detectLocale(): Locale {
  const chosen = Cookies.get(LANGUAGE_COOKIE);
  if (isLocale(chosen)) return chosen;
  for (const language of globalThis.navigator?.languages ?? []) {
    const tag = language.toLowerCase();
    if (/^(nb|no|nn)\b/.test(tag)) return 'nb';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LOCALE;
}

// Each visitor downloads only the catalogue of their language, in parallel with the first page; the
// other one comes when they switch. The first screen does not wait for it: the navbar and the feed's
// hero read the `shell` namespace, bundled with the app (shell-texts.ts). Everything else reads the
// default namespace, the whole catalogue, and suspends until it is there (react-i18next).
const catalogues: Record<Locale, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('./catalogue-en'),
  nb: () => import('./catalogue-nb'),
};

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLocale(language) || namespace !== 'translation') {
      callback(null, {});
      return;
    }
    catalogues[language]().then(
      (catalogue) => callback(null, catalogue.default),
      (error: Error) => callback(error, null),
    );
  },
};

export const i18n: I18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  // Screen readers and the browser's spell-check and hyphenation follow <html lang>.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: detectLocale(),
    // Both catalogues hold every text (a unit test checks it), so there is nothing to fall back to and
    // no reason to download the second language.
    fallbackLng: false,
    supportedLngs: LOCALES,
    // Ready at once: the shell's texts of both languages are here (a language switch needs no wait for
    // them); the full catalogue is asked for right below.
    resources: { en: { shell: shellTexts.en }, nb: { shell: shellTexts.nb } },
    partialBundledLanguages: true,
    initAsync: false,
    ns: ['shell'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

/** Resolves once the visitor's full catalogue has arrived (asked for once the first screen has painted). */
export const i18nReady: Promise<unknown> = afterFirstPaint().then(() => i18n.loadNamespaces('translation'));

export function currentLocale(): Locale {
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
}

export async function changeLocale(locale: Locale): Promise<void> {
  setPreferenceCookie(LANGUAGE_COOKIE, locale);
  await i18n.changeLanguage(locale);
}
