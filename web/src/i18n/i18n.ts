import { DEFAULT_LOCALE, LANGUAGE_COOKIE, LOCALES, type Locale } from '@kork/shared';
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { setPreferenceCookie } from '../lib/preference-cookie';

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
// other one comes when they switch. The shell waits for it (react-i18next suspends until it is there).
// The cellar's screens keep their texts in files of their own (i18n/cellar/), merged in at the top level.
const catalogues: Record<Locale, () => Promise<{ default: ResourceKey }>> = {
  en: () =>
    merged([
      import('./en.json'),
      import('./cellar/wines.en.json'),
      import('./cellar/places.en.json'),
      import('./cellar/review.en.json'),
    ]),
  nb: () =>
    merged([
      import('./nb.json'),
      import('./cellar/wines.nb.json'),
      import('./cellar/places.nb.json'),
      import('./cellar/review.nb.json'),
    ]),
};

async function merged(parts: Promise<{ default: object }>[]): Promise<{ default: ResourceKey }> {
  const loaded = await Promise.all(parts);
  return { default: Object.assign({}, ...loaded.map((part) => part.default)) as ResourceKey };
}

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLocale(language)) {
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

/** Resolves once the visitor's catalogue has arrived. */
export const i18nReady: Promise<unknown> = i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: detectLocale(),
    // Both catalogues hold every text (a unit test checks it), so there is nothing to fall back to and
    // no reason to download the second language.
    fallbackLng: false,
    supportedLngs: LOCALES,
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

export function currentLocale(): Locale {
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
}

export async function changeLocale(locale: Locale): Promise<void> {
  setPreferenceCookie(LANGUAGE_COOKIE, locale);
  await i18n.changeLanguage(locale);
}
