import { assignmentProblems, IMPORT_LIMITS, type ImportField } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import {
  CELLAR_WINES,
  cellarTrackerBottlesCsv,
  cellarTrackerListCsv,
  vivinoCellarCsv,
  vivinoWineListCsv,
} from './fixtures/exports';
import { makeCsv, makeXlsx } from './fixtures/make-spreadsheet';
import { guessAssignment } from './guess-columns';
import { readTable, type TableData } from './read-table';
import { linesFromTable } from './rows-to-lines';

/** The table pipeline as the import runs it: read, guess the columns, read the lines. */
async function importLines(bytes: Uint8Array, fileName: string) {
  const table = await readTable(bytes, fileName);
  const samples = table.headers.map((_, column) =>
    table.rows.slice(0, IMPORT_LIMITS.sampleRows).map((row) => row[column] ?? ''),
  );
  const guess = guessAssignment(table.headers, samples, {});
  return { table, guess, lines: linesFromTable(table, guess.assignment) };
}

function tableOf(headers: string[], rows: string[][]): TableData {
  return {
    headers,
    rows,
    rowNumbers: rows.map((_, i) => i + 2),
    headerRow: 1,
    truncated: false,
  };
}

describe('a Norwegian spreadsheet', () => {
  it('reads every field from an .xlsx with Norwegian headers', async () => {
    const bytes = await makeXlsx(
      [
        'Vinnavn',
        'Produsent',
        'Årgang',
        'Volum',
        'Antall',
        'Innkjøpspris',
        'Land',
        'Distrikt',
        'Farge',
        'Druer',
        'Varenummer',
        'Hylle',
        'Drikkevindu',
        'Poeng',
        'Notat',
        'Kjøpt',
      ],
      [
        [
          'Barolo Cannubi',
          'Marchesi di Barolo',
          2017,
          '75 cl',
          3,
          'kr 589,90',
          'Italia',
          'Piemonte',
          'Rødvin',
          'Nebbiolo',
          1234501,
          'A1',
          '2024-2037',
          93,
          'Til jul',
          new Date(Date.UTC(2024, 2, 14)),
        ],
        [
          'Chablis 1er Cru Montmains',
          'William Fèvre',
          2021,
          0.75,
          6,
          449.9,
          'Frankrike',
          'Burgund',
          'Hvitvin',
          'Chardonnay',
          '7654321',
          'B2',
          '2023-2030',
          4.5,
          null,
          null,
        ],
        [
          null,
          null,
          null,
          null,
          18,
          'kr 12 345,00',
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
        ],
        [
          'Special Cuvée',
          'Bollinger',
          'NV',
          'Magnum',
          '1 stk',
          '1 399,-',
          'Frankrike',
          'Champagne',
          'Musserende',
          'Pinot Noir / Chardonnay / Pinot Meunier',
          null,
          'Vinskap',
          null,
          null,
          null,
          null,
        ],
        ['Sum', null, null, null, 10, '5 000', null, null, null, null, null, null, null, null, null, null],
      ],
    );
    const { guess, lines } = await importLines(bytes, 'kjeller.xlsx');
    expect(guess.source).toBe('headers');
    expect(assignmentProblems(guess.assignment)).toEqual({});
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({
      at: { row: 2 },
      raw: 'Barolo Cannubi · Marchesi di Barolo · 2017 · 75 cl · 3 · kr 589,90 · Italia · Piemonte · Rødvin · Nebbiolo · 1234501 · A1 · 2024-2037 · 93 · Til jul · 2024-03-14',
      parsed: {
        wineName: 'Barolo Cannubi',
        producer: 'Marchesi di Barolo',
        vintage: 2017,
        bottleSize: 0.75,
        quantity: 3,
        purchasePriceWvat: 58990,
        country: 'Italia',
        region: 'Piemonte',
        mainCategoryId: 'red',
        grapes: ['Nebbiolo'],
        vinmonopoletNumber: '1234501',
        location: 'A1',
        drinkFrom: 2024,
        drinkTo: 2037,
        rating: 93,
        note: 'Til jul',
      },
      issues: [],
    });
    expect(lines[1]?.parsed).toMatchObject({ bottleSize: 0.75, purchasePriceWvat: 44990, rating: 90 });
    expect(lines[2]).toMatchObject({
      at: { row: 5 },
      parsed: {
        wineName: 'Special Cuvée',
        vintage: null,
        bottleSize: 1.5,
        quantity: 1,
        purchasePriceWvat: 139900,
        mainCategoryId: 'sparkling',
        grapes: ['Pinot Noir', 'Chardonnay', 'Pinot Meunier'],
      },
      issues: [],
    });
  });

  it('names what it could not read, and keeps the rest', () => {
    const table = tableOf(
      ['Vin', 'Årgang', 'Størrelse', 'Antall', 'Pris', 'Type', 'Poeng', 'Drikkes fra', 'Drikkes til'],
      [['Ukjent rødvin', 'gammel', 'stor', 'en kasse', 'gratis?', 'Annet', 'god', 'snart', '2020']],
    );
    const [line] = linesFromTable(table, [
      'wineName',
      'vintage',
      'bottleSize',
      'quantity',
      'purchasePriceWvat',
      'category',
      'rating',
      'drinkFrom',
      'drinkTo',
    ]);
    expect(line?.parsed).toEqual({ wineName: 'Ukjent rødvin', drinkTo: 2020 });
    expect(line?.issues.sort()).toEqual(
      [
        'vintageUnreadable',
        'bottleSizeUnreadable',
        'quantityUnreadable',
        'priceUnreadable',
        'categoryUnknown',
        'ratingUnreadable',
        'windowUnreadable',
      ].sort(),
    );
    expect(line?.raw).toBe('Ukjent rødvin · gammel · stor · en kasse · gratis? · Annet · god · snart · 2020');
  });

  it('leaves out rows with no name, totals and a repeated header; unassigned columns are not read', () => {
    const table = tableOf(
      ['Vin', 'Antall', 'Pris'],
      [
        ['Barolo', '2', '300'],
        ['', '4', '100'],
        ['Vin', 'Antall', 'Pris'],
        ['Totalt', '6', '400'],
        ['I alt', '6', '400'],
        ['Chablis', 'x', '250'],
      ],
    );
    const lines = linesFromTable(table, ['wineName', 'quantity', null]);
    expect(lines.map((line) => [line.at.row, line.parsed])).toEqual([
      [2, { wineName: 'Barolo', quantity: 2 }],
      [7, { wineName: 'Chablis' }],
    ]);
    expect(lines[1]?.issues).toEqual(['quantityUnreadable']);
    expect(linesFromTable(table, [null, 'quantity', 'purchasePriceWvat'])).toEqual([]);
  });

  it('reads a Windows-1252 CSV with `;` and Norwegian prices', async () => {
    const bytes = makeCsv(
      ['Vin', 'Produsent', 'Årgang', 'Flaskestørrelse', 'Antall', 'Pris inkl. mva', 'Område', 'Lokasjon'],
      [
        [
          'Rosé de Provence',
          'Château d’Esclans',
          '2023',
          '0,75 l',
          '6',
          '229,90',
          'Côtes de Provence',
          'Kjøleskap',
        ],
        [
          'Blåbærvin',
          'Hardanger Saft- og Siderfabrikk',
          'N.V.',
          '37,5 cl',
          '2 fl',
          '1 299,90',
          'Hardanger',
          'Bod',
        ],
      ],
      { encoding: 'windows-1252', delimiter: ';' },
    );
    const { table, lines } = await importLines(bytes, 'vin.csv');
    expect(table.encoding).toBe('windows-1252');
    expect(lines.map((line) => line.parsed)).toEqual([
      {
        wineName: 'Rosé de Provence',
        producer: 'Château d’Esclans',
        vintage: 2023,
        bottleSize: 0.75,
        quantity: 6,
        purchasePriceWvat: 22990,
        region: 'Côtes de Provence',
        location: 'Kjøleskap',
      },
      {
        wineName: 'Blåbærvin',
        producer: 'Hardanger Saft- og Siderfabrikk',
        vintage: null,
        bottleSize: 0.375,
        quantity: 2,
        purchasePriceWvat: 129990,
        region: 'Hardanger',
        location: 'Bod',
      },
    ]);
  });
});

