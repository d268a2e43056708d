export * from './accounts';
export * from './app-config';
export * from './catalog';
export * from './currencies';
export * from './exchange-rates';
export * from './limits';
export * from './locales';
export * from './messages';
