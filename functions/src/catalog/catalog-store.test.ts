import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../data/entities';
import { type WineRecord, wineItem } from './catalog-store';

beforeAll(() => {
  process.env.TABLE_NAME = 'kork';
});

const wine = {
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  status: 'active',
  source: 'KORK',
  externalIds: [{ kind: 'VinmonopoletID', value: '1101' }],
  name: 'Løiten Linie',
  producer: 'Arcus',
  bottleSize: 0.7,
  mainCategoryId: 'spirits',
  grapes: [{ name: 'Poteter' }, { name: 'Merlot', share: 40 }],
  foodPairings: ['Fisk'],
  priceMinor: 39990,
  priceCurrency: 'NOK',
  isAvailable: true,
  isHorecaAvailable: true,
  expertCount: 1,
  expertSum: 92,
  communityCount: 0,
  communitySum: 0,
  expertIds: ['demo-expert'],
  contentHash: 'abc',
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
  changeSeq: '2026-11-22T08:00:00.000Z#01JABCDEFGHJKMNPQRSTVWXYZ1',
} as unknown as WineRecord;

describe('the bulk import item of a wine', () => {
  it('is the item ElectroDB writes for the same wine, keys included', () => {
    const expected = db().entities.wine.put(wine).params().Item as Record<string, unknown>;
    const built = wineItem(wine);
    expect({ ...built, expertIds: [...(built.expertIds as Set<string>)] }).toEqual({
      ...expected,
      expertIds: [...(expected.expertIds as Set<string>)],
    });
  });

  it('fills the defaults of a new wine and leaves out an empty expert set', () => {
    const fresh = { ...wine, expertIds: undefined, isHorecaAvailable: undefined } as unknown as WineRecord;
    const expected = db().entities.wine.put(fresh).params().Item as Record<string, unknown>;
    expect(wineItem(fresh)).toEqual(expected);
  });
});
