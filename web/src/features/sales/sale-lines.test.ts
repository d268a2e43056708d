import { describe, expect, it } from 'vitest';
import {
  availableAt,
  canAddSaleLine,
  defaultLocationId,
  emptySale,
  glassesPerBottle,
  lineTotal,
  type SaleWine,
  saleTotal,
  startingUnitPrice,
  toSaleInput,
} from './sale-lines';

const wine: SaleWine = {
  id: 'w1',
  wineDisplayName: 'Barolo 2019',
  quantity: 9,
  placements: [
    { locationId: null, quantity: 2 },
    { locationId: 'loc-a', quantity: 7 },
  ],
  sellingPrice: 89_000,
  pricePerGlass: 15_000,
  bottleSize: 0.75,
};

describe('sale lines', () => {
  it('multiplies bottles by the price typed in the page language', () => {
    expect(lineTotal({ units: '2', unitPrice: '150,50' }, 'NOK', 'nb')).toBe(30_100);
    expect(lineTotal({ units: '3', unitPrice: '1,234.5' }, 'NOK', 'en')).toBe(370_350);
  });

  it('has no line total while a field is empty or no number', () => {
    expect(lineTotal({ units: '', unitPrice: '100' }, 'NOK', 'nb')).toBeNull();
    expect(lineTotal({ units: '2', unitPrice: 'abc' }, 'NOK', 'nb')).toBeNull();
  });

  it('adds up the lines it can and says when one is missing', () => {
    const lines = [
      { units: '2', unitPrice: '100' },
      { units: '1', unitPrice: '50' },
    ];
    expect(saleTotal(lines, 'NOK', 'nb')).toEqual({ total: 25_000, complete: true });
    expect(saleTotal([...lines, { units: 'x', unitPrice: '1' }], 'NOK', 'nb')).toEqual({
      total: 25_000,
      complete: false,
    });
  });

  it('takes bottles from the location with most by default', () => {
    expect(defaultLocationId(wine.placements)).toBe('loc-a');
    expect(defaultLocationId([{ locationId: null, quantity: 3 }])).toBe('uncategorized');
    expect(defaultLocationId([])).toBe('uncategorized');
  });

  it('knows the bottles at a location, Uncategorized included', () => {
    expect(availableAt(wine.placements, 'uncategorized')).toBe(2);
    expect(availableAt(wine.placements, 'loc-a')).toBe(7);
    expect(availableAt(wine.placements, 'elsewhere')).toBe(0);
  });

  it('pours whole glasses from a bottle', () => {
    expect(glassesPerBottle(0.75, 15)).toBe(5);
    expect(glassesPerBottle(0.75, 12)).toBe(6);
    expect(glassesPerBottle(1.5, 15)).toBe(10);
    expect(glassesPerBottle(0.75, 0)).toBe(0);
  });

  it('starts a line at the selling price, or by the glass at what the glasses bring in', () => {
    expect(startingUnitPrice(wine, false, 15)).toBe(89_000);
    expect(startingUnitPrice(wine, true, 15)).toBe(75_000);
    expect(startingUnitPrice({ ...wine, glassSize: 10 }, true, 15)).toBe(105_000);
    expect(startingUnitPrice({ ...wine, pricePerGlass: undefined }, true, 15)).toBeUndefined();
  });

  it('sends numbers that are no numbers as NaN for the schema to name', () => {
    const values = emptySale();
    values.customer.firstName = ' Kari ';
    values.products = [
      { key: 'a', wine, units: 'to', unitPrice: '100', byGlass: false, locationId: 'loc-a' },
    ];
    const input = toSaleInput(values, 'NOK', 'nb');
    expect(input.customer).toEqual({ firstName: 'Kari' });
    expect(input.contactPerson).toBeUndefined();
    expect(input.products[0]?.units).toBeNaN();
    expect(input.products[0]?.unitPrice).toBe(10_000);
  });
});

describe('adding a wine to the sale', () => {
  const lines = (wines: number, total: number) =>
    Array.from({ length: total }, (_, i) => ({ wine: { id: `w${i % wines}` } }));

  it('stops at 40 lines and at 25 different wines', () => {
    expect(canAddSaleLine(lines(24, 39))).toBe(true);
    expect(canAddSaleLine(lines(20, 40))).toBe(false);
    expect(canAddSaleLine(lines(25, 25))).toBe(false);
  });
});
