export * from './accounts';
export * from './app-config';
export * from './catalog';
export * from './cellar';
export * from './cellar-pricing';
export * from './cellar-wines';
export * from './currencies';
export * from './exchange-rates';
export * from './limits';
export * from './locales';
export * from './messages';
export * from './schema-primitives';
// The catalogue-aware display name; it replaces the older one of cellar-pricing.ts (same arguments).
export { countWords, nameWords, producerInName, wineDisplayName } from './wine-names';
