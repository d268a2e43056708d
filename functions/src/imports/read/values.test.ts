import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  isNoWindow,
  isPlaceholder,
  parseBottleSize,
  parseCategory,
  parseDrinkingWindow,
  parseGrapes,
  parseMoneyMinor,
  parseQuantity,
  parseRating,
  parseVintage,
  parseYear,
} from './values';

describe('parseMoneyMinor', () => {
  it.each([
    ['289,90', 28990],
    ['289.90', 28990],
    ['289.9', 28990],
    ['kr 289,90', 28990],
    ['Kr. 289,90', 28990],
    ['289,90 kr', 28990],
    ['1 299,90', 129990],
    ['1\u00a0299,90', 129990],
    ['1\u202f299,90', 129990],
    ['1.299,90', 129990],
    ['1,299.90', 129990],
    ["1'299.90", 129990],
    ['kr 299,-', 29900],
    ['299.-', 29900],
    ['NOK 1 299.00', 129900],
    ['1299 NOK', 129900],
    ['€25', 2500],
    ['$ 1,299.90', 129990],
    ['1.299', 129900],
    ['12,500', 1250000],
    ['123 456,50', 12345650],
    ['0', 0],
    ['0,5', 50],
  ])('%s → %i', (text, minor) => {
    expect(parseMoneyMinor(text)).toBe(minor);
  });

  it.each(['', 'abc', '-50', 'ca 300', '1.2.3,4,5', '1,2,3', '10 %', '1,299.999'])(
    '%s is unreadable',
    (text) => {
      expect(parseMoneyMinor(text)).toBeUndefined();
    },
  );

  it('refuses amounts beyond what money holds', () => {
    expect(parseMoneyMinor('99999999999')).toBeUndefined();
  });
});

describe('parseBottleSize', () => {
  it.each([
    ['75cl', 0.75],
    ['75 cl', 0.75],
    ['0,75 l', 0.75],
    ['0.75', 0.75],
    ['0,75', 0.75],
    ['750 ml', 0.75],
    ['750ml', 0.75],
    ['750', 0.75],
    ['75', 0.75],
    ['1,5L', 1.5],
    ['1.5L', 1.5],
    ['1.5 ltr', 1.5],
    ['3.0L', 3],
    ['37,5 cl', 0.375],
    ['375ml', 0.375],
    ['Magnum', 1.5],
    ['magnum (1,5 l)', 1.5],
    ['Jeroboam', 3],
    ['Double Magnum', 3],
    ['Halv', 0.375],
    ['Halvflaske', 0.375],
    ['Half', 0.375],
    ['Half bottle', 0.375],
    ['Imperial', 6],
    ['Halvflaske 37,5 cl', 0.375],
  ])('%s → %d l', (text, litres) => {
    expect(parseBottleSize(text)).toBe(litres);
  });

  it.each(['', 'stor', '0', '1000 l', 'kasse'])('%s is unreadable', (text) => {
    expect(parseBottleSize(text)).toBeUndefined();
  });
});

describe('parseVintage', () => {
  it.each([
    ['2017', 2017],
    [' 1996 ', 1996],
    ['2017.0', 2017],
    ["'17", 2017],
    ["'95", 1995],
    ['NV', null],
    ['nv', null],
    ['N.V.', null],
    ['U.V.', null],
    ['Non-vintage', null],
    ['uten årgang', null],
    ['1001', null],
  ])('%s → %s', (text, vintage) => {
    expect(parseVintage(text)).toBe(vintage);
  });

  it.each(['', '17', '1700', '2017/2018', 'ukjent'])('%s is unreadable', (text) => {
    expect(parseVintage(text)).toBeUndefined();
  });
});

describe('parseQuantity', () => {
  it.each([
    ['6', 6],
    ['6.0', 6],
    ['12,00', 12],
    ['6 stk', 6],
    ['6 stk.', 6],
    ['6 fl', 6],
    ['6 flasker', 6],
    ['6 bottles', 6],
    ['1 btl', 1],
    ['0', 0],
  ])('%s → %i', (text, quantity) => {
    expect(parseQuantity(text)).toBe(quantity);
  });

  it.each(['', '1 kasse', '-2', '2,5', 'mange'])('%s is unreadable', (text) => {
    expect(parseQuantity(text)).toBeUndefined();
  });
});

