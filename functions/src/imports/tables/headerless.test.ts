/**
 * Cellar lists as real exports have them: no header row (the first row is a wine), columns told by their
 * values, and names that repeat the vintage and size their own columns hold.
 */
import { describe, expect, it } from 'vitest';
import { firstRowIsData, valueScores } from './column-values';
import { guessAssignment, namesField } from './guess-columns';
import { readTable } from './read-table';
import { linesFromTable, withoutColumnValues } from './rows-to-lines';

const csv = (text: string) => new TextEncoder().encode(text);

const HEADERLESS = [
  'Veuve Clicquot;Brut Rosé;NV;750 ml;6;499,90;Frankrike;Champagne;Rosé',
  'Ch. Margaux;Ch. Margaux 1990 (750ML);1990;750 ml;2;4 999,00;Frankrike;Bordeaux;Rød',
  'Dr. Loosen;Wehlener Sonnenuhr Riesling Kabinett;2019;0,75 l;12;219,90;Tyskland;Mosel;Hvit',
  'Vietti;Barolo Castiglione;2018;1,5 l;1;899,00;Italia;Piemonte;Rød',
].join('\n');

describe('a table without a header row', () => {
  it('keeps its first row as a wine, and says it has no headers', async () => {
    const table = await readTable(csv(HEADERLESS), 'kjeller.csv');
    expect(table.headerless).toBe(true);
    expect(table.headers.every((header) => header === '')).toBe(true);
    expect(table.rows).toHaveLength(4);
    expect(table.rows[0]?.[1]).toBe('Brut Rosé');
    expect(table.rowNumbers[0]).toBe(1);
  });

  it('gets its columns from their values: producer, name, year, size, bottles, price, country, region, colour', async () => {
    const table = await readTable(csv(HEADERLESS), 'kjeller.csv');
    const samples = table.headers.map((_, i) => table.rows.map((row) => row[i] ?? ''));
    const guessed = guessAssignment(table.headers, samples);
    expect(guessed.source).toBe('values');
    expect(guessed.assignment).toEqual([
      'producer',
      'wineName',
      'vintage',
      'bottleSize',
      'quantity',
      'purchasePriceWvat',
      'country',
      'region',
      'category',
    ]);
  });

  it('reads its first row as a line', async () => {
    const table = await readTable(csv(HEADERLESS), 'kjeller.csv');
    const samples = table.headers.map((_, i) => table.rows.map((row) => row[i] ?? ''));
    const lines = linesFromTable(table, guessAssignment(table.headers, samples).assignment);
    expect(lines).toHaveLength(4);
    expect(lines[0]?.at).toEqual({ row: 1 });
    expect(lines[0]?.parsed).toMatchObject({
      wineName: 'Brut Rosé',
      producer: 'Veuve Clicquot',
      vintage: null,
      bottleSize: 0.75,
      quantity: 6,
      purchasePriceWvat: 49_990,
      country: 'Frankrike',
      region: 'Champagne',
      mainCategoryId: 'rose',
    });
    // The name that repeats its vintage and size is cleaned of them.
    expect(lines[1]?.parsed.wineName).toBe('Ch. Margaux');
    expect(lines[1]?.parsed.vintage).toBe(1990);
  });

  it('is told from a table with headers, and from a lone title above them', async () => {
    const header = 'Produsent;Vin;Årgang;Størrelse;Antall;Pris;Land;Region;Farge';
    const headed = await readTable(csv(`${header}\n${HEADERLESS}`), 'kjeller.csv');
    expect(headed.headerless).toBeUndefined();
    expect(headed.headers).toEqual(header.split(';'));
    expect(headed.rows).toHaveLength(4);
    expect(firstRowIsData(['Wine', 'Vintage', 'Qty'], namesField)).toBe(false);
    expect(firstRowIsData(['Barolo', '2017', '6'], namesField)).toBe(true);
    // A row of text alone cannot be told from headers: read as headers, as before.
    expect(firstRowIsData(['Barolo', 'Vietti', 'Italia'], namesField)).toBe(false);
  });
});

describe('a table with headers', () => {
  it('takes from the values of a column whose header names nothing only years and sizes with their unit', () => {
    const headers = ['Vinnavn', 'Hvor mange', 'Kolonne C', 'Flaske', 'Når'];
    const rows = [
      ['Barolo', '6', 'A1', '75 cl', '2019'],
      ['Chablis', '2', 'B2', '1,5 l', '2021'],
    ];
    const samples = headers.map((_, i) => rows.map((row) => row[i] ?? ''));
    expect(guessAssignment(headers, samples).assignment).toEqual([
      'wineName',
      null,
      null,
      'bottleSize',
      'vintage',
    ]);
  });
});

describe('valueScores', () => {
  it('knows sizes in ml and litres, bare sizes, small counts and amounts', () => {
    expect([...valueScores(['750 ml', '1,5 l', '375ml']).keys()]).toEqual(['bottleSize']);
    expect([...valueScores(['0,75', '1,5', '0,75']).keys()]).toEqual(['bottleSize']);
    expect([...valueScores(['6', '12', '1']).keys()]).toEqual(['quantity']);
    expect([...valueScores(['249,90', '1 299,00', '89,50']).keys()]).toEqual(['purchasePriceWvat']);
    expect([...valueScores(['2019', '2015', 'NV']).keys()]).toEqual(['vintage']);
    expect([...valueScores(['France', 'Italy', 'Spain']).keys()]).toEqual(['country']);
    expect([...valueScores(['Rioja', 'Toscana', 'Mosel']).keys()]).toEqual(['region']);
    expect([...valueScores(['Rød', 'Hvit', 'Musserende']).keys()]).toEqual(['category']);
  });
});

describe('withoutColumnValues', () => {
  it('takes out the vintage and size the columns hold, and brackets left empty', () => {
    expect(withoutColumnValues('Ch. Margaux 1990 (750ML)', 1990, 0.75)).toBe('Ch. Margaux');
    expect(withoutColumnValues('Krug Grande Cuvée NV, 75cl', null, 0.75)).toBe('Krug Grande Cuvée');
    expect(withoutColumnValues('Dom. Leflaive Clos 2015 - 1,5 l', 2015, 1.5)).toBe('Dom. Leflaive Clos');
  });

  it('keeps what the columns do not say, and a name that would be left without letters', () => {
    expect(withoutColumnValues('Ch. Margaux 1990 (1.5L)', 1990, 0.75)).toBe('Ch. Margaux (1.5L)');
    expect(withoutColumnValues('Rioja Reserva 2015', 2016, undefined)).toBe('Rioja Reserva 2015');
    expect(withoutColumnValues('1990', 1990, undefined)).toBe('1990');
  });
});
