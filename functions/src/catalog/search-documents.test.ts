import { beforeAll, describe, expect, it } from 'vitest';
import { toSearchDoc, type WineRecord } from './catalog-store';
import { FACET_SEPARATOR, toOpenSearchDoc } from './search/opensearch-adapter';
import { SEARCH_DOCUMENT_ENTITY } from './search-document-fields';
import { searchDocumentItem, searchDocumentKey } from './search-documents';

beforeAll(() => {
  process.env.TABLE_NAME = 'kork';
});

const wine = {
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  status: 'active',
  source: 'KORK',
  externalIds: [{ kind: 'VinmonopoletID', value: '1101' }],
  name: 'Château Testvin Rouge',
  producer: 'Testvin Domaine',
  vintage: 2015,
  bottleSize: 0.75,
  mainCategoryId: 'red',
  country: 'Frankrike',
  region: 'Bordeaux',
  subRegion: 'Pauillac',
  grapes: [
    { name: 'Cabernet Sauvignon', share: 60 },
    { name: 'Merlot', share: 40 },
  ],
  foodPairings: ['Storfe'],
  priceMinor: 49990,
  priceCurrency: 'NOK',
  isAvailable: true,
  isHorecaAvailable: true,
  wholesaler: 'Vinhuset AS',
  expertCount: 2,
  expertSum: 185,
  communityCount: 1,
  communitySum: 80,
  expertIds: ['expert-b', 'expert-a'],
  contentHash: 'abc',
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-23T08:00:00.000Z',
  changeSeq: '2026-11-23T08:00:00.000Z#01JABCDEFGHJKMNPQRSTVWXYZ1',
} as unknown as WineRecord;

describe('the search document the pipeline lifts', () => {
  it("is the index's document of the wine as it is now, ratings and experts included", () => {
    const item = searchDocumentItem(wine);
    expect(item).toMatchObject({
      ...searchDocumentKey(wine.id),
      __edb_e__: SEARCH_DOCUMENT_ENTITY,
      id: wine.id,
      changeSeq: wine.changeSeq,
    });
    expect(item).not.toHaveProperty('removed');
    const document = JSON.parse(item.document as string);
    expect(document).toEqual(JSON.parse(JSON.stringify(toOpenSearchDoc(toSearchDoc(wine)))));
    // What the adapter filters and counts on: folded ids and `id␟name` keywords, the rating as averaged.
    expect(document.countries).toEqual(['frankrike']);
    expect(document.regions_facet).toEqual([`frankrike.bordeaux${FACET_SEPARATOR}Bordeaux`]);
    expect(document.experts).toEqual(['expert-a', 'expert-b']);
    expect(document.rating).toBe(92.5);
    expect(document.isRatedByExpert).toBe(true);
    expect(document.doc.communityRating).toBe(80);
  });

  it('follows a tasting note: the new sums give a new rating in the next document', () => {
    const noted = { ...wine, expertCount: 3, expertSum: 285, changeSeq: `${wine.changeSeq}2` } as WineRecord;
    expect(JSON.parse(searchDocumentItem(noted).document as string).rating).toBe(95);
  });

  it('leaves a tombstone without a document for a deleted or merged wine, stamped with its change', () => {
    for (const status of ['deleted', 'merged'] as const) {
      expect(searchDocumentItem({ ...wine, status } as WineRecord)).toEqual({
        ...searchDocumentKey(wine.id),
        __edb_e__: SEARCH_DOCUMENT_ENTITY,
        __edb_v__: '1',
        id: wine.id,
        changeSeq: wine.changeSeq,
        removed: true,
      });
    }
  });
});