describe('CellarTracker exports, read losslessly', () => {
  it('the List export (a row per bottle, Windows-1252) becomes a line per wine with its bottles', async () => {
    const { guess, lines } = await importLines(cellarTrackerListCsv(), 'export.csv');
    expect(guess.format).toBe('cellarTracker');
    expect(lines).toHaveLength(CELLAR_WINES.length);
    expect(lines.reduce((sum, line) => sum + (line.parsed.quantity ?? 0), 0)).toBe(
      CELLAR_WINES.reduce((sum, wine) => sum + wine.quantity, 0),
    );
    expect(lines.every((line) => line.issues.length === 0)).toBe(true);
    const barolo = lines[0];
    expect(barolo).toMatchObject({ at: { row: 2 } });
    expect(barolo?.parsed).toEqual({
      wineName: 'Barolo Cannubi',
      producer: 'Marchesi di Barolo',
      vintage: 2017,
      bottleSize: 0.75,
      quantity: 3,
      purchasePriceWvat: 58990,
      country: 'Italy',
      region: 'Piedmont',
      mainCategoryId: 'red',
      grapes: ['Nebbiolo'],
      location: 'Kjeller',
      drinkFrom: 2024,
      drinkTo: 2037,
      rating: 93,
      note: 'Kjøpt på Vinmonopolet Vika',
    });
    const bollinger = lines.find((line) => line.parsed.producer === 'Bollinger');
    expect(bollinger?.parsed).toMatchObject({
      wineName: 'Special Cuvée Brut',
      vintage: null,
      bottleSize: 1.5,
      mainCategoryId: 'sparkling',
      purchasePriceWvat: 139900,
    });
    expect(bollinger?.parsed.drinkFrom).toBeUndefined();
    const categories = Object.fromEntries(
      lines.map((line) => [line.parsed.producer, line.parsed.mainCategoryId]),
    );
    expect(categories).toMatchObject({
      'Château Suduiraut': 'dessert',
      "Graham's": 'fortified',
      'Domaine Tempier': 'rose',
      'Dr. Loosen': 'white',
      'Billecart-Salmon': 'sparkling',
    });
    // Only the producer repeated in front goes: "Château Musar Château Musar Rouge".
    expect(lines.find((line) => line.parsed.producer === 'Château Musar')?.parsed.wineName).toBe(
      'Château Musar Rouge',
    );
  });

  it('the Bottles export gives quantities and costs as written', async () => {
    const { guess, lines } = await importLines(cellarTrackerBottlesCsv(), 'bottles.csv');
    expect(guess.format).toBe('cellarTracker');
    expect(lines).toHaveLength(CELLAR_WINES.length);
    expect(lines.map((line) => line.parsed.quantity)).toEqual(CELLAR_WINES.map((wine) => wine.quantity));
    expect(lines[10]?.parsed).toMatchObject({
      wineName: 'Sauvignon Blanc',
      producer: 'Cloudy Bay',
      location: 'Kjøleskap',
    });
  });
});

