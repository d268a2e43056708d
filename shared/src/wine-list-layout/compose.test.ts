import { describe, expect, it } from 'vitest';
import type { WineListEntry, WineListSectionDef, WineListSortField } from '../wine-lists';
import { composeWineList, formatBottleSize } from './compose';
import { entry, layoutWith } from './test-fixtures';
import type { ComposeInput } from './types';

const NBSP = '\u00a0';

function input(
  entries: WineListEntry[],
  sections: WineListSectionDef[] = [],
  overrides: Partial<ComposeInput> = {},
) {
  return {
    title: 'Vinkart',
    locale: 'nb',
    currency: 'NOK',
    sections,
    entries,
    hasLogo: false,
    ...overrides,
  } as const;
}

describe('entryOf', () => {
  it('uses the custom list names where set', () => {
    const custom = entry({ customListWineName: 'Cannubi', customListProducerName: 'Vietti (Castiglione)' });
    expect(custom.name).toBe('Cannubi');
    expect(custom.producer).toBe('Vietti (Castiglione)');
    const plain = entry({ customListWineName: '  ' });
    expect(plain.name).toBe('Barolo Cannubi');
    expect(plain.producer).toBe('Vietti');
  });

  it('prints only with bottles and in a visible category, low stock at or under the threshold', () => {
    expect(entry({ quantity: 0 }).printed).toBe(false);
    expect(entry({ quantity: 0 }).lowStock).toBe(false);
    expect(entry({ quantity: 1 }).printed).toBe(true);
    expect(entry({ quantity: 2 }).lowStock).toBe(true);
    expect(entry({ quantity: 3 }).lowStock).toBe(false);
    expect(entry({ wineListCategoryId: 'hidden' }, ['red']).printed).toBe(false);
    expect(entry({ wineListCategoryId: 'red' }, ['red']).printed).toBe(true);
  });

  it('prints the bottle size only when asked, and the glass size with a glass price', () => {
    expect(entry().bottleSize).toBeUndefined();
    expect(entry({ showBottleSizeInList: true }).bottleSize).toBe(`75${NBSP}cl`);
    expect(formatBottleSize(0.375, 'nb')).toBe(`37,5${NBSP}cl`);
    expect(formatBottleSize(0.375, 'en')).toBe(`37.5${NBSP}cl`);
    expect(formatBottleSize(1.5, 'nb')).toBe(`1,5${NBSP}l`);
    expect(formatBottleSize(1.5, 'en')).toBe(`1.5${NBSP}l`);
    expect(formatBottleSize(3, 'nb')).toBe(`3${NBSP}l`);
    expect(entry().glassSize).toBeUndefined();
    expect(entry().printedGlassPrice).toBeUndefined();
    const glass = entry({ pricePerGlass: 18_500 });
    expect(glass.glassSize).toBe(`12${NBSP}cl`);
    expect(glass.printedGlassPrice).toEqual({ kind: 'text', text: `kr${NBSP}185` });
    expect(entry({ pricePerGlass: 18_500, glassSize: 15 }).glassSize).toBe(`15${NBSP}cl`);
  });

  it('prints the price in the wine’s format', () => {
    expect(entry({ priceFormat: 'POD' }).printedBottlePrice).toEqual({
      kind: 'text',
      text: 'Pris på forespørsel',
    });
    expect(entry({ priceFormat: 'stars' }).printedBottlePrice).toEqual({ kind: 'stars', stars: 3 });
    expect(entry({ sellingPrice: undefined }).printedBottlePrice).toEqual({ kind: 'none' });
  });
});

