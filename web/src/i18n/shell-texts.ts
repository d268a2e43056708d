/**
 * The texts of the first screen, bundled with the app so the navbar and the feed's hero paint before
 * any catalogue has arrived: named imports of a few top-level sections of each catalogue, which the
 * bundler keeps alone (the full catalogues load as separate files, `i18n.ts`). They form the `shell`
 * namespace; the same keys stay in the full catalogue too.
 */
import {
  appBanner as appBannerEn,
  app as appEn,
  currency as currencyEn,
  globalSearch as globalSearchEn,
  home as homeEn,
  language as languageEn,
  nav as navEn,
} from './en.json';
import {
  appBanner as appBannerNb,
  app as appNb,
  currency as currencyNb,
  globalSearch as globalSearchNb,
  home as homeNb,
  language as languageNb,
  nav as navNb,
} from './nb.json';

export const shellTexts = {
  en: {
    app: appEn,
    appBanner: appBannerEn,
    currency: currencyEn,
    globalSearch: globalSearchEn,
    home: homeEn,
    language: languageEn,
    nav: navEn,
  },
  nb: {
    app: appNb,
    appBanner: appBannerNb,
    currency: currencyNb,
    globalSearch: globalSearchNb,
    home: homeNb,
    language: languageNb,
    nav: navNb,
  },
};

export type ShellTexts = (typeof shellTexts)['en'];
