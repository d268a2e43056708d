/**
 * The cellar's sections in the side menu's order (SPEC §2): home, wines, wine lists, history, sales
 * analytics, stock count, analytics, beverages, price automator, orders, sales, settings. The router
 * and the menu both read this list, so the two cannot drift apart.
 */
export const CELLAR_SECTIONS = [
  { key: 'home', path: 'home' },
  { key: 'wines', path: 'wines' },
  { key: 'wineLists', path: 'wine-lists' },
  { key: 'history', path: 'history' },
  { key: 'salesAnalytics', path: 'sales-analytics' },
  { key: 'stockCount', path: 'stock-count' },
  { key: 'analytics', path: 'analytics' },
  { key: 'beverages', path: 'beverages' },
  { key: 'priceAutomator', path: 'price-automator' },
  { key: 'orders', path: 'orders' },
  { key: 'sales', path: 'sales' },
  { key: 'settings', path: 'settings' },
] as const;

export type CellarSection = (typeof CELLAR_SECTIONS)[number];
export type CellarSectionKey = CellarSection['key'];

export const CELLAR_BASE = '/wine-cellar';

export function cellarPath(section: CellarSection): string {
  return `${CELLAR_BASE}/${section.path}`;
}
