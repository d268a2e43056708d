/**
 * A line that names no bottle size is confirmed to the standard bottle when the wine comes in one; when
 * it does not, and the catalogue has the wine in several sizes that fit the line equally (a spirit of
 * 0.7 l and 1 l), the line waits for the person to pick the size. A line that names its size is confirmed.
 */
import type { ParsedWineLine } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { buildCatalogIndex } from '../search/catalog-index';
import { wine } from '../search/test-wines';
import { matchWinesIn } from './match-lines';

const index = buildCatalogIndex([
  wine({
    id: 'vodka-07',
    name: 'Absolut Vodka',
    producer: 'The Absolut Company',
    vintage: null,
    bottleSize: 0.7,
  }),
  wine({
    id: 'vodka-10',
    name: 'Absolut Vodka',
    producer: 'The Absolut Company',
    vintage: null,
    bottleSize: 1,
  }),
  wine({ id: 'barolo', name: 'Massolino Barolo', producer: 'Massolino', vintage: 2016 }),
  wine({
    id: 'barolo-magnum',
    name: 'Massolino Barolo',
    producer: 'Massolino',
    vintage: 2016,
    bottleSize: 1.5,
  }),
  wine({
    id: 'krug',
    name: 'Krug Grande Cuvée',
    producer: 'Krug',
    vintage: null,
    mainCategoryId: 'sparkling',
  }),
]);

const match = (line: ParsedWineLine) => matchWinesIn(index, [line])[0];

describe('a line without a bottle size', () => {
  it('waits for the size to be picked when the wine comes in several, none the standard bottle', () => {
    const answer = match({ wineName: 'Absolut Vodka', producer: 'The Absolut Company' });
    expect(answer?.status).toBe('suggested');
    expect(answer?.candidates.map((c) => c.wineId).sort()).toEqual(['vodka-07', 'vodka-10']);
  });

  it('is confirmed to the standard bottle when the wine comes in one', () => {
    const answer = match({ wineName: 'Massolino Barolo', producer: 'Massolino', vintage: 2016 });
    expect(answer?.status).toBe('matched');
    expect(answer?.candidates[0]?.wineId).toBe('barolo');
  });

  it('is confirmed when the wine comes in one size only', () => {
    const answer = match({ wineName: 'Krug Grande Cuvée', producer: 'Krug' });
    expect(answer?.status).toBe('matched');
    expect(answer?.candidates[0]?.wineId).toBe('krug');
  });
});

describe('a line with its bottle size', () => {
  it('is confirmed to that size', () => {
    const answer = match({ wineName: 'Absolut Vodka', producer: 'The Absolut Company', bottleSize: 1 });
    expect(answer?.status).toBe('matched');
    expect(answer?.candidates[0]?.wineId).toBe('vodka-10');
  });
});
