import { describe, expect, it } from 'vitest';
import { type Cell, textOf } from './fixtures/document-text';
import { vecturaLines } from './vectura-lines';

const X = { number: 0.04, name: 0.16, quantity: 0.5, unit: 0.57, price: 0.74, total: 0.86 };
const HEADER: Cell[] = [
  ['Varenr (Vectura)', X.number],
  ['Varenavn', X.name],
  ['Antall', X.quantity],
  ['Enhet', X.unit],
  ['Pris', X.price],
  ['Beløp', X.total],
];
const row = (...cells: string[]): Cell[] =>
  cells.map((text, i) => [text, Object.values(X)[i] as number] as Cell).filter(([text]) => text !== '');

describe('vecturaLines', () => {
  it('reads the columns under the header, bottles and cartons, prices ex VAT', () => {
    const lines = vecturaLines(
      textOf([
        'Vectura AS',
        'Ordrebekreftelse 4500123 Dato 12.03.2024',
        'Kunde 20145 Fjord Bistro AS',
        HEADER,
        row('123456', 'Barolo DOCG 2019 75 cl', '12', 'fl', '245,00', '2 940,00'),
        row('2345678', 'Chablis 1er Cru Montmains 2021', '2', 'kart 6 x 75 cl', '189,50', '2 274,00'),
        row('34567', 'Champagne Brut NV', '3', 'flaske', '1 020,00', '3 060,00'),
        'Sum eks. mva 8 274,00',
        'Mva 25 % 2 068,50',
        'Vectura AS · Org.nr 987 654 321 · Side 1 av 1',
      ]),
    );
    expect(lines.map((l) => l.parsed)).toEqual([
      {
        wineName: 'Barolo DOCG',
        vecturaNumber: '123456',
        vintage: 2019,
        bottleSize: 0.75,
        quantity: 12,
        purchasePriceWovat: 24500,
      },
      {
        wineName: 'Chablis 1er Cru Montmains',
        vecturaNumber: '2345678',
        vintage: 2021,
        bottleSize: 0.75,
        quantity: 12,
        purchasePriceWovat: 18950,
      },
      {
        wineName: 'Champagne Brut',
        vecturaNumber: '34567',
        vintage: null,
        quantity: 3,
        purchasePriceWovat: 102000,
      },
    ]);
    expect(lines.every((l) => l.issues.length === 0)).toBe(true);
    expect(lines[0]?.at).toEqual({ page: 1, line: 5 });
  });

  it('tells a price per carton by the amount', () => {
    const [line] = vecturaLines(
      textOf([HEADER, row('123456', 'Rioja Reserva 2018', '2', 'kartong 6x75cl', '1 137,00', '2 274,00')]),
    );
    expect(line?.parsed).toMatchObject({ quantity: 12, purchasePriceWovat: 18950, bottleSize: 0.75 });
    expect(line?.issues).toEqual([]);
  });

  it('joins a name over two rows and keeps the columns on the next page', () => {
    const lines = vecturaLines(
      textOf(
        [
          HEADER,
          row('123456', 'Domaine de la Romanée-Conti', '1', 'fl', '9 800,00', '9 800,00'),
          row('', 'Échezeaux Grand Cru 2017'),
        ],
        [row('654321', 'Riesling Kabinett 2022', '6', 'fl', '129,00', '774,00')],
      ),
    );
    expect(lines.map((l) => [l.parsed.wineName, l.parsed.vintage, l.at])).toEqual([
      ['Domaine de la Romanée-Conti Échezeaux Grand Cru', 2017, { page: 1, line: 2 }],
      ['Riesling Kabinett', 2022, { page: 2, line: 1 }],
    ]);
  });

  it('says what it could not read: a carton of unknown size, a missing price', () => {
    const [line] = vecturaLines(textOf([HEADER, row('123456', 'Barolo 2019', '2', 'kart', '', '')]));
    expect(line?.parsed.quantity).toBeUndefined();
    expect(line?.issues).toEqual(['quantityUnreadable', 'priceUnreadable']);
  });

  it('reads a document without the header row by row', () => {
    const [line] = vecturaLines(textOf(['123456 Barolo 2019 75 cl 12 245,00 2 940,00']));
    expect(line?.parsed).toEqual({
      wineName: 'Barolo',
      vecturaNumber: '123456',
      vintage: 2019,
      bottleSize: 0.75,
      quantity: 12,
      purchasePriceWovat: 24500,
    });
  });
});
