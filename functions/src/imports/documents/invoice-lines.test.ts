import { describe, expect, it } from 'vitest';
import { textOf } from './fixtures/document-text';
import { invoiceLines } from './invoice-lines';

const HEADER = [
  'Vinmonopolet',
  'AS Vinmonopolet, Postboks 6548 Etterstad, 0606 Oslo',
  'Org.nr. 971 687 700 MVA',
  'Faktura 20240311-0042     Dato 11.03.2024',
  'Kundenr 123456',
  'Varenr Varenavn Antall Pris Beløp',
];
const FOOTER = ['Sum varer 2 748,70', 'Herav mva 25 % 549,74', 'Å betale kr 2 748,70', 'Side 1 av 1'];

describe('invoiceLines', () => {
  it('reads each wine row and passes over the header, totals, VAT and footer', () => {
    const lines = invoiceLines(
      textOf([
        ...HEADER,
        '1234567 Barolo 2019 75 cl 2 349,90 699,80',
        '5012301 Chablis Premier Cru Montmains 2021 0,75 l 6 289,90 1 739,40',
        '98765 Champagne Brut NV 150 cl 1 1 299,00 1 299,00',
        ...FOOTER,
      ]),
    );
    expect(lines.map((l) => l.parsed)).toEqual([
      {
        wineName: 'Barolo',
        vinmonopoletNumber: '1234567',
        vintage: 2019,
        bottleSize: 0.75,
        quantity: 2,
        purchasePriceWvat: 34990,
      },
      {
        wineName: 'Chablis Premier Cru Montmains',
        vinmonopoletNumber: '5012301',
        vintage: 2021,
        bottleSize: 0.75,
        quantity: 6,
        purchasePriceWvat: 28990,
      },
      {
        wineName: 'Champagne Brut',
        vinmonopoletNumber: '98765',
        vintage: null,
        bottleSize: 1.5,
        quantity: 1,
        purchasePriceWvat: 129900,
      },
    ]);
    expect(lines.every((l) => l.issues.length === 0)).toBe(true);
    expect(lines[0]?.at).toEqual({ page: 1, line: 7 });
    expect(lines[0]?.raw).toBe('1234567 Barolo 2019 75 cl 2 349,90 699,80');
  });

  it('tolerates OCR noise: O for 0, l for 1, stray bars and dots', () => {
    const [line] = invoiceLines(textOf(['l234567 | Barolo 2O19 75 cl | 2 | 349,9O | 699,80.', '.']));
    expect(line?.parsed).toMatchObject({
      vinmonopoletNumber: '1234567',
      wineName: 'Barolo',
      vintage: 2019,
      quantity: 2,
      purchasePriceWvat: 34990,
    });
    expect(line?.issues).toEqual([]);
  });

  it('takes the unit price from the amount when the two disagree, and says so', () => {
    const [line] = invoiceLines(textOf(['1234567 Barolo 2019 75 cl 3 849,90 1 049,70']));
    expect(line?.parsed.purchasePriceWvat).toBe(34990);
    expect(line?.issues).toEqual(['partlyRead']);
  });

  it('reads a row without the amount, and one without a price with its issue', () => {
    const lines = invoiceLines(
      textOf(['1234567 Rioja Reserva 2018 12 219,90', '7654321 Riesling Kabinett 2022 4']),
    );
    expect(lines[0]?.parsed).toMatchObject({ quantity: 12, purchasePriceWvat: 21990, vintage: 2018 });
    expect(lines[1]?.parsed).toMatchObject({ wineName: 'Riesling Kabinett', quantity: 4 });
    expect(lines[1]?.parsed.purchasePriceWvat).toBeUndefined();
    expect(lines[1]?.issues).toEqual(['priceUnreadable']);
  });

  it('joins cells a reader gave as separate lines on one row', () => {
    const lines = invoiceLines(
      textOf([
        [
          ['Varenr', 0.05],
          ['Varenavn', 0.15],
          ['Antall', 0.6],
          ['Pris', 0.7],
          ['Beløp', 0.82],
        ],
        [
          ['1234567', 0.05],
          ['Barolo 2019 75 cl', 0.15],
          ['2', 0.6],
          ['349,90', 0.7],
          ['699,80', 0.82],
        ],
      ]),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]?.parsed).toMatchObject({ wineName: 'Barolo', quantity: 2, purchasePriceWvat: 34990 });
  });

  it('joins a name printed over two rows', () => {
    const lines = invoiceLines(
      textOf([
        [
          ['1234567', 0.05],
          ['Château Mouton Rothschild', 0.15],
          ['1', 0.6],
          ['8 990,00', 0.7],
          ['8 990,00', 0.82],
        ],
        [['Pauillac 2015 75 cl', 0.15]],
        'Sum varer 8 990,00',
      ]),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]?.parsed).toMatchObject({
      wineName: 'Château Mouton Rothschild Pauillac',
      vintage: 2015,
      bottleSize: 0.75,
      quantity: 1,
      purchasePriceWvat: 899000,
    });
  });

  it('reads line items when the reader gives them, passing over fees', () => {
    const lines = invoiceLines({
      pages: [],
      expenseItems: [
        {
          productCode: '1234567',
          description: 'Barolo 2019 75 cl',
          quantity: '2',
          unitPrice: '349,90',
          price: '699,80',
        },
        { description: '7654321 Riesling Kabinett 2022', quantity: '4', price: '1 039,60', page: 2 },
        { description: 'Frakt', quantity: '1', price: '99,00' },
      ],
    });
    expect(lines.map((l) => [l.parsed, l.issues, l.at])).toEqual([
      [
        {
          wineName: 'Barolo',
          vinmonopoletNumber: '1234567',
          vintage: 2019,
          bottleSize: 0.75,
          quantity: 2,
          purchasePriceWvat: 34990,
        },
        [],
        { page: 1, line: 1 },
      ],
      [
        {
          wineName: 'Riesling Kabinett',
          vinmonopoletNumber: '7654321',
          vintage: 2022,
          quantity: 4,
          purchasePriceWvat: 25990,
        },
        [],
        { page: 2, line: 2 },
      ],
    ]);
  });

  it('finds nothing in a page without wine rows', () => {
    expect(invoiceLines(textOf([...HEADER, ...FOOTER]))).toEqual([]);
    expect(invoiceLines({ pages: [] })).toEqual([]);
  });
});
