/** The wine styles the home strip offers; their names live in the i18n catalogues under `home.categories`. */
export const CATEGORIES = ['red', 'white', 'rose', 'sparkling', 'orange', 'dessert', 'fortified'] as const;

export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: string | null): value is Category {
  return value !== null && (CATEGORIES as readonly string[]).includes(value);
}