describe('composeWineList', () => {
  const sections: WineListSectionDef[] = [
    { id: 'red', name: 'Rødvin', level: 0 },
    { id: 'italy', name: 'Italia', level: 1, parentId: 'red' },
    { id: 'france', name: 'Frankrike', level: 1, parentId: 'red' },
    { id: 'white', name: 'Hvitvin', level: 0 },
    { id: 'bubbles', name: 'Musserende', level: 0 },
  ];
  const visible = sections.map((s) => s.id);

  it('orders sections as saved: a category’s own wines, then its subcategories; empty ones left out', () => {
    const entries = [
      entry({ id: 'a', wineName: 'Chablis', wineListCategoryId: 'white' }, visible),
      entry({ id: 'b', wineName: 'Barolo', wineListCategoryId: 'italy' }, visible),
      entry({ id: 'c', wineName: 'Rioja', wineListCategoryId: 'red' }, visible),
      entry({ id: 'd', wineName: 'Margaux', wineListCategoryId: 'france', quantity: 0 }, visible),
      entry({ id: 'e', wineName: 'Hemmelig', wineListCategoryId: 'hidden' }, visible),
      entry({ id: 'f', wineName: 'Husets', wineListCategoryId: undefined }, visible),
    ];
    const document = composeWineList(input(entries, sections), layoutWith());
    expect(document.sections.map((s) => [s.name, s.level, s.wines.map((w) => w.ownWineId)])).toEqual([
      ['Rødvin', 0, ['c']],
      ['Italia', 1, ['b']],
      ['Hvitvin', 0, ['a']],
      ['Andre viner', 0, ['f']],
    ]);
  });

  it('keeps a parent without wines of its own when a subcategory has some', () => {
    const entries = [entry({ id: 'b', wineListCategoryId: 'france' }, visible)];
    const document = composeWineList(input(entries, sections), layoutWith());
    expect(document.sections.map((s) => [s.id, s.wines.length])).toEqual([
      ['red', 0],
      ['france', 1],
    ]);
  });

  it('leaves the section of wines of no category unnamed when it is the only one', () => {
    const document = composeWineList(input([entry({ id: 'x' })], sections), layoutWith());
    expect(document.sections).toHaveLength(1);
    expect(document.sections[0]?.name).toBe('');
    const english = composeWineList(
      input([entry({ id: 'x' }), entry({ id: 'y', wineListCategoryId: 'white' }, visible)], sections, {
        locale: 'en',
      }),
      layoutWith(),
    );
    expect(english.sections.map((s) => s.name)).toEqual(['Hvitvin', 'Other wines']);
    expect(english.labels).toEqual({
      bottle: 'Bottle',
      glass: 'Glass',
      page: 'Page {page} of {pages}',
      qrCaption: 'Scan to read this list on your phone',
    });
  });

  it('does not repeat a producer the name already carries', () => {
    const krug = entry({ id: 'k', wineName: 'Krug Grande Cuvée', producerName: 'Krug' });
    const vietti = entry({ id: 'v' });
    const [section] = composeWineList(input([krug, vietti]), layoutWith()).sections;
    expect(section?.wines.map((w) => w.producer)).toEqual(['Vietti', undefined]);
  });

  it('prints the private note on the staff copy only and the QR code only with an address', () => {
    const layout = layoutWith({ privateNote: 'Lager B', qrCode: true });
    expect(composeWineList(input([]), layout).privateNote).toBeUndefined();
    expect(composeWineList(input([], [], { staff: true }), layout).privateNote).toBe('Lager B');
    expect(composeWineList(input([]), layout).qrUrl).toBeUndefined();
    expect(composeWineList(input([], [], { publicUrl: 'https://x.example/l' }), layout).qrUrl).toBe(
      'https://x.example/l',
    );
    expect(
      composeWineList(input([], [], { publicUrl: 'https://x.example/l' }), layoutWith({ qrCode: false }))
        .qrUrl,
    ).toBeUndefined();
  });

  describe('sorting', () => {
    const wines = [
      entry(
        { id: '1', wineName: 'Æblevin', producerName: 'Zeta', vintage: 2015, sellingPrice: 50_000 },
        [],
        'Rioja, Spania',
      ),
      entry(
        { id: '2', wineName: 'Barolo', producerName: 'Øster', vintage: null, sellingPrice: 90_000 },
        [],
        'Piemonte, Italia',
      ),
      entry({ id: '3', wineName: 'Åsgard', producerName: 'Alfa', vintage: 2020, sellingPrice: undefined }),
      entry(
        { id: '4', wineName: 'Chablis', producerName: undefined, vintage: 2018, sellingPrice: 70_000 },
        [],
        'Bourgogne, Frankrike',
      ),
    ];
    const order = (by: WineListSortField, direction: 'asc' | 'desc') =>
      composeWineList(input(wines), layoutWith({ sorting: { by, direction } })).sections[0]?.wines.map(
        (w) => w.ownWineId,
      );

    it('sorts by each field both ways, Norwegian letters last, missing values last', () => {
      expect(order('name', 'asc')).toEqual(['2', '4', '1', '3']);
      expect(order('name', 'desc')).toEqual(['3', '1', '4', '2']);
      expect(order('producer', 'asc')).toEqual(['3', '1', '2', '4']);
      expect(order('producer', 'desc')).toEqual(['2', '1', '3', '4']);
      expect(order('vintage', 'asc')).toEqual(['1', '4', '3', '2']);
      expect(order('vintage', 'desc')).toEqual(['3', '4', '1', '2']);
      expect(order('region', 'asc')).toEqual(['4', '2', '1', '3']);
      expect(order('region', 'desc')).toEqual(['1', '2', '4', '3']);
      expect(order('price', 'asc')).toEqual(['1', '4', '2', '3']);
      expect(order('price', 'desc')).toEqual(['2', '4', '1', '3']);
    });

    it('breaks ties by name, then id', () => {
      const twins = [
        entry({ id: 'b', wineName: 'Same', vintage: 2000 }),
        entry({ id: 'a', wineName: 'Same', vintage: 2000 }),
        entry({ id: 'c', wineName: 'Other', vintage: 2000 }),
      ];
      const document = composeWineList(
        input(twins),
        layoutWith({ sorting: { by: 'vintage', direction: 'desc' } }),
      );
      expect(document.sections[0]?.wines.map((w) => w.ownWineId)).toEqual(['c', 'a', 'b']);
    });
  });
});
