import {
  type CellarWine,
  DEFAULT_WINE_LIST_LAYOUT,
  type WineListCategory,
  type WineListEntry,
  WineListLayoutInput,
} from '@kork/shared';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { changesSince } from './wine-list-reads';
import {
  categoryViewOf,
  normalLayout,
  packRecord,
  priceText,
  printsNow,
  unpackRecord,
} from './wine-list-store';

const category = (
  id: string,
  parentId: string | null,
  order: number,
  isVisible = true,
): WineListCategory => ({
  id,
  name: id.toUpperCase(),
  parentId,
  order,
  isVisible,
});

describe('categoryViewOf', () => {
  const view = categoryViewOf([
    category('white', null, 1),
    category('red', null, 0),
    category('bdx', 'red', 1),
    category('rhone', 'red', 0),
    category('hidden', null, 2, false),
    category('under-hidden', 'hidden', 0),
    category('deep', 'bdx', 0),
  ]);

  it('gives visible categories in saved order, each top-level one followed by its subcategories', () => {
    expect(view.sections.map((s) => [s.id, s.level, s.parentId])).toEqual([
      ['red', 0, undefined],
      ['rhone', 1, 'red'],
      ['bdx', 1, 'red'],
      ['white', 0, undefined],
    ]);
  });

  it('prints a category only when it and every ancestor are visible', () => {
    expect([...view.visible].sort()).toEqual(['bdx', 'deep', 'red', 'rhone', 'white']);
    expect(view.visible.has('under-hidden')).toBe(false);
  });

  it('adds every category below the ones named', () => {
    expect([...view.withDescendants(['red'])].sort()).toEqual(['bdx', 'deep', 'red', 'rhone']);
  });
});

describe('printsNow', () => {
  const wine = (quantity: number, wineListCategoryId?: string) =>
    ({ quantity, wineListCategoryId }) as CellarWine;
  it('needs bottles, and no category or a visible one', () => {
    const visible = new Set(['red']);
    expect(printsNow(wine(1), visible)).toBe(true);
    expect(printsNow(wine(1, 'red'), visible)).toBe(true);
    expect(printsNow(wine(0, 'red'), visible)).toBe(false);
    expect(printsNow(wine(3, 'hidden'), visible)).toBe(false);
  });
});

describe('normalLayout', () => {
  const parse = (value: unknown) => z.parse(WineListLayoutInput, value);

  it('stores the paper’s own size for named papers and keeps custom sides', () => {
    const a5 = normalLayout(parse({ ...DEFAULT_WINE_LIST_LAYOUT, paperSize: 'A5', width: 300, height: 400 }));
    expect(a5).toMatchObject({ width: 148, height: 210 });
    const custom = normalLayout(
      parse({ ...DEFAULT_WINE_LIST_LAYOUT, paperSize: 'custom', width: 120, height: 300 }),
    );
    expect(custom).toMatchObject({ width: 120, height: 300 });
  });

  it('leaves out empty optional texts', () => {
    const layout = normalLayout(
      parse({
        ...DEFAULT_WINE_LIST_LAYOUT,
        header: { logo: true, name: true, text: null },
        footnote: '',
        privateNote: null,
      }),
    );
    expect(layout).toEqual(DEFAULT_WINE_LIST_LAYOUT);
  });
});

describe('print records', () => {
  it('round-trips through its packed form', () => {
    const record = { a: { price: priceText({ kind: 'text', text: 'kr 650' }), name: 'Rød Én' } };
    expect(unpackRecord(packRecord(record))).toEqual(record);
    expect(unpackRecord(undefined)).toBeUndefined();
  });

  it('tells prices apart by bottle and glass', () => {
    expect(priceText({ kind: 'text', text: 'kr 650' })).not.toBe(
      priceText({ kind: 'text', text: 'kr 650' }, { kind: 'text', text: 'kr 150' }),
    );
    expect(priceText({ kind: 'stars', stars: 3 })).toBe('*3|');
    expect(priceText({ kind: 'none' })).toBe('|');
  });

  it('reads one price alike in either language, so a download in one and a look in the other is no change', () => {
    expect(priceText({ kind: 'text', text: 'kr\u00a01\u00a0290' })).toBe(
      priceText({ kind: 'text', text: 'NOK 1,290' }),
    );
    expect(priceText({ kind: 'text', text: 'Pris på forespørsel' })).toBe(
      priceText({ kind: 'text', text: 'Price on request' }),
    );
    expect(priceText({ kind: 'text', text: 'kr 129,50' })).not.toBe(
      priceText({ kind: 'text', text: 'kr 129' }),
    );
  });

  const entry = (ownWineId: string, text: string, printed = true) =>
    ({ ownWineId, name: ownWineId, printed, printedBottlePrice: { kind: 'text', text } }) as WineListEntry;

  it('marks added and repriced wines and lists the ones gone', () => {
    const before = {
      same: { price: priceText({ kind: 'text', text: 'kr 1' }), name: 'same' },
      repriced: { price: priceText({ kind: 'text', text: 'kr 2' }), name: 'repriced' },
      soldOut: { price: '|', name: 'Sold out' },
      removed: { price: '|', name: 'Removed' },
    };
    const { entries, gone } = changesSince(
      [
        entry('same', 'kr 1'),
        entry('repriced', 'kr 3'),
        entry('new', 'kr 4'),
        entry('soldOut', 'kr 5', false),
      ],
      before,
    );
    expect(entries.map((e) => e.change)).toEqual([undefined, 'repriced', 'added', undefined]);
    expect(gone).toEqual([
      { ownWineId: 'soldOut', name: 'Sold out' },
      { ownWineId: 'removed', name: 'Removed' },
    ]);
  });

  it('marks nothing before the first print', () => {
    const { entries, gone } = changesSince([entry('a', 'kr 1')], undefined);
    expect(entries[0]?.change).toBeUndefined();
    expect(gone).toEqual([]);
  });
});
