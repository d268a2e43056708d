/**
 * Vinmonopolet's real product list as the catalogue reads it. Every controlled value it stores (the
 * Norwegian words) has an English and a Bokmål form in the shared vocabulary
 * (shared/src/vocabulary/*.json), for the real list and the demo catalogue alike; free text stays as
 * written and is named here as such. Display names and vintages read well on its rows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { countWords, isOtherOrigin, nameWords, wineDisplayName } from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCatalog } from './demo-catalog';
import type { ImportedWine } from './map-row';
import { readCatalogRows } from './parse-catalog';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
/** Vinmonopolet's product list beside the checkout (../shared/data), read by path. */
const FILE = resolve(REPO_ROOT, '..', 'shared', 'data', 'vinmonopolet-2014.csv');

type Vocabulary = Record<string, Record<string, string>> & { unknown: string };
const vocabulary = (language: string): Vocabulary =>
  JSON.parse(readFileSync(resolve(REPO_ROOT, 'shared', 'src', 'vocabulary', `${language}.json`), 'utf8'));
const en = vocabulary('en');
const nb = vocabulary('nb');

/** The controlled fields: the vocabulary's name for each and the stored values of a wine. */
const CONTROLLED: Record<string, (wine: ImportedWine) => (string | undefined)[]> = {
  country: (wine) => [wine.country],
  style: (wine) => [wine.style],
  food: (wine) => wine.foodPairings,
  storingGrade: (wine) => [wine.storingGrade],
  cork: (wine) => [wine.corkType],
  packaging: (wine) => [wine.packaging],
  productSelection: (wine) => [wine.productSelection],
  storeCategory: (wine) => [wine.storeCategory],
  // Regions and sub-regions are proper names; only Vinmonopolet's "other" bucket is a word to translate.
  region: (wine) => [wine.region, wine.subRegion].filter(isOtherOrigin),
};

/** Written by people, shown as written in either language. */
const FREE_TEXT: (keyof ImportedWine)[] = ['colour', 'aroma', 'taste', 'method', 'grapes', 'classification'];

function valuesOf(wines: Iterable<ImportedWine>): Record<string, Set<string>> {
  const values: Record<string, Set<string>> = {};
  for (const field of Object.keys(CONTROLLED)) values[field] = new Set();
  for (const wine of wines) {
    for (const [field, read] of Object.entries(CONTROLLED)) {
      for (const value of read(wine)) if (value) values[field]?.add(value);
    }
  }
  return values;
}

function missing(values: Record<string, Set<string>>, catalogue: Vocabulary): string[] {
  return Object.entries(values).flatMap(([field, set]) =>
    [...set].filter((value) => !catalogue[field]?.[value]?.trim()).map((value) => `${field}: ${value}`),
  );
}

const wines: ImportedWine[] = [];

beforeAll(async () => {
  expect(existsSync(FILE), `${FILE} is needed by this test`).toBe(true);
  for await (const result of readCatalogRows(readFileSync(FILE), {
    now: new Date('2014-12-18T00:00:00Z'),
  })) {
    if ('wine' in result) wines.push(result.wine);
  }
  expect(wines.length).toBeGreaterThan(14_000);
});

describe('the vocabulary', () => {
  let real: Record<string, Set<string>>;

  beforeAll(() => {
    real = valuesOf(wines);
  });

  it('has an English and a Bokmål form of every controlled value in the real product list', () => {
    expect(real.country?.size).toBe(76);
    expect(real.style?.size).toBe(30);
    expect(real.food?.size).toBe(12);
    expect(real.storingGrade?.size).toBe(3);
    expect(real.cork?.size).toBe(7);
    expect(real.packaging?.size).toBe(16);
    expect(real.region).toEqual(new Set(['Øvrige']));
    expect(missing(real, en)).toEqual([]);
    expect(missing(real, nb)).toEqual([]);
  });

  it('covers the demo catalogue too', () => {
    const demo = valuesOf(generateDemoCatalog(1000));
    expect(missing(demo, en)).toEqual([]);
    expect(missing(demo, nb)).toEqual([]);
  });

  it('translates what is not Norwegian already, and says "Unknown" for Ukjent', () => {
    expect(en.country?.Frankrike).toBe('France');
    expect(en.food?.Storfe).toBe('Beef');
    expect(en.style?.Rødvin).toBe('Red wine');
    expect(en.cork?.Skrukapsel).toBe('Screw cap');
    expect(en.region?.Øvrige).toBe('Other');
    expect(en.unknown).toBe('Unknown');
    expect(nb.unknown).toBe('Ukjent');
    // English differs from the stored word wherever the word is Norwegian.
    const norwegian = /[æøå]|kj|sj|tt$|vin$|ost$|fisk$/i;
    for (const [field, entries] of Object.entries(en)) {
      if (typeof entries !== 'object') continue;
      for (const [value, label] of Object.entries(entries)) {
        if (norwegian.test(value)) expect(label, `${field}: ${value}`).not.toBe(value);
      }
    }
  });

  it('has the same stored values in both languages', () => {
    expect(Object.keys(nb).sort()).toEqual(Object.keys(en).sort());
    for (const [field, entries] of Object.entries(en)) {
      if (typeof entries !== 'object') continue;
      expect(Object.keys(nb[field] ?? {}).sort(), field).toEqual(Object.keys(entries).sort());
    }
  });

  it('leaves free text out', () => {
    for (const field of FREE_TEXT) {
      expect(Object.keys(en)).not.toContain(field);
      expect(Object.keys(CONTROLLED)).not.toContain(field);
    }
    expect(Object.keys(en.method ?? {})).toEqual([]);
  });
});

describe('the real list', () => {
  const byNumber = (number: string) =>
    wines.find((wine) => wine.vinmonopoletNumber === number) as ImportedWine;
  const display = (wine: ImportedWine) =>
    wineDisplayName({ producerName: wine.producer, wineName: wine.name, vintage: wine.vintage });

  it('names its wines without repeating the producer', () => {
    expect(display(byNumber('9965101'))).toBe('Pira Barolo Marenca 2010');
    expect(display(byNumber('9580801'))).toBe('AD Dauvissat Chablis 1er cru Beauroy 2012');
    for (const wine of wines) {
      const shown = wineDisplayName({ producerName: wine.producer, wineName: wine.name });
      expect(shown.endsWith(wine.name)).toBe(true);
      const producer = nameWords(wine.producer ?? '');
      if (producer.length === 0) continue;
      const inName = countWords(nameWords(wine.name), producer);
      expect(countWords(nameWords(shown), producer), shown).toBeLessThanOrEqual(Math.max(1, inName));
    }
  });

  it('takes a vintage written only in the name, once', () => {
    expect(byNumber('5201701')).toMatchObject({
      name: 'Esmonin Gevrey Chambertin 1er Cru Clos St. Jacques',
      vintage: 2006,
    });
    expect(display(byNumber('5201701'))).toBe('Esmonin Gevrey Chambertin 1er Cru Clos St. Jacques 2006');
    for (const wine of wines) {
      if (wine.vintage !== null) expect(wine.name.endsWith(` ${wine.vintage}`), wine.name).toBe(false);
    }
  });
});
