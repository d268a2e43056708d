export * from './accounts';
export * from './app-config';
export * from './currencies';
export * from './limits';
export * from './locales';
export * from './messages';