describe('Vivino exports, read losslessly', () => {
  it('the wine list: stars as points, the drinking window as both ends', async () => {
    const { guess, lines } = await importLines(vivinoWineListCsv(), 'full_wine_list.csv');
    expect(guess.format).toBe('vivino');
    expect(lines).toHaveLength(CELLAR_WINES.length);
    expect(lines.every((line) => line.issues.length === 0)).toBe(true);
    expect(lines[0]?.parsed).toEqual({
      wineName: 'Barolo Cannubi',
      producer: 'Marchesi di Barolo',
      vintage: 2017,
      country: 'Italy',
      region: 'Barolo',
      mainCategoryId: 'red',
      drinkFrom: 2024,
      drinkTo: 2037,
      rating: 90,
      note: 'Kjøpt på Vinmonopolet Vika',
    });
    expect(lines.map((line) => line.parsed.rating)).toEqual(
      CELLAR_WINES.map((wine) => (wine.stars ? Math.round(wine.stars * 20) : undefined)),
    );
    expect(lines[2]?.parsed).toMatchObject({ vintage: null, mainCategoryId: 'sparkling' });
  });

  it('the cellar export: bottles held and the price paid', async () => {
    const { lines } = await importLines(vivinoCellarCsv(), 'cellar.csv');
    expect(lines.map((line) => line.parsed.quantity)).toEqual(CELLAR_WINES.map((wine) => wine.quantity));
    expect(lines.map((line) => line.parsed.purchasePriceWvat)).toEqual(
      CELLAR_WINES.map((wine) => Math.round(wine.priceNok * 100)),
    );
  });
});

describe('assignments the user makes', () => {
  it('a column left out or past the table is not read; a field given twice is read from its first column', () => {
    const table = tableOf(['A', 'B', 'C'], [['Barolo', 'Chablis', '2']]);
    const assignment: (ImportField | null)[] = ['wineName', 'wineName', 'quantity', 'note'];
    expect(linesFromTable(table, assignment).map((line) => line.parsed)).toEqual([
      { wineName: 'Barolo', quantity: 2 },
    ]);
  });
});
