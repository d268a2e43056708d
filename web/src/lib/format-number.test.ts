import { describe, expect, it } from 'vitest';
import { formatCount, formatDecimal, formatPercent } from './format-number';

/** Intl's no-break spaces (U+00A0, U+202F) written as plain ones, to compare with what a person reads. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers in the language of the page', () => {
  it('groups counts the Norwegian and the English way', () => {
    expect(plain(formatCount(12345, 'nb'))).toBe('12 345');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(7, 'nb')).toBe('7');
  });

  it('keeps the groups of a large count together with a no-break space in Norwegian', () => {
    expect(formatCount(1234567, 'nb')).not.toMatch(/ /);
    expect(formatCount(1234567, 'nb')).toMatch(/1\s234\s567/);
  });

  it('writes percentages with the decimal sign of the language', () => {
    expect(plain(formatPercent(166.1, 'nb'))).toBe('166,1 %');
    expect(formatPercent(166.1, 'en')).toBe('166.1%');
    expect(plain(formatPercent(25, 'nb'))).toBe('25 %');
    // The sign never wraps away from the number.
    expect(formatPercent(166.1, 'nb')).not.toMatch(/ /);
  });

  it('rounds a percentage to one decimal without float noise', () => {
    expect(formatPercent(0.1 + 0.2, 'en')).toBe('0.3%');
    expect(plain(formatPercent(33.333, 'nb'))).toBe('33,3 %');
  });

  it('writes decimals with a comma in Norwegian and a point in English', () => {
    expect(formatDecimal(4.95, 'nb')).toBe('4,95');
    expect(formatDecimal(4.95, 'en')).toBe('4.95');
    expect(formatDecimal(2.5, 'en', 0)).toBe('3');
    expect(formatDecimal(11.7, 'nb', 4, 2)).toBe('11,70');
    expect(formatDecimal(11.70125, 'en', 4, 2)).toBe('11.7013');
  });
});