describe('drinking windows', () => {
  it('reads years and dates', () => {
    expect(parseYear('2024')).toBe(2024);
    expect(parseYear('2024.0')).toBe(2024);
    expect(parseYear('2024-01-01')).toBe(2024);
    expect(parseYear('1/1/2022')).toBe(2022);
    expect(parseYear('31.12.2027')).toBe(2027);
    expect(parseYear('snart')).toBeUndefined();
  });

  it('reads ranges and open ends', () => {
    expect(parseDrinkingWindow('2024-2030')).toEqual({ from: 2024, to: 2030 });
    expect(parseDrinkingWindow('2024 – 2030')).toEqual({ from: 2024, to: 2030 });
    expect(parseDrinkingWindow('2024 til 2030')).toEqual({ from: 2024, to: 2030 });
    expect(parseDrinkingWindow('fra 2026')).toEqual({ from: 2026 });
    expect(parseDrinkingWindow('til 2030')).toEqual({ to: 2030 });
    expect(parseDrinkingWindow('2026')).toEqual({ from: 2026 });
    expect(parseDrinkingWindow('2030-2024')).toBeUndefined();
    expect(parseDrinkingWindow('snart')).toBeUndefined();
  });

  it("knows CellarTracker's no-window placeholders", () => {
    expect(isNoWindow('9999')).toBe(true);
    expect(isNoWindow('1001')).toBe(true);
    expect(isNoWindow('')).toBe(true);
    expect(isNoWindow('2030')).toBe(false);
  });
});

describe('parseRating', () => {
  it.each([
    ['92', 92],
    ['92/100', 92],
    ['92p', 92],
    ['88.5', 89],
    ['4.5', 90],
    ['4,5', 90],
    ['3.8', 76],
    ['4,5/5', 90],
    ['5', 100],
    ['1', 50],
    ['18/20', 90],
    ['★★★★', 80],
  ])('%s → %i points', (text, pointsValue) => {
    expect(parseRating(text)).toBe(pointsValue);
  });

  it.each(['', '0', '45', '120', 'god', '6/5'])('%s is unreadable', (text) => {
    expect(parseRating(text)).toBeUndefined();
  });
});

describe('parseCategory', () => {
  it.each([
    ['Rødvin', 'red'],
    ['rød', 'red'],
    ['Red', 'red'],
    ['Red Wine', 'red'],
    ['Hvitvin', 'white'],
    ['hvit', 'white'],
    ['White - Off-dry', 'white'],
    ['Rosé', 'rose'],
    ['Rosévin', 'rose'],
    ['Rosé Wine', 'rose'],
    ['Musserende vin', 'sparkling'],
    ['Champagne', 'sparkling'],
    ['White - Sparkling', 'sparkling'],
    ['Rosé - Sparkling', 'sparkling'],
    ['Sparkling', 'sparkling'],
    ['Perlende vin', 'sparkling'],
    ['Dessertvin', 'dessert'],
    ['søt', 'dessert'],
    ['White - Sweet/Dessert', 'dessert'],
    ['Dessert Wine', 'dessert'],
    ['Sterkvin', 'fortified'],
    ['Portvin', 'fortified'],
    ['Sherry', 'fortified'],
    ['Red - Fortified', 'fortified'],
    ['Fortified Wine', 'fortified'],
    ['Oransje', 'orange'],
    ['Orange', 'orange'],
    ['Brennevin', 'spirits'],
    ['Spirits', 'spirits'],
    ['Øl', 'beer'],
    ['Beer', 'beer'],
    ['Alkoholfri', 'nonAlcoholic'],
    ['Alkoholfritt', 'nonAlcoholic'],
    ['Fruktvin', 'fruit'],
    ['Aromatisert vin', 'aromatized'],
  ])('%s → %s', (text, category) => {
    expect(parseCategory(text)).toBe(category);
  });

  it.each(['', 'Dry', 'Annet', 'Vin'])('%s is no category', (text) => {
    expect(parseCategory(text)).toBeUndefined();
  });
});

describe('parseGrapes', () => {
  it('splits on , / ; & + and "og"', () => {
    expect(parseGrapes('Cabernet Sauvignon, Merlot')).toEqual(['Cabernet Sauvignon', 'Merlot']);
    expect(parseGrapes('Grenache/Syrah; Mourvèdre & Cinsault')).toEqual([
      'Grenache',
      'Syrah',
      'Mourvèdre',
      'Cinsault',
    ]);
    expect(parseGrapes('Nebbiolo og Barbera')).toEqual(['Nebbiolo', 'Barbera']);
  });

  it('drops shares and repeats', () => {
    expect(parseGrapes('Cabernet Sauvignon 60%, Merlot 35 %, Petit Verdot (5%)')).toEqual([
      'Cabernet Sauvignon',
      'Merlot',
      'Petit Verdot',
    ]);
    expect(parseGrapes('Pinot Noir, pinot noir')).toEqual(['Pinot Noir']);
    expect(parseGrapes(' ')).toEqual([]);
  });
});

describe('text helpers', () => {
  it('knows placeholders', () => {
    expect(isPlaceholder('Unknown')).toBe(true);
    expect(isPlaceholder('ukjent')).toBe(true);
    expect(isPlaceholder('n/a')).toBe(true);
    expect(isPlaceholder('-')).toBe(true);
    expect(isPlaceholder('Piemonte')).toBe(false);
  });

  it('decodes character references', () => {
    expect(decodeEntities('Feteasc&#259; Neagr&#259;')).toBe('Fetească Neagră');
    expect(decodeEntities('Mo&#xEB;t &amp; Chandon')).toBe('Moët & Chandon');
    expect(decodeEntities('R&D &unknown;')).toBe('R&D &unknown;');
  });
});
