import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CellarWine, PriceFormat } from '../cellar-wines';
import {
  PAPER_SIZES,
  WINE_LIST_FONTS,
  WINE_LIST_SORT_FIELDS,
  type WineListLayout,
  WineListLayoutInput,
  type WineListSectionDef,
} from '../wine-lists';
import { composeWineList, entryOf } from './compose';
import { textWidth } from './fonts';
import { layoutWineList } from './layout';
import { cellarWine, layoutWith } from './test-fixtures';
import type { Block, ComposeInput, LaidOutList, TextBlock, WineListDocument } from './types';
import { KERNING_ALLOWANCE } from './wrap';

const SECTIONS: WineListSectionDef[] = [
  { id: 'red', name: 'Rødvin', level: 0 },
  { id: 'italy', name: 'Italia', level: 1, parentId: 'red' },
  { id: 'france', name: 'Frankrike', level: 1, parentId: 'red' },
  { id: 'white', name: 'Hvitvin', level: 0 },
  { id: 'bubbles', name: 'Musserende', level: 0 },
];
const CATEGORY_IDS = ['red', 'italy', 'france', 'white', 'bubbles'];

function build(
  wines: CellarWine[],
  layout: WineListLayout,
  overrides: Partial<ComposeInput> = {},
  visible = CATEGORY_IDS,
): { document: WineListDocument; list: LaidOutList } {
  const entries = wines.map((wine) =>
    entryOf(wine, {
      locale: 'nb',
      defaultGlassSize: 12,
      visibleCategoryIds: new Set(visible),
      lowStockThreshold: layout.lowStockThreshold,
      origin: wine.region ? `${wine.region}, ${wine.country ?? 'Italia'}` : undefined,
    }),
  );
  const document = composeWineList(
    {
      title: 'Vinkart',
      locale: 'nb',
      currency: 'NOK',
      sections: SECTIONS.filter((section) => visible.includes(section.id)),
      entries,
      hasLogo: false,
      ...overrides,
    },
    layout,
  );
  return { document, list: layoutWineList(document, layout) };
}

function manyWines(count: number, extra: (i: number) => Partial<CellarWine> = () => ({})): CellarWine[] {
  return Array.from({ length: count }, (_, i) =>
    cellarWine({
      id: `w${String(i).padStart(4, '0')}`,
      wineName: `Vin nummer ${i}`,
      region: 'Piemonte',
      wineListCategoryId: CATEGORY_IDS[i % CATEGORY_IDS.length],
      pricePerGlass: i % 3 === 0 ? 15_000 + i * 100 : undefined,
      ...extra(i),
    }),
  );
}

const texts = (blocks: Block[]) => blocks.filter((block): block is TextBlock => block.kind === 'text');

/** Every wine's first name line, page by page: the order the wines print in. */
function printedOrder(list: LaidOutList): string[] {
  const order: string[] = [];
  for (const page of list.pages) {
    for (const block of texts(page.blocks)) {
      if (block.role === 'wineName' && block.ownWineId && order.at(-1) !== block.ownWineId)
        order.push(block.ownWineId);
    }
  }
  return order;
}

function blockBox(block: Block): { x0: number; x1: number; y0: number; y1: number } {
  switch (block.kind) {
    case 'text':
      return {
        x0: block.x,
        x1: block.x + block.width,
        y0: block.baseline - block.size,
        y1: block.baseline + block.size * 0.3,
      };
    case 'stars':
      return { x0: block.x, x1: block.x + block.width, y0: block.baseline - block.size, y1: block.baseline };
    case 'rule':
      return { x0: block.x, x1: block.x + block.width, y0: block.y, y1: block.y + block.thickness };
    case 'qr':
      return { x0: block.x, x1: block.x + block.size, y0: block.y, y1: block.y + block.size };
    case 'image':
      return { x0: block.x, x1: block.x + block.width, y0: block.y, y1: block.y + block.height };
  }
}

function expectWithinPages(list: LaidOutList) {
  for (const page of list.pages) {
    for (const block of page.blocks) {
      const box = blockBox(block);
      expect(box.x0).toBeGreaterThanOrEqual(-0.01);
      expect(box.y0).toBeGreaterThanOrEqual(-0.01);
      expect(box.x1).toBeLessThanOrEqual(list.width + 0.01);
      expect(box.y1).toBeLessThanOrEqual(list.height + 0.01);
      if (block.kind === 'text' && block.align === 'left') {
        expect(textWidth(block.text, block.face, block.size)).toBeLessThanOrEqual(
          block.width * KERNING_ALLOWANCE + 0.01,
        );
      }
    }
  }
}

