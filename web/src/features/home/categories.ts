/** The wine styles the home strip offers; their names live in the i18n catalogues under `home.categories`. */
export const CATEGORIES = ['red', 'white', 'rose', 'sparkling', 'orange', 'dessert', 'fortified'] as const;

export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: string | null): value is Category {
  return value !== null && (CATEGORIES as readonly string[]).includes(value);
}

/** A main category's wine count, as the feed's answer gives it (its `categories` facet). */
export interface CategoryCount {
  id: string;
  count: number;
}

/**
 * The styles the strip shows, in strip order: those with at least one wine under the feed's other
 * filters (the answer's `categories` facet leaves the category filter itself out, so each count is what
 * choosing that style would list), and the chosen style always, so it can be chosen off again.
 * `null` counts (the wines could not be loaded) show every style.
 */
export function stripCategories(
  counts: readonly CategoryCount[] | null,
  selected: Category | undefined,
): Category[] {
  if (counts === null) return [...CATEGORIES];
  const withWines = new Set(counts.filter((value) => value.count > 0).map((value) => value.id));
  return CATEGORIES.filter((category) => category === selected || withWines.has(category));
}
