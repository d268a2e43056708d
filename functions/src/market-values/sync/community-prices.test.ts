import { describe, expect, it } from 'vitest';
import { communityPriceOf } from './community-prices';

const key = { vintage: 2015, bottleSize: 0.75 };
const nok = (ownerId: string, price?: number, over: object = {}) => ({
  ownerId,
  vintage: 2015,
  bottleSize: 0.75,
  currency: 'NOK' as const,
  ...(price === undefined ? {} : { purchasePriceWovat: price }),
  ...over,
});

describe("the community's price", () => {
  it('is not made of a single owner, however many bottles they bought', () => {
    expect(communityPriceOf(key, [nok('a', 20_000), nok('a', 30_000)], {})).toBeUndefined();
  });

  it('averages per owner first, then across owners', () => {
    expect(communityPriceOf(key, [nok('a', 20_000), nok('a', 30_000), nok('b', 40_000)], {})).toEqual({
      average: 32_500,
      owners: 2,
      currency: 'NOK',
    });
  });

  it('leaves out owners without a purchase price, other vintages and other bottle sizes', () => {
    const prices = [
      nok('a', 20_000),
      nok('b'),
      nok('c', 90_000, { vintage: 2016 }),
      nok('d', 90_000, { bottleSize: 1.5 }),
    ];
    expect(communityPriceOf(key, prices, {})).toBeUndefined();
  });

  it('converts other cellar currencies to NOK with the given rates', () => {
    const prices = [nok('a', 20_000), nok('b', 2_000, { currency: 'EUR' })];
    // 20.00 EUR at 11.5 NOK is 230.00 NOK; the average with 200.00 NOK is 215.00 NOK.
    expect(communityPriceOf(key, prices, { EUR: 11.5 })?.average).toBe(21_500);
  });
});
