/**
 * The tasting glossary on Vinmonopolet's real product list: its colour, smell and taste sentences
 * read in English, at least 95 % of their words, and what is left stays as written, marked Norwegian.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { tastingCoverage, translateTasting } from '@kork/shared/vocabulary/tasting-glossary';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCatalogRows } from './parse-catalog';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
/** Vinmonopolet's product list beside the checkout (../shared/data), read by path. */
const FILE = resolve(REPO_ROOT, '..', 'shared', 'data', 'vinmonopolet-2014.csv');

const sentences: string[] = [];

beforeAll(async () => {
  expect(existsSync(FILE), `${FILE} is needed by this test`).toBe(true);
  for await (const result of readCatalogRows(readFileSync(FILE), { now: new Date('2014-12-18T00:00:00Z') })) {
    if (!('wine' in result)) continue;
    for (const text of [result.wine.colour, result.wine.aroma, result.wine.taste])
      if (text) sentences.push(text);
  }
  expect(sentences.length).toBeGreaterThan(6_000);
});

describe('the tasting glossary', () => {
  it('translates at least 95 % of the words of the whole list', () => {
    let words = 0;
    let translated = 0;
    for (const text of sentences) {
      const counted = tastingCoverage(text);
      words += counted.words;
      translated += counted.translated;
    }
    expect(words).toBeGreaterThan(150_000);
    expect(translated / words).toBeGreaterThanOrEqual(0.95);
  });

  it('reads the common sentences as English', () => {
    const english = (text: string) =>
      translateTasting(text)
        .map((segment) => segment.text)
        .join('');
    expect(english('Dyp rød.')).toBe('Deep red.');
    expect(english('Lys strågul.')).toBe('Light straw yellow.');
    expect(english('Frisk og fruktig med preg av røde bær.')).toBe(
      'Fresh and fruity with notes of red berries.',
    );
    expect(english('Kirsebærpreg, fatpreget.')).toBe('Cherry character, oak-driven.');
    expect(english('Rubinrød med blåskjær.')).toBe('Ruby red with blue tinge.');
  });

  it('keeps what it cannot translate as written, and says so', () => {
    expect(translateTasting('Dyp rød med xyzzyfarge.')).toEqual([
      { text: 'Deep red with ', translated: true },
      { text: 'xyzzyfarge.', translated: false },
    ]);
    expect(translateTasting('')).toEqual([]);
  });

  it('leaves no common Norwegian word behind', () => {
    const left = new Map<string, number>();
    for (const text of sentences) {
      for (const segment of translateTasting(text)) {
        if (segment.translated) continue;
        for (const word of segment.text.toLowerCase().match(/\p{L}+/gu) ?? [])
          left.set(word, (left.get(word) ?? 0) + 1);
      }
    }
    // No single untranslated word appears in more than a few dozen of the list's sentences.
    const common = [...left].filter(([, count]) => count > 40).map(([word]) => word);
    expect(common).toEqual([]);
  });
});
