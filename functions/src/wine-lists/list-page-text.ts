/**
 * The words of the guest's list page (`/l/{listId}`, list-page-html.ts) in both languages: the same
 * wording as the app's list page (web/src/i18n/cellar/list-public.*.json), kept here because the page is
 * written by the server, without the app's catalogues.
 */
import type { Locale } from '@kork/shared';

export interface ListPageText {
  sections: string;
  glass: (size: string | undefined) => string;
  bottle: string;
  bottlePrice: string;
  glassPrice: string;
  stars: (count: number) => string;
  empty: string;
  openApp: string;
  otherLanguage: string;
  madeWith: string;
  booking: string;
  menu: string;
  logo: (name: string) => string;
  notFoundTitle: string;
  notFoundText: string;
  toFeed: string;
}

export const LIST_PAGE_TEXT: Record<Locale, ListPageText> = {
  en: {
    sections: 'Sections of the list',
    glass: (size) => (size ? `Glass ${size}` : 'Glass'),
    bottle: 'Bottle',
    bottlePrice: 'Bottle price',
    glassPrice: 'Price per glass',
    stars: (count) => (count === 1 ? '1 star' : `${count} stars`),
    empty: 'There are no wines on this list right now.',
    openApp: 'Open the list in the Kork app',
    otherLanguage: 'Norsk',
    madeWith: 'Wine list on Kork',
    booking: 'Book a table',
    menu: 'See the menu',
    logo: (name) => `Logo of ${name}`,
    notFoundTitle: 'This wine list is not available',
    notFoundText: 'The list may be private, or the address may be wrong.',
    toFeed: 'Discover wines on Kork',
  },
  nb: {
    sections: 'Delene av vinkartet',
    glass: (size) => (size ? `Glass ${size}` : 'Glass'),
    bottle: 'Flaske',
    bottlePrice: 'Flaskepris',
    glassPrice: 'Pris per glass',
    stars: (count) => (count === 1 ? '1 stjerne' : `${count} stjerner`),
    empty: 'Det er ingen viner på dette vinkartet nå.',
    openApp: 'Åpne vinkartet i Kork-appen',
    otherLanguage: 'English',
    madeWith: 'Vinkart på Kork',
    booking: 'Bestill bord',
    menu: 'Se menyen',
    logo: (name) => `Logoen til ${name}`,
    notFoundTitle: 'Dette vinkartet er ikke tilgjengelig',
    notFoundText: 'Vinkartet kan være privat, eller adressen kan være feil.',
    toFeed: 'Oppdag viner på Kork',
  },
};
