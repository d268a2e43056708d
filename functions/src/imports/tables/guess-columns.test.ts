import { assignmentProblems, type ImportField } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import {
  CELLARTRACKER_BOTTLES_HEADERS,
  CELLARTRACKER_LIST_HEADERS,
  cellarTrackerBottlesRows,
  cellarTrackerListRows,
  VIVINO_CELLAR_HEADERS,
  VIVINO_WINE_LIST_HEADERS,
  vivinoCellarRows,
  vivinoWineListRows,
} from './fixtures/exports';
import { foldHeader, guessAssignment } from './guess-columns';

/** Samples per column from rows, as the pipeline takes them. */
function samplesOf(headers: readonly string[], rows: readonly string[][]): string[][] {
  return headers.map((_, column) => rows.slice(0, 5).map((row) => row[column] ?? ''));
}

/** The assignment as header → field, for reading. */
function byHeader(headers: readonly string[], assignment: readonly (ImportField | null)[]) {
  return Object.fromEntries(
    headers.flatMap((header, i) => (assignment[i] ? [[header, assignment[i]] as const] : [])),
  );
}

function guess(
  headers: readonly string[],
  rows: string[][] = [],
  remembered?: Record<string, ImportField | null>,
) {
  return guessAssignment(headers, samplesOf(headers, rows), remembered);
}

describe('foldHeader', () => {
  it('folds case, accents and punctuation, and keeps æ, ø and å', () => {
    expect(foldHeader('  Årgang ')).toBe('årgang');
    expect(foldHeader('Pris (inkl. mva)')).toBe('pris inkl mva');
    expect(foldHeader('Cuvée / Étiquette')).toBe('cuvee etiquette');
    expect(foldHeader('Størrelse')).toBe('størrelse');
    expect(foldHeader('Scan/Review Location')).toBe('scan review location');
    expect(foldHeader('Blåbær-Særpreg')).toBe('blåbær særpreg');
  });
});

describe('CellarTracker exports', () => {
  it('the List export maps every field Kork has, with no work', () => {
    const rows = cellarTrackerListRows();
    const result = guess(CELLARTRACKER_LIST_HEADERS, rows);
    expect(result.source).toBe('cellarTracker');
    expect(result.format).toBe('cellarTracker');
    expect(assignmentProblems(result.assignment)).toEqual({});
    expect(byHeader(CELLARTRACKER_LIST_HEADERS, result.assignment)).toEqual({
      Wine: 'wineName',
      Producer: 'producer',
      Vintage: 'vintage',
      Size: 'bottleSize',
      Price: 'purchasePriceWvat',
      Country: 'country',
      Region: 'region',
      Type: 'category',
      Varietal: 'grapes',
      Location: 'location',
      BeginConsume: 'drinkFrom',
      EndConsume: 'drinkTo',
      MY: 'rating',
      BottleNote: 'note',
    });
  });

  it('the Bottles export takes its quantity and cost', () => {
    const result = guess(CELLARTRACKER_BOTTLES_HEADERS, cellarTrackerBottlesRows());
    expect(result.source).toBe('cellarTracker');
    expect(assignmentProblems(result.assignment)).toEqual({});
    expect(byHeader(CELLARTRACKER_BOTTLES_HEADERS, result.assignment)).toMatchObject({
      Wine: 'wineName',
      Quantity: 'quantity',
      BottleSize: 'bottleSize',
      BottleCost: 'purchasePriceWvat',
      Type: 'category',
      Location: 'location',
      BottleNote: 'note',
    });
  });

  it('is recognised whatever the case of its headers, and before remembered choices', () => {
    const headers = CELLARTRACKER_LIST_HEADERS.map((h) => h.toLowerCase());
    const result = guess(headers, [], { wine: null, iwine: 'wineName' });
    expect(result.source).toBe('cellarTracker');
    expect(result.assignment[headers.indexOf('wine')]).toBe('wineName');
  });
});

describe('Vivino exports', () => {
  it("the wine list maps with no work, the rating as the owner's stars", () => {
    const result = guess(VIVINO_WINE_LIST_HEADERS, vivinoWineListRows());
    expect(result.source).toBe('vivino');
    expect(result.format).toBe('vivino');
    expect(assignmentProblems(result.assignment)).toEqual({});
    expect(byHeader(VIVINO_WINE_LIST_HEADERS, result.assignment)).toEqual({
      Winery: 'producer',
      'Wine name': 'wineName',
      Vintage: 'vintage',
      Region: 'region',
      Country: 'country',
      'Your rating': 'rating',
      'Personal Note': 'note',
      'Wine type': 'category',
      'Drinking Window': 'drinkFrom',
    });
  });

  it('the cellar export adds the bottles held and their price', () => {
    const result = guess(VIVINO_CELLAR_HEADERS, vivinoCellarRows());
    expect(result.source).toBe('vivino');
    expect(assignmentProblems(result.assignment)).toEqual({});
    expect(byHeader(VIVINO_CELLAR_HEADERS, result.assignment)).toMatchObject({
      'Wine name': 'wineName',
      'User cellar count': 'quantity',
      'Wine price': 'purchasePriceWvat',
    });
  });
});

