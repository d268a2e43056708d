import type { FacetValue } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { buildCatalogIndex } from './catalog-index';
import { tidyOriginFacets } from './origin-facets';
import type { IndexQuery, SearchDoc } from './types';

let serial = 0;
function wine(country: string, region?: string, subRegion?: string): SearchDoc {
  serial++;
  return {
    id: `w${serial}`,
    name: `Wine ${serial}`,
    vintage: 2015,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    country,
    region,
    subRegion,
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
  };
}

const index = buildCatalogIndex([
  wine('Frankrike', 'Burgund', 'Øvrige'),
  wine('Frankrike', 'Burgund', 'Øvrige'),
  wine('Frankrike', 'Burgund', 'Chablis'),
  wine('Frankrike', 'Bordeaux', 'Øvrige'),
  wine('Frankrike', 'Bordeaux', 'Pauillac'),
  wine('Frankrike', 'Cognac Brut', 'Fins Bois'),
  wine('Frankrike', 'Cognac Tradisjonell', 'Fins Bois'),
  wine('Frankrike', 'Øvrige'),
  wine('Italia', 'Øvrige'),
  wine('Italia', 'Piemonte', 'Øvrige'),
  wine('Italia', 'Piemonte', 'Barolo'),
]);

function facets(origins?: string[]) {
  const query: IndexQuery = {
    sortColumn: 'name',
    sortDirection: 'asc',
    offset: 0,
    limit: 1,
    facets: true,
    origins,
  };
  return tidyOriginFacets(index.search(query).facets, origins, (id) => index.originName(id));
}

const named = (values: FacetValue[], name: string) => values.filter((value) => value.name === name);

describe('the origin facets', () => {
  it('list no "Øvrige" until its country or region is chosen', () => {
    const all = facets();
    expect(named(all.regions, 'Øvrige')).toEqual([]);
    expect(named(all.subRegions, 'Øvrige')).toEqual([]);
    expect(all.regions.map((region) => region.name)).toContain('Burgund');
    expect(all.subRegions.map((sub) => sub.name)).toEqual(expect.arrayContaining(['Chablis', 'Barolo']));
  });

  it('list one "Øvrige" under a chosen region, with its count', () => {
    const burgund = facets(['frankrike.burgund']);
    expect(named(burgund.subRegions, 'Øvrige')).toEqual([
      { id: 'frankrike.burgund.ovrige', name: 'Øvrige', count: 2 },
    ]);
    const france = facets(['frankrike']);
    expect(named(france.regions, 'Øvrige')).toEqual([{ id: 'frankrike.ovrige', name: 'Øvrige', count: 1 }]);
    expect(named(france.subRegions, 'Øvrige')).toEqual([]);
  });

  it('name the parent of values that share a name, so each reads apart', () => {
    const two = facets(['frankrike.burgund', 'frankrike.bordeaux']);
    expect(named(two.subRegions, 'Øvrige')).toEqual([
      { id: 'frankrike.burgund.ovrige', name: 'Øvrige', count: 2, parent: 'Burgund' },
      { id: 'frankrike.bordeaux.ovrige', name: 'Øvrige', count: 1, parent: 'Bordeaux' },
    ]);
    expect(named(facets().subRegions, 'Fins Bois').map((sub) => sub.parent)).toEqual([
      'Cognac Brut',
      'Cognac Tradisjonell',
    ]);
    expect(named(facets(['frankrike', 'italia']).regions, 'Øvrige').map((region) => region.parent)).toEqual([
      'Frankrike',
      'Italia',
    ]);
    expect(facets().subRegions.find((sub) => sub.name === 'Chablis')).not.toHaveProperty('parent');
  });

  it('keep a chosen "Øvrige" listed even when its region is not chosen', () => {
    expect(named(facets(['italia.piemonte.ovrige']).subRegions, 'Øvrige')).toEqual([
      { id: 'italia.piemonte.ovrige', name: 'Øvrige', count: 1 },
    ]);
  });
});
