export * from './currencies';
export * from './limits';
export * from './locales';
export * from './messages';
export * from './app-config';