/** Whether a page ends with a heading: its last text line is a heading or a column label. */
function endsWithHeading(blocks: Block[]): boolean {
  const last = texts(blocks)
    .filter((block) => block.role !== 'pageNumber' && block.role !== 'privateNote')
    .sort((a, b) => a.baseline - b.baseline)
    .at(-1);
  return last !== undefined && ['section', 'subsection', 'columnLabel'].includes(last.role);
}

/** A wine's blocks share one page, and no page ends with a heading. */
function expectKeptTogether(list: LaidOutList) {
  const pageOf = new Map<string, number>();
  for (const page of list.pages) {
    expect(endsWithHeading(page.blocks)).toBe(false);
    for (const block of page.blocks) {
      if (!('ownWineId' in block) || !block.ownWineId) continue;
      const seen = pageOf.get(block.ownWineId);
      if (seen !== undefined) expect(seen).toBe(page.number);
      pageOf.set(block.ownWineId, page.number);
    }
  }
}

describe('layoutWineList', () => {
  it('lays the page out in points from the paper size and orientation', () => {
    expect(build([], layoutWith()).list).toMatchObject({
      width: expect.closeTo(595.28, 1),
      height: expect.closeTo(841.89, 1),
    });
    const a5 = build([], layoutWith({ paperSize: 'A5', orientation: 'landscape' })).list;
    expect(a5.width).toBeCloseTo(595.28, 1);
    expect(a5.height).toBeCloseTo(419.53, 1);
    expect(a5.pages).toHaveLength(1);
  });

  it('breaks pages with wines kept whole and no page ending in a heading', () => {
    const { list, document } = build(manyWines(400), layoutWith({ glassColumn: true }));
    expect(list.pages.length).toBeGreaterThan(5);
    expectKeptTogether(list);
    expect(printedOrder(list)).toEqual(document.sections.flatMap((s) => s.wines.map((w) => w.ownWineId)));
    expectWithinPages(list);
    const numbers = list.pages.map((page) => texts(page.blocks).find((b) => b.role === 'pageNumber')?.text);
    expect(numbers[0]).toBe(`Side 1 av ${list.pages.length}`);
    expect(numbers.at(-1)).toBe(`Side ${list.pages.length} av ${list.pages.length}`);
  });

  it('labels the price columns again at the top of every page a section goes on to', () => {
    const { list } = build(manyWines(120), layoutWith({ glassColumn: true }));
    expect(list.pages.length).toBeGreaterThan(2);
    for (const page of list.pages.slice(1)) {
      const lines = texts(page.blocks).filter((b) => b.role !== 'pageNumber' && b.role !== 'privateNote');
      const top = Math.min(...lines.map((b) => b.baseline));
      const first = lines.filter((b) => b.baseline === top).map((b) => b.role);
      // A page starts with a section heading (labels under it) or with the labels themselves.
      expect(first.includes('columnLabel') || first.includes('section') || first.includes('subsection')).toBe(
        true,
      );
    }
  });

  it('prints the glass column only when on', () => {
    const wines = manyWines(10);
    const off = build(wines, layoutWith({ glassColumn: false })).list;
    const offBlocks = off.pages.flatMap((page) => texts(page.blocks));
    expect(offBlocks.filter((b) => b.role === 'glassPrice' || b.role === 'columnLabel')).toEqual([]);
    const on = build(wines, layoutWith({ glassColumn: true })).list;
    const onBlocks = on.pages.flatMap((page) => texts(page.blocks));
    expect(onBlocks.filter((b) => b.role === 'glassPrice').map((b) => b.text)).toContain('kr\u00a0150');
    expect(onBlocks.filter((b) => b.role === 'glassPrice').map((b) => b.text)).toContain('12\u00a0cl');
    expect(onBlocks.filter((b) => b.role === 'columnLabel').map((b) => b.text)).toContain('Flaske');
    const glass = onBlocks.find((b) => b.role === 'glassPrice') as TextBlock;
    const bottle = onBlocks.find((b) => b.role === 'price') as TextBlock;
    expect(glass.x + glass.width).toBeLessThan(bottle.x);
  });

  it('prints each price format: text right-aligned, stars as a stars block, blank as nothing', () => {
    const formats: PriceFormat[] = ['display', 'blank', 'POD', 'PPF', 'stars'];
    const wines = formats.map((priceFormat, i) =>
      cellarWine({ id: `p${i}`, wineName: `Vin ${i}`, priceFormat }),
    );
    const blocks = build(wines, layoutWith()).list.pages.flatMap((page) => page.blocks);
    const priceOf = (id: string) =>
      blocks.filter(
        (b) => (b.kind === 'stars' || (b.kind === 'text' && b.role === 'price')) && b.ownWineId === id,
      );
    expect(priceOf('p0')).toMatchObject([{ text: 'kr\u00a01\u00a0290', align: 'right' }]);
    expect(priceOf('p1')).toEqual([]);
    expect(priceOf('p2')).toMatchObject([{ text: 'Pris på forespørsel' }]);
    expect(priceOf('p3')).toMatchObject([{ text: 'kr\u00a01\u00a0290 / fl.' }]);
    expect(priceOf('p4')).toMatchObject([{ kind: 'stars', count: 3 }]);
  });

  it('leaves out wines with 0 bottles and wines of hidden categories', () => {
    const wines = [
      cellarWine({ id: 'a', wineListCategoryId: 'red' }),
      cellarWine({ id: 'b', quantity: 0, wineListCategoryId: 'red' }),
      cellarWine({ id: 'c', wineListCategoryId: 'white' }),
    ];
    const { list } = build(wines, layoutWith(), {}, ['red']);
    expect(printedOrder(list)).toEqual(['a']);
    const headings = list.pages.flatMap((page) => texts(page.blocks)).filter((b) => b.role === 'section');
    expect(headings.map((b) => b.text)).toEqual(['RØDVIN']);
  });

  it('prints custom list names', () => {
    const wines = [cellarWine({ customListWineName: 'Husets røde', customListProducerName: 'Vår vinmaker' })];
    const lines = build(wines, layoutWith()).list.pages.flatMap((page) => texts(page.blocks));
    expect(lines.find((b) => b.role === 'wineName')?.text).toBe('Husets røde 2019');
    expect(lines.find((b) => b.role === 'details')?.text).toBe('Vår vinmaker');
  });

  it('wraps long names within the name column, clear of the prices', () => {
    const long = 'Riserva Speciale della Famiglia '.repeat(8).trim();
    const wines = [cellarWine({ wineName: long, pricePerGlass: 20_000, priceFormat: 'POD' })];
    for (const paperSize of ['A4', 'A5'] as const) {
      const { list } = build(wines, layoutWith({ paperSize, glassColumn: true }));
      const blocks = list.pages.flatMap((page) => texts(page.blocks));
      const names = blocks.filter((b) => b.role === 'wineName');
      expect(names.length).toBeGreaterThan(1);
      const priceLeft = Math.min(
        ...blocks.filter((b) => b.role === 'price' || b.role === 'glassPrice').map((b) => b.x),
      );
      for (const name of names) {
        expect(name.x + name.width).toBeLessThan(priceLeft);
        expect(textWidth(name.text, name.face, name.size)).toBeLessThanOrEqual(name.width);
      }
      expectWithinPages(list);
    }
  });

  it('prints the header, QR code, footnote and staff note', () => {
    const layout = layoutWith({
      qrCode: true,
      header: { logo: true, name: true, text: 'Høsten 2026' },
      footnote: 'Alle priser inkluderer mva.\nSpør oss om årganger.',
      privateNote: 'Lager B',
    });
    const { list } = build(manyWines(3), layout, {
      publicUrl: 'https://kork.example/l/1',
      hasLogo: true,
      logoAspect: 2,
      staff: true,
    });
    const blocks = list.pages.flatMap((page) => page.blocks);
    expect(blocks.filter((b) => b.kind === 'image')).toHaveLength(1);
    expect(blocks.filter((b) => b.kind === 'qr')).toMatchObject([{ url: 'https://kork.example/l/1' }]);
    const lines = texts(blocks);
    expect(lines.find((b) => b.role === 'title')).toMatchObject({ text: 'Vinkart', align: 'center' });
    expect(lines.find((b) => b.role === 'headerText')?.text).toBe('Høsten 2026');
    expect(lines.filter((b) => b.role === 'footnote').map((b) => b.text)).toEqual([
      'Alle priser inkluderer mva.',
      'Spør oss om årganger.',
    ]);
    expect(lines.filter((b) => b.role === 'privateNote')).toHaveLength(list.pages.length);
    expectWithinPages(list);
    const noHeader = build(manyWines(3), layoutWith({ header: { logo: false, name: false } }), {
      hasLogo: true,
    }).list;
    const plain = texts(noHeader.pages.flatMap((page) => page.blocks));
    expect(plain.filter((b) => b.role === 'title')).toEqual([]);
    expect(
      noHeader.pages.flatMap((p) => p.blocks).filter((b) => b.kind === 'image' || b.kind === 'qr'),
    ).toEqual([]);
  });

  it('prints every printed wine exactly once, in section order, and nothing else (random lists and layouts)', () => {
    const wineArb = fc.record({
      name: fc.string({ minLength: 1, maxLength: 60 }),
      category: fc.option(fc.constantFrom(...CATEGORY_IDS, 'hidden'), { nil: undefined }),
      quantity: fc.integer({ min: 0, max: 12 }),
      price: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: undefined }),
      glass: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: undefined }),
      format: fc.constantFrom<PriceFormat>('display', 'blank', 'POD', 'PPF', 'stars'),
      vintage: fc.option(fc.integer({ min: 1900, max: 2030 }), { nil: null }),
    });
    const layoutArb = fc
      .record({
        paperSize: fc.constantFrom(...PAPER_SIZES),
        orientation: fc.constantFrom('portrait' as const, 'landscape' as const),
        width: fc.integer({ min: 80, max: 1000 }),
        height: fc.integer({ min: 80, max: 1000 }),
        margins: fc.record({
          top: fc.integer({ min: 0, max: 60 }),
          right: fc.integer({ min: 0, max: 60 }),
          bottom: fc.integer({ min: 0, max: 60 }),
          left: fc.integer({ min: 0, max: 60 }),
        }),
        font: fc.constantFrom(...WINE_LIST_FONTS),
        header: fc.record({ logo: fc.boolean(), name: fc.boolean() }),
        pageNumbers: fc.boolean(),
        glassColumn: fc.boolean(),
        qrCode: fc.boolean(),
        sorting: fc.record({
          by: fc.constantFrom(...WINE_LIST_SORT_FIELDS),
          direction: fc.constantFrom('asc' as const, 'desc' as const),
        }),
        lowStockThreshold: fc.integer({ min: 0, max: 10 }),
        footnote: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
      })
      .filter((layout) => WineListLayoutInput.safeParse(layout).success);
    fc.assert(
      fc.property(fc.array(wineArb, { maxLength: 300, size: 'max' }), layoutArb, (specs, layout) => {
        const wines = specs.map((spec, i) =>
          cellarWine({
            id: `w${i}`,
            wineName: spec.name,
            wineListCategoryId: spec.category,
            quantity: spec.quantity,
            sellingPrice: spec.price,
            pricePerGlass: spec.glass,
            priceFormat: spec.format,
            vintage: spec.vintage,
          }),
        );
        const { list, document } = build(wines, layout as WineListLayout, {
          hasLogo: true,
          publicUrl: 'https://kork.example/l/1',
        });
        const expected = new Set(
          specs.flatMap((spec, i) =>
            spec.quantity > 0 && (spec.category === undefined || spec.category !== 'hidden') ? [`w${i}`] : [],
          ),
        );
        const order = printedOrder(list);
        expect(new Set(order).size).toBe(order.length);
        expect(new Set(order)).toEqual(expected);
        expect(order).toEqual(document.sections.flatMap((s) => s.wines.map((w) => w.ownWineId)));
        // Section order: the sections' headings appear in the document's order.
        const sectionRank = new Map(document.sections.map((s, i) => [s.id, i]));
        const rankOf = new Map(
          document.sections.flatMap((s) => s.wines.map((w) => [w.ownWineId, sectionRank.get(s.id) ?? 0])),
        );
        const ranks = order.map((id) => rankOf.get(id) ?? -1);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        expectWithinPages(list);
        expectKeptTogether(list);
      }),
      { numRuns: 50 },
    );
  }, 30_000);
});
