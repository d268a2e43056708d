import { type Category, isCategory } from './categories';

/**
 * The strip's side of the feed's `category` filter (wine-filters.ts owns the rest of the URL), kept
 * apart so the hero, which paints with the app's first code, does not carry the feed's filter code.
 */

/** The style the strip shows as chosen: the category filter when it holds exactly one style. */
export function selectedCategory(params: URLSearchParams): Category | undefined {
  const chosen = new Set(
    (params.get('category') ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
  const [only] = chosen;
  return chosen.size === 1 && only !== undefined && isCategory(only) ? only : undefined;
}

/** A style's link: that style alone, the other filters kept; the chosen style again drops the filter. */
export function categoryHref(params: URLSearchParams, category: Category, selected: Category | undefined) {
  const next = new URLSearchParams(params);
  if (category === selected) next.delete('category');
  else next.set('category', category);
  const query = next.toString();
  return query ? `/feed?${query}` : '/feed';
}
