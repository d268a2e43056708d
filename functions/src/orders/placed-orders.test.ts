import { describe, expect, it } from 'vitest';
import { conversionOf } from './placed-orders';

const rates = { date: '2026-11-27', source: 'Test rates', nokPerUnit: { NOK: 1, EUR: 11.7, JPY: 0.067 } };

describe("an order's conversion into the cellar's currency", () => {
  it('converts NOK øre into euro cents at the recorded rate, and keeps the rate', () => {
    const toEur = conversionOf('NOK', 'EUR', rates);
    expect(toEur.exchangeRate).toEqual({
      from: 'NOK',
      to: 'EUR',
      rate: 0.085470085,
      nokPerUnit: 11.7,
      date: '2026-11-27',
      source: 'Test rates',
    });
    // 124.93 kr is 10.68 €, never 124.93 €.
    expect(toEur.unitCost(12_493)).toBe(1068);
    expect(toEur.unitCost(12_493)).toBe(Math.round(12_493 * (toEur.exchangeRate?.rate ?? 0)));
  });

  it('gives whole units to a currency without minor units', () => {
    // 124.93 kr at 0.067 NOK per yen: 1,865 yen.
    expect(conversionOf('NOK', 'JPY', rates).unitCost(12_493)).toBe(1865);
  });

  it('leaves an order in the supplier’s own currency as it is, without a rate', () => {
    const same = conversionOf('NOK', 'NOK', rates);
    expect(same.exchangeRate).toBeUndefined();
    expect(same.unitCost(12_493)).toBe(12_493);
  });
});
