import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractWinesByRules } from './rule-extractor';
import {
  ENGLISH_OFFER,
  MENU,
  NORWEGIAN_EMAIL,
  OCR_RECEIPT,
  ORDER_CONFIRMATION,
  WEB_SHOP,
} from './rule-extractor.fixtures';

/** What is read must be what the text says: names and producers are the text's own words. */
function expectNothingInvented(text: string) {
  const { lines } = extractWinesByRules(text);
  for (const { raw, parsed } of lines) {
    expect(text.replace(/\s+/g, ' ')).toContain(raw.split(' · ')[0]?.replace(/\s+/g, ' '));
    const said = new Set(raw.split(/[\s,]+/));
    for (const word of `${parsed.producer ?? ''} ${parsed.wineName}`.split(/[\s,]+/).filter(Boolean))
      expect(said, word).toContain(word);
  }
}

describe('extractWinesByRules', () => {
  it('reads an importer’s e-mail in Norwegian, passing over greeting, totals and signature', () => {
    const { lines, unread } = extractWinesByRules(NORWEGIAN_EMAIL);
    expect(lines.map((line) => line.parsed)).toEqual([
      {
        producer: 'Domaine Tissot',
        wineName: 'Arbois Chardonnay',
        vintage: 2020,
        bottleSize: 0.75,
        quantity: 6,
        purchasePriceWvat: 28990,
      },
      {
        producer: 'Tenuta Montanello',
        wineName: 'Barolo Riserva',
        vintage: 2016,
        quantity: 12,
        purchasePriceWvat: 45900,
        vinmonopoletNumber: '1234567',
      },
      { wineName: 'Champagne Brut', vintage: null, bottleSize: 1.5, quantity: 2, purchasePriceWvat: 129900 },
      // The name on one line, its details on the next.
      { wineName: 'Chablis Premier Cru Vaillons', bottleSize: 0.75, quantity: 6, purchasePriceWvat: 34990 },
    ]);
    expect(lines[3]?.raw).toBe('4. Chablis Premier Cru Vaillons · 6 x 75 cl  kr 349,90');
    expect(unread).toEqual([]);
    expectNothingInvented(NORWEGIAN_EMAIL);
  });

  it('reads a wine list: headings give the category, the bottle’s price is the selling price', () => {
    const { lines, unread } = extractWinesByRules(MENU);
    expect(lines.map((line) => line.parsed)).toEqual([
      {
        producer: 'Domaine Dupont',
        wineName: 'Crémant de Bourgogne',
        vintage: null,
        sellingPrice: 65000,
        mainCategoryId: 'sparkling',
      },
      {
        wineName: 'Champagne Bollinger Special Cuvée',
        vintage: null,
        sellingPrice: 115000,
        mainCategoryId: 'sparkling',
      },
      {
        producer: 'Weingut Keller',
        wineName: 'Riesling Trocken',
        vintage: 2021,
        sellingPrice: 72000,
        mainCategoryId: 'white',
      },
      { wineName: 'Chablis 1er Cru', vintage: 2020, sellingPrice: 89000, mainCategoryId: 'white' },
      // No mark says which is the producer: the whole is the name, nothing guessed.
      { wineName: 'Barolo, Giacomo Conterno', vintage: 2016, sellingPrice: 245000, mainCategoryId: 'red' },
      { wineName: 'Etna Rosso', vintage: 2019, sellingPrice: 64000, mainCategoryId: 'red' },
    ]);
    expect(unread).toEqual([]);
    expectNothingInvented(MENU);
  });

  it('reads a web shop page pasted in English, a wine’s details on the lines under its name', () => {
    const { lines, unread } = extractWinesByRules(WEB_SHOP);
    expect(lines.map((line) => line.parsed)).toEqual([
      {
        wineName: 'Château Musar',
        vintage: 2015,
        mainCategoryId: 'red',
        bottleSize: 0.75,
        purchasePriceWvat: 3250,
      },
      {
        wineName: 'Cloudy Bay Sauvignon Blanc',
        vintage: 2023,
        mainCategoryId: 'white',
        bottleSize: 0.75,
        purchasePriceWvat: 2499,
      },
    ]);
    expect(unread).toEqual([]);
    expectNothingInvented(WEB_SHOP);
  });

  it('reads OCR of a receipt and says which line it could not read', () => {
    const { lines, unread } = extractWinesByRules(OCR_RECEIPT);
    expect(lines.map((line) => line.parsed)).toEqual([
      {
        wineName: 'Chateau Ste Michelle Riesling',
        vintage: 2021,
        bottleSize: 0.75,
        purchasePriceWvat: 14990,
      },
      { wineName: "Moscato d'Asti", vintage: 2022, bottleSize: 0.375, purchasePriceWvat: 12990 },
    ]);
    expect(unread).toEqual(['B@r0l0 ~~ 2O1G  #!!  45O,-']);
    expectNothingInvented(OCR_RECEIPT);
  });

  it('reads an offer in English with "x 6", "(12 x 75cl)", "qty: 3" and euro prices', () => {
    const { lines, unread } = extractWinesByRules(ENGLISH_OFFER);
    expect(lines.map((line) => line.parsed)).toEqual([
      {
        wineName: 'Domaine Leflaive Puligny-Montrachet',
        vintage: 2019,
        quantity: 6,
        purchasePriceWvat: 8500,
      },
      {
        producer: 'Bodegas Muga',
        wineName: 'Rioja Reserva',
        vintage: 2018,
        bottleSize: 0.75,
        quantity: 12,
        purchasePriceWvat: 1850,
      },
      // "10 Year Old" is not a vintage.
      {
        wineName: 'Quinta do Noval 10 Year Old Tawny Port',
        bottleSize: 0.75,
        quantity: 3,
        purchasePriceWvat: 2450,
      },
    ]);
    // A sentence with years in it looks like a wine but is not one it can read: said, not dropped.
    expect(unread).toEqual([
      'Our 2018 vintage reports are attached for your reference, see the price list 2024.',
    ]);
    expectNothingInvented(ENGLISH_OFFER);
  });

  it('reads Vinmonopolet numbers, "Antall:", a producer’s label line and a heading in an order', () => {
    const { lines } = extractWinesByRules(ORDER_CONFIRMATION);
    expect(lines.map((line) => line.parsed)).toEqual([
      {
        wineName: 'Alain Graillot Crozes-Hermitage',
        vintage: 2021,
        bottleSize: 0.75,
        quantity: 6,
        purchasePriceWvat: 32990,
        vinmonopoletNumber: '123456',
      },
      {
        wineName: 'Gaja Barbaresco',
        vintage: 2019,
        bottleSize: 1.5,
        quantity: 1,
        purchasePriceWvat: 499000,
        vinmonopoletNumber: '7654321',
      },
      // "kr 1.450" is 1450 kroner; the producer comes from the label line above.
      {
        wineName: 'Saumur Champigny Le Bourg',
        producer: 'Clos Rougeard',
        vintage: 2017,
        quantity: 2,
        purchasePriceWvat: 145000,
      },
      { wineName: 'Sancerre', vintage: 2022, quantity: 6, purchasePriceWvat: 28900, mainCategoryId: 'white' },
    ]);
    expectNothingInvented(ORDER_CONFIRMATION);
  });

  it('finds no wine in text without any, and no price alone becomes one', () => {
    expect(extractWinesByRules('')).toEqual({ lines: [], unread: [] });
    expect(
      extractWinesByRules('Hei!\n\nVi ses på fredag.\nkr 450,-\n289,90\n\nMvh\nPer\nTlf 22 22 22 22'),
    ).toEqual({ lines: [], unread: [] });
  });

  it('never throws and never names a wine with words the text does not have', () => {
    const words = fc.constantFrom(
      'Barolo',
      'Rødvin',
      '2019',
      'NV',
      '75 cl',
      'kr 289,90',
      '6 x',
      'Domaine X',
      '-',
      ',',
      'Hei',
      '€ 12.50',
      'Magnum',
      'Varenr. 1234567',
      '\n',
      '\n\n',
      '....',
      '145 / 890',
      'Meny',
      'Antall: 3',
      '@',
      '~~',
    );
    fc.assert(
      fc.property(fc.array(words, { maxLength: 40 }), (parts) => {
        expectNothingInvented(parts.join(' '));
      }),
      { numRuns: 300 },
    );
  });
});
