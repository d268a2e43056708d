/**
 * A line that names no vintage is never confirmed to one vintage of a wine the catalogue has in
 * several: it is offered the vintages (NV first, then the newest), and the user picks. A line that
 * names its vintage, or whose wine has one, is confirmed as before; a line that matches nothing is none.
 */
import type { ParsedWineLine } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { buildCatalogIndex } from '../search/catalog-index';
import type { SearchDoc } from '../search/types';
import { matchWinesIn } from './match-lines';

let next = 0;
function wine(fields: Partial<SearchDoc> & Pick<SearchDoc, 'name'>): SearchDoc {
  next++;
  return {
    id: `w${next}`,
    vintage: null,
    bottleSize: 0.75,
    mainCategoryId: 'sparkling',
    grapes: [],
    food: [],
    isAvailable: true,
    isHorecaAvailable: true,
    expertIds: [],
    rating: null,
    expertRating: null,
    expertCount: 0,
    communityRating: null,
    communityCount: 0,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

const index = buildCatalogIndex([
  wine({ id: 'vc-nv', name: 'Veuve Clicquot Brut Rosé', producer: 'Veuve Clicquot Ponsardin' }),
  wine({
    id: 'vc-nv-magnum',
    name: 'Veuve Clicquot Brut Rosé',
    producer: 'Veuve Clicquot Ponsardin',
    bottleSize: 1.5,
  }),
  wine({
    id: 'vc-1978',
    name: 'Veuve Clicquot Brut Rosé 1978',
    producer: 'Veuve Clicquot Ponsardin',
    vintage: 1978,
  }),
  // The catalogue spells the producer a little differently from one vintage to the next.
  wine({
    id: 'mass-08',
    name: 'Massolino Barolo',
    producer: 'Massolino',
    vintage: 2008,
    mainCategoryId: 'red',
  }),
  wine({
    id: 'mass-05',
    name: 'Massolino Barolo',
    producer: 'Az. Agr. Massolino',
    vintage: 2005,
    mainCategoryId: 'red',
  }),
  wine({ id: 'laroque', name: 'Ch. Laroque', producer: 'Ch. Laroque', vintage: 2008, mainCategoryId: 'red' }),
  wine({ id: 'krug', name: 'Krug Grande Cuvée', producer: 'Krug' }),
]);

const match = (line: ParsedWineLine) => matchWinesIn(index, [line])[0];

describe('a line without a vintage', () => {
  it('is not confirmed to one vintage of a wine that has several: the vintages are offered, NV first', () => {
    const answer = match({ wineName: 'Veuve Clicquot Brut Rosé' });
    expect(answer?.status).toBe('suggested');
    expect(answer?.vintages?.map((v) => v.wineId)).toEqual(['vc-nv', 'vc-nv-magnum', 'vc-1978']);
    expect(answer?.vintages?.map((v) => v.vintage)).toEqual([null, null, 1978]);
    // The guess shown first is NV, not the old vintage.
    expect(answer?.candidates[0]?.wineId).toBe('vc-nv');
  });

  it('of a size offers only the vintages of that size', () => {
    const answer = match({ wineName: 'Brut Rosé', producer: 'Veuve Clicquot', bottleSize: 0.75 });
    expect(answer?.status).toBe('suggested');
    expect(answer?.vintages?.map((v) => v.wineId)).toEqual(['vc-nv', 'vc-1978']);
  });

  it('counts rows the words cannot tell apart as vintages of one wine', () => {
    const answer = match({ wineName: 'Massolino Barolo' });
    expect(answer?.status).not.toBe('matched');
    expect(answer?.vintages?.map((v) => v.vintage)).toEqual([2008, 2005]);
  });

  it('is confirmed when its wine has one vintage in the catalogue', () => {
    const answer = match({ wineName: 'Château Laroque' });
    expect(answer?.status).toBe('matched');
    expect(answer?.vintages).toBeUndefined();
    expect(match({ wineName: 'Krug Grande Cuvée' })?.status).toBe('matched');
  });
});

describe('a line with its vintage', () => {
  it('is confirmed to that vintage, with no vintages to pick', () => {
    const answer = match({ wineName: 'Veuve Clicquot Brut Rosé', vintage: 1978 });
    expect(answer?.status).toBe('matched');
    expect(answer?.candidates[0]?.wineId).toBe('vc-1978');
    expect(answer?.vintages).toBeUndefined();
    const nv = match({ wineName: 'Veuve Clicquot Brut Rosé', vintage: null });
    expect(nv?.candidates[0]?.wineId).toBe('vc-nv');
    expect(nv?.vintages).toBeUndefined();
  });
});

describe('a line that is no wine of the catalogue', () => {
  it('matches nothing', () => {
    for (const wineName of ['Xyzzy Flurble', 'Xyzzy Flurble Quux 2015', 'Plugh Frobozz Grand Vin']) {
      expect(match({ wineName })).toEqual({ status: 'none', candidates: [] });
    }
  });
});
