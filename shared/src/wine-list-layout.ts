/**
 * The wine list layout, imported on its own (`@kork/shared/wine-list-layout`) so that only the pages and
 * functions that print lists load it and its QR and font code.
 */
export * from './wine-list-layout/index';
