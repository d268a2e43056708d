import { describe, expect, it } from 'vitest';
import { formatListPrice, priceStars, printedPrice } from './prices';
import { qrModules } from './qr';

const NBSP = '\u00a0';

describe('formatListPrice', () => {
  it('prints Norwegian kroner with a no-break space between thousands, decimals only when not whole', () => {
    expect(formatListPrice(129_000, 'NOK', 'nb')).toBe(`kr${NBSP}1${NBSP}290`);
    expect(formatListPrice(12_950, 'NOK', 'nb')).toBe(`kr${NBSP}129,50`);
    expect(formatListPrice(12_905, 'NOK', 'nb')).toBe(`kr${NBSP}129,05`);
    expect(formatListPrice(0, 'NOK', 'nb')).toBe(`kr${NBSP}0`);
    expect(formatListPrice(123_456_700, 'SEK', 'nb')).toBe(`kr${NBSP}1${NBSP}234${NBSP}567`);
  });

  it('prints English with the code and commas', () => {
    expect(formatListPrice(129_000, 'NOK', 'en')).toBe(`NOK${NBSP}1,290`);
    expect(formatListPrice(12_950, 'NOK', 'en')).toBe(`NOK${NBSP}129.50`);
    expect(formatListPrice(129_000, 'DKK', 'en')).toBe(`DKK${NBSP}1,290`);
  });

  it('puts €, $ and £ first in both languages, other currencies as their code', () => {
    expect(formatListPrice(4_550, 'EUR', 'en')).toBe('€45.50');
    expect(formatListPrice(4_550, 'EUR', 'nb')).toBe(`€${NBSP}45,50`);
    expect(formatListPrice(100_000, 'USD', 'en')).toBe('$1,000');
    expect(formatListPrice(2_000, 'GBP', 'en')).toBe('£20');
    expect(formatListPrice(2_000, 'CHF', 'nb')).toBe(`CHF${NBSP}20`);
    expect(formatListPrice(1_500_000, 'JPY', 'en')).toBe(`JPY${NBSP}1,500,000`);
  });
});

describe('printedPrice', () => {
  it('prints each format', () => {
    expect(printedPrice(129_000, 'display', 'NOK', 'nb')).toEqual({
      kind: 'text',
      text: `kr${NBSP}1${NBSP}290`,
    });
    expect(printedPrice(129_000, 'blank', 'NOK', 'nb')).toEqual({ kind: 'none' });
    expect(printedPrice(129_000, 'POD', 'NOK', 'nb')).toEqual({ kind: 'text', text: 'Pris på forespørsel' });
    expect(printedPrice(undefined, 'POD', 'NOK', 'en')).toEqual({ kind: 'text', text: 'Price on request' });
    expect(printedPrice(129_000, 'PPF', 'NOK', 'nb')).toEqual({
      kind: 'text',
      text: `kr${NBSP}1${NBSP}290 / fl.`,
    });
    expect(printedPrice(129_000, 'PPF', 'NOK', 'en')).toEqual({
      kind: 'text',
      text: `NOK${NBSP}1,290 / btl.`,
    });
    expect(printedPrice(12_000, 'PPF', 'NOK', 'nb', 'glass')).toEqual({ kind: 'text', text: `kr${NBSP}120` });
    expect(printedPrice(129_000, 'stars', 'NOK', 'nb')).toEqual({ kind: 'stars', stars: 3 });
  });

  it('prints nothing without a price in display, PPF and stars', () => {
    for (const format of ['display', 'PPF', 'stars'] as const) {
      expect(printedPrice(undefined, format, 'NOK', 'nb')).toEqual({ kind: 'none' });
    }
  });

  it('bands stars at 400, 800, 1 600 and 3 200 major units', () => {
    expect(priceStars(0, 'NOK')).toBe(1);
    expect(priceStars(39_999, 'NOK')).toBe(1);
    expect(priceStars(40_000, 'NOK')).toBe(2);
    expect(priceStars(79_999, 'NOK')).toBe(2);
    expect(priceStars(80_000, 'NOK')).toBe(3);
    expect(priceStars(160_000, 'NOK')).toBe(4);
    expect(priceStars(319_999, 'NOK')).toBe(4);
    expect(priceStars(320_000, 'NOK')).toBe(5);
    expect(priceStars(3_200, 'JPY')).toBe(5);
    expect(priceStars(7_999, 'NOK', 'glass')).toBe(1);
    expect(priceStars(8_000, 'NOK', 'glass')).toBe(2);
    expect(priceStars(64_000, 'NOK', 'glass')).toBe(5);
  });
});

describe('qrModules', () => {
  it('is a square of dark and light modules with finder patterns', () => {
    const modules = qrModules('https://kork.example/lists/abc');
    expect(modules.length).toBeGreaterThanOrEqual(21);
    for (const row of modules) expect(row).toHaveLength(modules.length);
    expect(modules[0]?.slice(0, 7)).toEqual([true, true, true, true, true, true, true]);
    expect(modules[1]?.slice(0, 7)).toEqual([true, false, false, false, false, false, true]);
  });
});
