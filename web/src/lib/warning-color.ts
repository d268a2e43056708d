/**
 * Warning text on the page's warm background (#faf6f1): Mantine's darkest orange (orange.9) reaches only
 * 4:1 there, under WCAG AA for small text; this one reaches AA.
 */
export const WARNING_TEXT_COLOR = '#9c3a0a';
