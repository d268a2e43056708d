import type { CellarWine } from '../cellar-wines';
import type { Locale } from '../locales';
import type { WineListEntry, WineListLayout } from '../wine-lists';
import type { ComposeInput, WineListDocument } from './types';

/**
 * One chosen wine as the list prints it: names (custom list names where set), origin, sizes and the
 * printed prices in the wine's price format. `printed` is false for 0 bottles or a hidden category.
 */
export function entryOf(
  _wine: CellarWine,
  _context: {
    locale: Locale;
    defaultGlassSize: number;
    /** Category ids that print (visible, under visible parents). */
    visibleCategoryIds: ReadonlySet<string>;
    lowStockThreshold: number;
    /** Origin text in the request's language, from the wine's country and region. */
    origin?: string;
  },
): WineListEntry {
  throw new Error('not implemented');
}

/**
 * Sections in the categories' saved order (category, its own wines, then each subcategory), wines sorted
 * by the list's sorting within each; only entries that print; no empty sections.
 */
export function composeWineList(_input: ComposeInput, _layout: WineListLayout): WineListDocument {
  throw new Error('not implemented');
}
