/**
 * The wines in a cellar (SPEC §3 Cellar wine and inventory columns), its locations, wine list
 * categories and history, and the routes' bodies and queries (SPEC §7 wines service), one module per use
 * case.
 *
 * Money is integer minor units of the cellar's base currency (D12). Bottle size is in litres, glass size
 * in centilitres.
 */

export * from './cellar-wines/categories';
export * from './cellar-wines/dashboard';
export * from './cellar-wines/history';
export * from './cellar-wines/inputs';
export * from './cellar-wines/locations';
export * from './cellar-wines/wines';
