import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeEntries, sheetLines, summarize, type WineAtMoment } from './stock-count-rules';
import { addTally, baselineTally, entryPart, tallySummary } from './stock-count-tally';
import type { StockCountEntry } from './stock-counts';

const LOCATIONS = ['uncategorized', 'a', 'b', 'c'];
const label = (id: string) => ({ wineDisplayName: id, vintage: null });

const cellar = fc.array(
  fc.record({
    bottles: fc.dictionary(fc.constantFrom(...LOCATIONS), fc.integer({ min: 1, max: 40 })),
    price: fc.option(fc.integer({ min: 0, max: 90_000 }), { nil: undefined }),
  }),
  { minLength: 1, maxLength: 12 },
);

/** Figures entered one after another on pairs of the cellar, tenths among them. */
const figures = fc.array(
  fc.record({
    wine: fc.nat(),
    locationId: fc.constantFrom(...LOCATIONS),
    tenths: fc.integer({ min: 0, max: 500 }),
  }),
  { maxLength: 60 },
);

describe('the running tally of a count', () => {
  it('equals the summary worked out from scratch after any figures, each replacing the one before', () => {
    fc.assert(
      fc.property(cellar, figures, fc.boolean(), (wines, entered, scoped) => {
        const atMoment = new Map<string, WineAtMoment>(
          wines.map((wine, i) => [
            `w${i}`,
            {
              ownWineId: `w${i}`,
              bottles: new Map(Object.entries(wine.bottles)),
              purchasePriceWovat: wine.price,
            },
          ]),
        );
        const scope = scoped ? new Set(['a', 'b']) : null;
        let tally = baselineTally(atMoment, scope);
        const standing = new Map<string, StockCountEntry>();
        entered.forEach((figure, i) => {
          const entry: StockCountEntry = {
            ownWineId: `w${figure.wine % wines.length}`,
            locationId: figure.locationId,
            counted: figure.tenths / 10,
            countedBy: 'u',
            countedByName: 'U',
            countedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
          };
          const key = `${entry.ownWineId}/${entry.locationId}`;
          const old = standing.get(key);
          tally = addTally(tally, entryPart(atMoment, scope, entry));
          if (old) tally = addTally(tally, entryPart(atMoment, scope, old), -1);
          standing.set(key, entry);
        });
        const fromScratch = summarize(
          sheetLines(atMoment, mergeEntries([...standing.values()]), scope, label),
        );
        expect(tallySummary(tally)).toEqual(fromScratch);
      }),
    );
  });
});
