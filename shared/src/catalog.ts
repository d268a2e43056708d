/**
 * The wine catalogue and the community around it (SPEC §3 Wine, Tasting note, Search entity kinds,
 * Filters, Active filter defaults; §5 tasting messages; §9 rating descriptions and vintage filter), one
 * module per use case.
 */

export * from './catalog/embed';
export * from './catalog/folding';
export * from './catalog/profiles';
export * from './catalog/search-query';
export * from './catalog/tastings';
export * from './catalog/wines';
