/**
 * A count's summary kept as a running tally (docs/stock-counts.md, "The summary in the count list"):
 * `summarize(sheetLines(...))` is a sum over the sheet's lines, so it is the sheet without entries (the
 * baseline) plus what each entry adds to it. An entry's part depends only on its pair and its figure, so
 * a batch that replaces known entries changes the tally by exactly the new parts less the old ones, which
 * the write adds in the same transaction as the entries. Bottles are kept in whole tenths, so the sums
 * are exact.
 */
import { countDifference, fromTenths, tenthsOf } from './count-tenths';
import { inCountScope, type WineAtMoment } from './stock-count-rules';
import type { StockCountSummary } from './stock-counts';

/** A summary in whole numbers: bottles as tenths. */
export interface StockCountTally {
  lines: number;
  counted: number;
  uncounted: number;
  extra: number;
  expectedTenths: number;
  countedTenths: number;
  differenceTenths: number;
  differenceValue: number;
}

export const TALLY_FIELDS = [
  'lines',
  'counted',
  'uncounted',
  'extra',
  'expectedTenths',
  'countedTenths',
  'differenceTenths',
  'differenceValue',
] as const satisfies readonly (keyof StockCountTally)[];

export function emptyTally(): StockCountTally {
  return {
    lines: 0,
    counted: 0,
    uncounted: 0,
    extra: 0,
    expectedTenths: 0,
    countedTenths: 0,
    differenceTenths: 0,
    differenceValue: 0,
  };
}

/** The sheet with no figure entered: a line per wine and location in scope with bottles at the moment. */
export function baselineTally(
  atMoment: ReadonlyMap<string, WineAtMoment>,
  scope: ReadonlySet<string> | null,
): StockCountTally {
  const tally = emptyTally();
  for (const wine of atMoment.values()) {
    for (const [locationId, expected] of wine.bottles) {
      if (!inCountScope(scope, locationId)) continue;
      tally.lines += 1;
      tally.uncounted += 1;
      tally.expectedTenths += tenthsOf(expected);
    }
  }
  return tally;
}

/**
 * What one figure for a pair adds to the baseline: its expected line counted, or an extra line (a pair
 * with no bottles at the moment, or outside the scope's expected lines), as `sheetLines` makes it.
 */
export function entryPart(
  atMoment: ReadonlyMap<string, WineAtMoment>,
  scope: ReadonlySet<string> | null,
  entry: { ownWineId: string; locationId: string; counted: number },
): StockCountTally {
  const wine = atMoment.get(entry.ownWineId);
  const expected = inCountScope(scope, entry.locationId) ? wine?.bottles.get(entry.locationId) : undefined;
  const part = emptyTally();
  const difference = countDifference(entry.counted, expected ?? 0);
  part.counted = 1;
  part.countedTenths = tenthsOf(entry.counted);
  part.differenceTenths = tenthsOf(difference);
  const unitCost = wine?.purchasePriceWovat;
  if (unitCost !== undefined) part.differenceValue = Math.round(difference * unitCost);
  if (expected === undefined) {
    part.lines = 1;
    part.extra = 1;
  } else {
    part.uncounted = -1;
  }
  return part;
}

/** a + sign × b, field by field. */
export function addTally(a: StockCountTally, b: StockCountTally, sign: 1 | -1 = 1): StockCountTally {
  const sum = emptyTally();
  for (const field of TALLY_FIELDS) sum[field] = a[field] + sign * b[field];
  return sum;
}

/** The summary a tally stands for. */
export function tallySummary(tally: StockCountTally): StockCountSummary {
  return {
    lines: tally.lines,
    counted: tally.counted,
    uncounted: tally.uncounted,
    extra: tally.extra,
    expectedBottles: fromTenths(tally.expectedTenths),
    countedBottles: fromTenths(tally.countedTenths),
    difference: fromTenths(tally.differenceTenths),
    differenceValue: tally.differenceValue,
  };
}
