import { isValidOrganizationNumber, WEEKDAYS } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { caseSizeOf, demoStock, demoTerms } from './supplier-demo';

const ids = Array.from({ length: 400 }, (_, i) => `sup-wholesaler-${i}`);

describe("a new supplier's demo terms", () => {
  it('are the same every time, and plausible', () => {
    for (const id of ids) {
      const terms = demoTerms(id, 'Vinimport AS');
      expect(demoTerms(id, 'Vinimport AS')).toEqual(terms);
      expect(isValidOrganizationNumber(terms.organizationNumber)).toBe(true);
      expect(terms.organizationNumber.startsWith('9')).toBe(true);
      expect(terms.orderEmail).toBe(`ordre@${id.slice(4)}.example`);
      expect(terms.minimumOrderMinor === 0 || terms.minimumOrderMinor >= 100_000).toBe(true);
      expect(terms.minimumOrderMinor).toBeLessThanOrEqual(500_000);
      expect(terms.minimumOrderMinor % 50_000).toBe(0);
      expect(terms.deliveryDays).toHaveLength(2);
      expect(new Set(terms.deliveryDays).size).toBe(2);
      // In weekday order.
      expect(terms.deliveryDays).toEqual(WEEKDAYS.filter((day) => terms.deliveryDays.includes(day)));
      expect([1, 2, 3]).toContain(terms.leadTimeDays);
      expect(terms.description).not.toMatch(/\n/);
    }
  });

  it('spread over the choices', () => {
    const all = ids.map((id) => demoTerms(id, 'X'));
    expect(new Set(all.map((t) => t.city)).size).toBeGreaterThan(5);
    expect(new Set(all.map((t) => t.minimumOrderMinor)).size).toBe(10);
    expect(new Set(all.map((t) => t.deliveryDays.join())).size).toBe(10);
    expect(new Set(all.map((t) => t.organizationNumber)).size).toBe(ids.length);
  });
});

describe('the demo stock', () => {
  it('is the same every time: about 8 % out of stock, 20 % low, the rest 13–240', () => {
    const stocks = Array.from({ length: 20_000 }, (_, i) => demoStock(`sup-${i % 37}`, `wine-${i}`));
    expect(demoStock('sup-a', 'wine-1')).toBe(demoStock('sup-a', 'wine-1'));
    const out = stocks.filter((s) => s === 0).length / stocks.length;
    const low = stocks.filter((s) => s >= 1 && s <= 12).length / stocks.length;
    expect(out).toBeGreaterThan(0.065);
    expect(out).toBeLessThan(0.095);
    expect(low).toBeGreaterThan(0.18);
    expect(low).toBeLessThan(0.22);
    expect(Math.max(...stocks)).toBeLessThanOrEqual(240);
    expect(stocks.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
  });
});

describe('case sizes', () => {
  it('are 12 for small bottles, 6 up to a litre and 1 above', () => {
    expect(caseSizeOf(0.33)).toBe(12);
    expect(caseSizeOf(0.5)).toBe(12);
    expect(caseSizeOf(0.75)).toBe(6);
    expect(caseSizeOf(1)).toBe(6);
    expect(caseSizeOf(1.5)).toBe(1);
    expect(caseSizeOf(3)).toBe(1);
  });
});
