import { describe, expect, it } from 'vitest';
import { formatCompactMoney, formatMoney, formatWholeMoney, isLargeAmount } from './money';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money in the cellar', () => {
  it('writes an exact price with the currency’s minor units', () => {
    expect(plain(formatMoney(83117, 'NOK', 'nb'))).toBe('831,17 kr');
    expect(plain(formatMoney(83117, 'NOK', 'en'))).toBe('NOK 831.17');
    expect(formatMoney(1200, 'JPY', 'en')).toBe('¥1,200');
  });

  it('never leaves a breakable space inside an amount', () => {
    for (const locale of ['nb', 'en']) {
      expect(formatMoney(123456789, 'NOK', locale)).not.toMatch(/ /);
      expect(formatWholeMoney(123456789, 'NOK', locale)).not.toMatch(/ /);
      expect(formatCompactMoney(123456789, 'NOK', locale)).not.toMatch(/ /);
    }
  });

  it('rounds totals to whole kroner', () => {
    expect(plain(formatWholeMoney(123456789, 'NOK', 'nb'))).toBe('1 234 568 kr');
    expect(formatWholeMoney(123456789, 'NOK', 'en')).toBe('NOK\u00a01,234,568');
    expect(formatWholeMoney(1200, 'JPY', 'en')).toBe('¥1,200');
  });

  it('shortens large totals in both languages', () => {
    expect(plain(formatCompactMoney(123456789, 'NOK', 'nb'))).toBe('1,2 mill. kr');
    expect(plain(formatCompactMoney(123456789, 'NOK', 'en'))).toBe('NOK 1.2M');
    expect(plain(formatCompactMoney(12345600, 'NOK', 'nb'))).toBe('123,5k kr');
    expect(plain(formatCompactMoney(12345600, 'EUR', 'en'))).toBe('€123.5K');
    // A small amount has no decimals to add in its short form.
    expect(plain(formatCompactMoney(99900, 'NOK', 'en'))).toBe('NOK 999');
  });

  it('calls six-digit totals large, in whole units of their own currency', () => {
    expect(isLargeAmount(10_000_000, 'NOK')).toBe(true);
    expect(isLargeAmount(9_999_999, 'NOK')).toBe(false);
    expect(isLargeAmount(100_000, 'JPY')).toBe(true);
  });
});
