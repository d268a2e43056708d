import type { ImportLine } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { detailOf } from './import-jobs';
import { countLines } from './import-store';
import { itemOf } from './import-write';

function line(index: number, extra: Partial<ImportLine> = {}): ImportLine {
  return {
    index,
    at: { row: index + 2 },
    raw: `Vin ${index}`,
    parsed: { wineName: `Vin ${index}` },
    issues: [],
    match: { status: 'none', candidates: [] },
    choice: { kind: 'custom' },
    onDuplicate: 'add',
    confirmed: false,
    ...extra,
  };
}

const duplicate = { ownWineId: 'own-1', wineDisplayName: 'Vin', quantity: 2 };

describe('countLines', () => {
  it('counts matches, confirmed, skipped and duplicates; a skipped line is never confirmed', () => {
    const counts = countLines(
      [
        line(0, { match: { status: 'matched', candidates: [] }, confirmed: true }),
        line(1, { match: { status: 'suggested', candidates: [] }, duplicate }),
        line(2, { choice: { kind: 'skip' }, confirmed: true }),
        line(3),
      ],
      1,
    );
    expect(counts).toEqual({
      lines: 4,
      matched: 1,
      suggested: 1,
      unmatched: 2,
      confirmed: 1,
      skipped: 1,
      duplicates: 1,
      imported: 1,
    });
  });
});

describe('detailOf', () => {
  const job = { id: 'j', ownerId: 'o', kind: 'excel', status: 'review' } as never;
  const lines = [
    line(0, { confirmed: true }),
    line(1, { choice: { kind: 'skip' } }),
    line(2, { duplicate }),
    line(3),
  ];

  it('pages the lines a filter chooses and counts them all', () => {
    expect(detailOf(job, lines, { filter: 'toReview' }).lines.rows.map((l) => l.index)).toEqual([2, 3]);
    expect(detailOf(job, lines, { filter: 'toReview', offset: 1, limit: 1 }).lines).toMatchObject({
      count: 2,
      rows: [{ index: 3 }],
    });
    expect(detailOf(job, lines, { filter: 'duplicates' }).lines.count).toBe(1);
    expect(detailOf(job, lines, { lines: false }).lines).toEqual({ rows: [], count: 4 });
  });
});

describe('itemOf', () => {
  const locations = new Map([['kjeller a', 'loc-a']]);

  it('writes a catalogue choice with the line’s own fields and its location by name', () => {
    const built = itemOf(
      line(0, {
        choice: { kind: 'catalog', wineId: '01JWINE0000000000000000000' },
        parsed: {
          wineName: 'Barolo',
          quantity: 3,
          purchasePriceWvat: 19_990,
          location: 'Kjeller A',
          vinmonopoletNumber: '1234567',
        },
      }),
      locations,
    );
    expect(built).toMatchObject({
      item: {
        kind: 'new',
        input: { source: 'KORK', wineId: '01JWINE0000000000000000000', quantity: 3, locationId: 'loc-a' },
        externalIds: [{ kind: 'VinmonopoletID', value: '1234567' }],
      },
    });
  });

  it('keeps a custom line as typed, 0 bottles and 0.75 l when the line does not say, an unknown location in the note', () => {
    const built = itemOf(
      line(0, { parsed: { wineName: 'Egen', location: 'Hytta', note: 'Gave' } }),
      locations,
    );
    expect(built).toMatchObject({
      item: {
        input: {
          source: 'CUSTOM',
          wineName: 'Egen',
          quantity: 0,
          bottleSize: 0.75,
          purchaseNote: 'Gave · Hytta',
        },
      },
    });
  });

  it('adds a duplicate’s bottles to the wine there, and a duplicate of 0 bottles is that wine', () => {
    expect(itemOf(line(0, { duplicate, parsed: { wineName: 'V', quantity: 4 } }), locations)).toEqual({
      item: { kind: 'addTo', ownWineId: 'own-1', quantity: 4, locationId: undefined },
    });
    expect(itemOf(line(0, { duplicate }), locations)).toEqual({ existing: 'own-1' });
  });

  it('records what the cellar refuses instead of writing it', () => {
    const built = itemOf(line(0, { parsed: { wineName: 'V', rating: 20 } }), locations);
    expect(built).toEqual({ error: { code: 'invalidPoints', field: 'rating' } });
  });
});
