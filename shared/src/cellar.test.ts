import { describe, expect, it } from 'vitest';
import { CellarSettingsInput, defaultVats, withoutVat, withVat } from './cellar';

describe('VAT', () => {
  it('adds and removes 25 % Norwegian VAT in minor units', () => {
    expect(withVat(20000, 25)).toBe(25000);
    expect(withoutVat(25000, 25)).toBe(20000);
    // 399.90 inc VAT is 319.92 without.
    expect(withoutVat(39990, 25)).toBe(31992);
  });

  it('rounds to the nearest minor unit and survives a round trip within one unit', () => {
    for (const price of [1, 99, 12345, 39990, 1_000_001]) {
      for (const vat of [0, 15, 25]) {
        expect(Math.abs(withVat(withoutVat(price, vat), vat) - price)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('defaults every style to 25 %', () => {
    expect(new Set(Object.values(defaultVats()))).toEqual(new Set([25]));
    expect(Object.keys(defaultVats())).toContain('sparkling');
  });
});

describe('cellar settings', () => {
  it('accept a glass size up to 99 cl and reject 100', () => {
    expect(CellarSettingsInput.safeParse({ defaultGlassSize: 99 }).success).toBe(true);
    const tooLarge = CellarSettingsInput.safeParse({ defaultGlassSize: 100 });
    expect(tooLarge.success).toBe(false);
    expect(tooLarge.error?.issues[0]?.message).toBe('glassSizeTooLarge');
  });

  it('accept VAT per known style between 0 and 100 only', () => {
    expect(CellarSettingsInput.safeParse({ vats: { red: 25, beer: 15 } }).success).toBe(true);
    expect(CellarSettingsInput.safeParse({ vats: { red: 125 } }).success).toBe(false);
    expect(CellarSettingsInput.safeParse({ vats: { cola: 25 } }).success).toBe(false);
    expect(CellarSettingsInput.safeParse({ baseCurrency: 'XXX' }).success).toBe(false);
  });
});
