/**
 * Wine list layout (docs/wine-lists.md): compose a list's wines into printed sections, lay them out on
 * pages, and what both renderers share (fonts, metrics, prices, QR code).
 */
export * from './compose';
export * from './fonts';
export * from './layout';
export * from './prices';
export * from './qr';
export * from './types';
export * from './wrap';
