/**
 * Prices entered without duties (docs/duties.md): an importer may give its net prices, and Kork adds
 * each wine's excise, packaging taxes and deposit at today's rates before storing, since a HORECA price
 * is kept with duties. A row whose duties cannot be computed (its wine's alcohol unknown, or no rate for
 * today) is refused by itself rather than stored without them.
 */
import {
  type DutyMissing,
  MAIN_CATEGORIES,
  type MainCategory,
  type PriceListDutiesAdded,
  withDuties,
} from '@kork/shared';
import { getWines } from '../../catalog/wine-lookup';
import { bottleDutiesFor, dutiesToday } from '../../duties/duties-service';

interface PricedRow {
  wineId: string;
  horecaPriceMinor?: number;
}

export interface RowsWithDuties<T> {
  /** The rows that can be stored, prices with duties added, in their order. */
  rows: T[];
  /** Rows refused, by their index in the rows given, and why. */
  refused: Map<number, DutyMissing>;
  added: PriceListDutiesAdded;
}

const isMainCategory = (value: string | undefined): value is MainCategory =>
  (MAIN_CATEGORIES as readonly string[]).includes(value ?? '');

/** The rows with each price's duties added (one catalogue read and one duties call for all of them). */
export async function addDutiesToPrices<T extends PricedRow>(
  rows: readonly T[],
  date: string = dutiesToday(),
): Promise<RowsWithDuties<T>> {
  const priced = rows.flatMap((row, index) => (row.horecaPriceMinor === undefined ? [] : [{ row, index }]));
  const wines = await getWines([...new Set(priced.map(({ row }) => row.wineId))]);
  const results = await bottleDutiesFor(
    priced.map(({ row }) => {
      const wine = wines.get(row.wineId);
      return {
        bottleSize: wine?.bottleSize ?? 0.75,
        category: isMainCategory(wine?.mainCategoryId) ? wine.mainCategoryId : 'red',
        wineId: row.wineId,
      };
    }),
    date,
  );
  const refused = new Map<number, DutyMissing>();
  const converted = new Map<number, T>();
  let ratesAsOf: string | null = null;
  let stale = false;
  priced.forEach(({ row, index }, i) => {
    const result = results[i];
    if (!result?.ok || !wines.has(row.wineId)) {
      refused.set(index, result && !result.ok ? result.missing : 'alcohol');
      return;
    }
    const { duties } = result;
    if (duties.ratesAsOf && (ratesAsOf === null || duties.ratesAsOf > ratesAsOf))
      ratesAsOf = duties.ratesAsOf;
    stale ||= duties.stale;
    converted.set(index, { ...row, horecaPriceMinor: withDuties(row.horecaPriceMinor as number, duties) });
  });
  return {
    rows: rows.flatMap((row, index) => (refused.has(index) ? [] : [converted.get(index) ?? row])),
    refused,
    added: { rows: converted.size, ratesAsOf, stale },
  };
}

/** The message a refused row shows. */
export const refusalMessage = (missing: DutyMissing) =>
  missing === 'alcohol' ? 'priceWithoutDutiesNeedsAlcohol' : 'priceWithoutDutiesNeedsRates';
