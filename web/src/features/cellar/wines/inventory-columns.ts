import {
  CELLAR_SORT_COLUMNS,
  type CellarSortColumn,
  INVENTORY_COLUMNS,
  type InventoryColumn,
} from '@kork/shared';
import { useCallback, useState } from 'react';

/** The column every row needs to be recognised (and opened): it cannot be hidden. */
export const FIXED_COLUMN: InventoryColumn = 'wineDisplayName';

/**
 * What a first visit shows: what a cellar owner checks most often. Together they fit the table's space
 * on a 1440 px screen (beside the cellar menu and the locations) without scrolling sideways, with room
 * for long prices in either language; the column chooser offers the rest (rating, market value, …).
 */
export const DEFAULT_COLUMNS: readonly InventoryColumn[] = [
  'wineDisplayName',
  'quantity',
  'purchasePriceWovat',
  'sellingPrice',
  'surcharge',
  'drinkingWindow',
];

export const MONEY_COLUMNS = new Set<InventoryColumn>([
  'purchasePriceWovat',
  'purchasePriceWvat',
  'sellingPrice',
  'marketValue',
  'cost',
]);

const NUMERIC_COLUMNS = new Set<InventoryColumn>([...MONEY_COLUMNS, 'quantity', 'surcharge', 'rating']);

/** The least width (px) each column needs before its text gets cramped; money never wraps. */
const MIN_WIDTHS: Record<InventoryColumn, number> = {
  wineDisplayName: 200,
  quantity: 72,
  purchaseNote: 180,
  purchasePriceWovat: 104,
  purchasePriceWvat: 104,
  sellingPrice: 104,
  marketValue: 104,
  surcharge: 80,
  drinkingWindow: 100,
  newCategorisation: 140,
  grapes: 180,
  rating: 64,
  cost: 112,
};

/** The checkbox column. */
export const CHECK_COLUMN_WIDTH = 44;

/** The width below which the table scrolls sideways rather than squeezing its columns. */
export function tableMinWidth(columns: readonly InventoryColumn[]): number {
  return columns.reduce((sum, column) => sum + MIN_WIDTHS[column], CHECK_COLUMN_WIDTH);
}

export function isNumericColumn(column: InventoryColumn): boolean {
  return NUMERIC_COLUMNS.has(column);
}

export function isSortable(column: InventoryColumn): column is InventoryColumn & CellarSortColumn {
  return (CELLAR_SORT_COLUMNS as readonly string[]).includes(column);
}

const STORAGE_KEY = 'kork.cellar.wines.columns';

function readStored(): InventoryColumn[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (!Array.isArray(stored)) return [...DEFAULT_COLUMNS];
    // Columns a later release renamed or dropped are ignored rather than breaking the table.
    const known = stored.filter((column): column is InventoryColumn =>
      (INVENTORY_COLUMNS as readonly string[]).includes(column),
    );
    return known.includes(FIXED_COLUMN) ? known : [FIXED_COLUMN, ...known];
  } catch {
    return [...DEFAULT_COLUMNS];
  }
}

/**
 * The columns the person chose, kept in localStorage so the choice survives visits on this device.
 * Always in `INVENTORY_COLUMNS` order, whatever order they were ticked in.
 */
export function useColumnChoice(): [InventoryColumn[], (column: InventoryColumn, shown: boolean) => void] {
  const [chosen, setChosen] = useState<InventoryColumn[]>(readStored);

  const toggle = useCallback((column: InventoryColumn, shown: boolean) => {
    if (column === FIXED_COLUMN) return;
    setChosen((current) => {
      const set = new Set(current);
      if (shown) set.add(column);
      else set.delete(column);
      const next = INVENTORY_COLUMNS.filter((c) => set.has(c));
      try {
        window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Private mode or a full storage: the choice lasts for this visit only.
      }
      return next;
    });
  }, []);

  return [INVENTORY_COLUMNS.filter((column) => chosen.includes(column)), toggle];
}
