import { describe, expect, it } from 'vitest';
import { type CellarWineRecord, toCellarWine } from '../cellar/kernel/wine-records';
import { restamp, restampReversal } from './price-writes';

function record(own: Record<string, unknown>, updatedAt = '2026-01-01T00:00:00.000Z'): CellarWineRecord {
  return {
    ownerId: 'o1',
    id: 'w1',
    cellarId: 'c1',
    source: 'CUSTOM',
    wineName: 'Pris',
    producerName: 'Hus',
    vintage: 2020,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    quantity: 3,
    placements: { _: 3 },
    own,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt,
  } as unknown as CellarWineRecord;
}

const underReview = {
  purchasePriceWvat: 14_000,
  sellingPrice: 25_000,
  purchasePriceChangedAt: '2026-01-02T00:00:00.000Z',
  sellingPriceSetAt: '2026-01-01T00:00:00.000Z',
  previousPurchasePriceWvat: 10_000,
};

describe('restamp', () => {
  it('sets the stamp after the read, prices untouched', () => {
    const before = record(underReview);
    const { after } = restamp(before, { sellingPriceSetAt: '2026-01-03T00:00:00.000Z' });
    expect(after.own).toEqual({ ...underReview, sellingPriceSetAt: '2026-01-03T00:00:00.000Z' });
    expect(after.updatedAt > before.updatedAt).toBe(true);
    expect(before.own).toEqual(underReview);
  });
});

describe('restampReversal', () => {
  const written = restamp(record(underReview), { sellingPriceSetAt: '2026-01-03T00:00:00.000Z' });

  it('puts a wine still as the restamp left it back as it was', () => {
    const reversal = restampReversal(written, written.after);
    expect(reversal?.before).toBe(written.after);
    expect(reversal?.after.own).toEqual(underReview);
    expect((reversal?.after.updatedAt ?? '') > written.after.updatedAt).toBe(true);
  });

  it('gives a wine changed since back only the stamp that is still the restamp’s', () => {
    const since = record(
      { ...(written.after.own as object), purchaseNote: 'ny' },
      '2026-01-04T00:00:00.000Z',
    );
    expect(restampReversal(written, since)?.after.own).toEqual({ ...underReview, purchaseNote: 'ny' });
    const repriced = record(
      { ...underReview, sellingPrice: 30_000, sellingPriceSetAt: '2026-01-04T00:00:00.000Z' },
      '2026-01-04T00:00:00.000Z',
    );
    expect(restampReversal(written, repriced)).toBeUndefined();
  });

  it('leaves a wine the restamp never reached', () => {
    expect(restampReversal(written, record(underReview))).toBeUndefined();
  });
});

describe('cellar wine rows', () => {
  it('leave out the purchase price a review compares against', () => {
    const wine = toCellarWine(record(underReview), 'NOK');
    expect(wine).not.toHaveProperty('previousPurchasePriceWvat');
    expect(wine).toMatchObject({ purchasePriceWvat: 14_000, sellingPrice: 25_000 });
  });
});
