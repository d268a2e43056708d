import { describe, expect, it } from 'vitest';
import { parseNok } from './portal-price-list';

describe('a price list price in NOK', () => {
  it('reads a decimal comma or point, with or without thousands separators', () => {
    expect(parseNok('199,50')).toBe(19_950);
    expect(parseNok('199.5')).toBe(19_950);
    expect(parseNok('1 234,00')).toBe(123_400);
    expect(parseNok('1.234,50')).toBe(123_450);
    expect(parseNok('1,234.50')).toBe(123_450);
    expect(parseNok('1234')).toBe(123_400);
  });

  it('reads the currency written before or after the amount', () => {
    expect(parseNok('kr 250')).toBe(25_000);
    expect(parseNok('250,-')).toBe(25_000);
    expect(parseNok('250 NOK')).toBe(25_000);
  });

  it('refuses text that is no amount', () => {
    expect(parseNok('gratis')).toBeNaN();
    expect(parseNok('-5')).toBeNaN();
    expect(parseNok('12,3,4a')).toBeNaN();
  });
});