describe('header words', () => {
  it('reads Norwegian headers', () => {
    const headers = [
      'Vinnavn',
      'Produsent',
      'Årgang',
      'Flaskestørrelse',
      'Antall',
      'Innkjøpspris',
      'Innkjøpspris eks. mva',
      'Utsalgspris',
      'Land',
      'Distrikt',
      'Farge',
      'Druer',
      'Varenummer',
      'Vectura varenummer',
      'Plassering',
      'Drikkevindu fra',
      'Drikkevindu til',
      'Poeng',
      'Kommentar',
    ];
    const result = guess(headers);
    expect(result.source).toBe('headers');
    expect(result.format).toBe('table');
    expect(result.assignment).toEqual([
      'wineName',
      'producer',
      'vintage',
      'bottleSize',
      'quantity',
      'purchasePriceWvat',
      'purchasePriceWovat',
      'sellingPrice',
      'country',
      'region',
      'category',
      'grapes',
      'vinmonopoletNumber',
      'vecturaNumber',
      'location',
      'drinkFrom',
      'drinkTo',
      'rating',
      'note',
    ]);
  });

  it('reads English headers', () => {
    const headers = [
      'Name',
      'Producer',
      'Year',
      'Bottle size',
      'Qty',
      'Purchase price',
      'Price ex VAT',
      'Selling price',
      'Country',
      'Region',
      'Colour',
      'Grapes',
      'Location',
      'Drink from',
      'Drink to',
      'Score',
      'Notes',
    ];
    expect(guess(headers).assignment).toEqual([
      'wineName',
      'producer',
      'vintage',
      'bottleSize',
      'quantity',
      'purchasePriceWvat',
      'purchasePriceWovat',
      'sellingPrice',
      'country',
      'region',
      'category',
      'grapes',
      'location',
      'drinkFrom',
      'drinkTo',
      'rating',
      'note',
    ]);
  });

  it('other words people use', () => {
    expect(guess(['Varenavn', 'Beholdning', 'Pris inkl. mva', 'Hylle', 'Kostpris']).assignment).toEqual([
      'wineName',
      'quantity',
      'purchasePriceWvat',
      'location',
      null,
    ]);
    expect(guess(['Vin', 'argang', 'Volum (cl)', 'Stk', 'Menypris', 'Kategori', 'Notat']).assignment).toEqual(
      ['wineName', 'vintage', 'bottleSize', 'quantity', 'sellingPrice', 'category', 'note'],
    );
    expect(guess(['Product', 'Winery', 'Vintage', 'Cost', 'Price on list', 'Bin', 'Vmp']).assignment).toEqual(
      [
        'wineName',
        'producer',
        'vintage',
        'purchasePriceWvat',
        'sellingPrice',
        'location',
        'vinmonopoletNumber',
      ],
    );
  });

  it('never gives a field twice: the first, best column wins (a plain "Pris" gives way to "Innkjøpspris")', () => {
    const headers = ['Vin', 'Vinnavn', 'Pris', 'Innkjøpspris', 'Kommentar', 'Notat'];
    const result = guess(headers);
    expect(result.assignment).toEqual(['wineName', null, null, 'purchasePriceWvat', 'note', null]);
    expect(assignmentProblems(result.assignment)).toEqual({});
  });

  it('samples break ties: a column of four-digit years is the vintage', () => {
    const headers = ['Vin', 'Kolonne B', 'Kolonne C'];
    const rows = [
      ['Barolo', 'Kjeller', '2017'],
      ['Chablis', 'Skap', '2021'],
    ];
    expect(guess(headers, rows).assignment).toEqual(['wineName', null, 'vintage']);
    // Of two "År" columns, the one whose values are years.
    const years = guess(
      ['Vin', 'År kjøpt', 'År'],
      [
        ['Barolo', 'i fjor', '2017'],
        ['Chablis', 'nylig', '2021'],
      ],
    );
    expect(years.assignment).toEqual(['wineName', null, 'vintage']);
  });

  it('a table with no name column gets no wine name, and says so through the column rules', () => {
    const result = guess(['Antall', 'Pris']);
    expect(result.assignment).toEqual(['quantity', 'purchasePriceWvat']);
    expect(assignmentProblems(result.assignment)).toEqual({ assignment: 'wineNameColumnRequired' });
  });
});

describe('remembered choices', () => {
  it("the owner's last choices for the same headers come first", () => {
    const headers = ['Navn', 'Hylle', 'Pris'];
    const remembered = { navn: 'wineName', hylle: null, pris: 'sellingPrice' } as const;
    const result = guess(headers, [], remembered);
    expect(result.source).toBe('remembered');
    expect(result.assignment).toEqual(['wineName', null, 'sellingPrice']);
  });

  it('headers not remembered are guessed from their words, around what is remembered', () => {
    const result = guess(['Vinens navn', 'Produsent', 'Antall', 'Årgang'], [], {
      produsent: 'producer',
      antall: 'note',
    });
    expect(result.source).toBe('remembered');
    expect(result.assignment).toEqual(['wineName', 'producer', 'note', 'vintage']);
  });

  it('a remembered field is given once', () => {
    const result = guess(['Navn', 'Vin'], [], { navn: 'wineName', vin: 'wineName' });
    expect(result.assignment).toEqual(['wineName', null]);
    expect(assignmentProblems(result.assignment)).toEqual({});
  });
});
