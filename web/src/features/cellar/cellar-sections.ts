/**
 * The cellar's sections in the side menu's order (SPEC §2): home, wines, wine lists, history, sales
 * analytics, stock count, analytics, beverages, price automator, orders, sales, settings. The router
 * and the menu both read this list, so the two cannot drift apart.
 *
 * `business` marks the sections for running a venue or a trade (sales, stock counts, beverage recipes,
 * price rules, orders): a private cellar sees the other six, market value analytics among them, since a
 * collector's cellar has a market value too (a free plan sees a sample; docs/decisions.md).
 */
export const CELLAR_SECTIONS = [
  { key: 'home', path: 'home', business: false },
  { key: 'wines', path: 'wines', business: false },
  { key: 'wineLists', path: 'wine-lists', business: false },
  { key: 'history', path: 'history', business: false },
  { key: 'salesAnalytics', path: 'sales-analytics', business: true },
  { key: 'stockCount', path: 'stock-count', business: true },
  { key: 'analytics', path: 'analytics', business: false },
  { key: 'beverages', path: 'beverages', business: true },
  { key: 'priceAutomator', path: 'price-automator', business: true },
  { key: 'orders', path: 'orders', business: true },
  { key: 'sales', path: 'sales', business: true },
  { key: 'settings', path: 'settings', business: false },
] as const;

export type CellarSection = (typeof CELLAR_SECTIONS)[number];
export type CellarSectionKey = CellarSection['key'];

export const CELLAR_BASE = '/wine-cellar';

export function cellarPath(section: CellarSection): string {
  return `${CELLAR_BASE}/${section.path}`;
}

/** The sections a cellar owner sees: all twelve for a business, the six that are not trade for anyone else. */
export function sectionsFor(business: boolean): readonly CellarSection[] {
  return business ? CELLAR_SECTIONS : CELLAR_SECTIONS.filter((section) => !section.business);
}
