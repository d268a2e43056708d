import { describe, expect, it } from 'vitest';
import {
  boundText,
  minorText,
  moneyTextError,
  moneyTextToMinor,
  NOT_A_NUMBER,
  numberText,
  parseNumberText,
  schemaMoney,
  schemaNumber,
  TOO_MANY_DECIMALS,
} from './number-text';

describe('reading a typed number', () => {
  it.each([
    ['5', 5],
    ['-5', -5],
    ['−5', -5],
    ['2,5', 2.5],
    ['2.5', 2.5],
    [',5', 0.5],
    ['5,', 5],
    ['1 234,5', 1234.5],
    ['1\u00a0234,5', 1234.5],
    ['1\u202f234\u202f567', 1234567],
    ['  -100  ', -100],
    ['0', 0],
    ['007', 7],
  ])('in Norwegian reads %j as %d', (text, value) => {
    expect(parseNumberText(text, 'nb')).toBe(value);
  });

  it.each([
    ['5', 5],
    ['-5', -5],
    ['2.5', 2.5],
    ['.5', 0.5],
    ['1,234.5', 1234.5],
    ['1,234,567', 1234567],
    ['-100', -100],
  ])('in English reads %j as %d', (text, value) => {
    expect(parseNumberText(text, 'en')).toBe(value);
  });

  it.each(['', '   '])('reads an empty field (%j) as no number', (text) => {
    expect(parseNumberText(text, 'nb')).toBeNull();
    expect(parseNumberText(text, 'en')).toBeNull();
  });

  it.each([
    'abc',
    '1,2,3',
    '--5',
    '-',
    ',',
    '1e5',
    '5abc',
    '12 34',
    '1,234.5',
    '2,5.1',
    '+5',
    'Infinity',
    'NaN',
    '0x10',
  ])('in Norwegian finds no number in %j', (text) => {
    expect(parseNumberText(text, 'nb')).toBe(NOT_A_NUMBER);
  });

  it.each(['abc', '1,2,3', '--5', '2,5', '1,23', '1 234.5', '1.2.3', '1e5', '.'])(
    'in English finds no number in %j',
    (text) => {
      expect(parseNumberText(text, 'en')).toBe(NOT_A_NUMBER);
    },
  );

  it('hands a schema NaN for text that is no number, so it says "Must be a number"', () => {
    expect(schemaNumber('abc', 'nb')).toBeNaN();
    expect(schemaNumber('', 'nb')).toBeNull();
    expect(schemaNumber('-5', 'en')).toBe(-5);
  });
});

describe('writing a stored number as a field’s text', () => {
  it('uses the decimal comma in Norwegian and the point in English, never grouping', () => {
    expect(numberText(125.5, 'nb')).toBe('125,5');
    expect(numberText(125.5, 'en')).toBe('125.5');
    expect(numberText(2024, 'nb')).toBe('2024');
    expect(numberText(1234567, 'en')).toBe('1234567');
    expect(numberText(0.1, 'nb')).toBe('0,1');
  });

  it('is empty for no number, and caps the decimals when asked', () => {
    expect(numberText(null, 'nb')).toBe('');
    expect(numberText(undefined, 'en')).toBe('');
    expect(numberText(12.345, 'en', 1)).toBe('12.3');
  });

  it('reads back as the same number in both languages', () => {
    for (const value of [-1234.5, 0, 0.25, 75, 1_000_000]) {
      expect(parseNumberText(numberText(value, 'nb'), 'nb')).toBe(value);
      expect(parseNumberText(numberText(value, 'en'), 'en')).toBe(value);
    }
  });
});

describe('a bound in a hint', () => {
  it('groups five digits and more the local way, as the shared messages do, and leaves years alone', () => {
    expect(boundText(1_000_000, 'en')).toBe('1,000,000');
    expect(boundText(1_000_000, 'nb').replace(/\s/g, ' ')).toBe('1 000 000');
    expect(boundText(2027, 'nb')).toBe('2027');
    expect(boundText(99.5, 'nb')).toBe('99,5');
  });
});

describe('typed money', () => {
  it('becomes whole minor units of the currency, exactly', () => {
    expect(moneyTextToMinor('125,5', 'NOK', 'nb')).toBe(12550);
    expect(moneyTextToMinor('125.50', 'NOK', 'en')).toBe(12550);
    expect(moneyTextToMinor('1 234,56', 'NOK', 'nb')).toBe(123456);
    expect(moneyTextToMinor('0.29', 'EUR', 'en')).toBe(29);
    expect(moneyTextToMinor('1200', 'JPY', 'en')).toBe(1200);
    expect(moneyTextToMinor('', 'NOK', 'nb')).toBeNull();
  });

  it('keeps a minus sign for the schema to refuse', () => {
    expect(moneyTextToMinor('-100', 'NOK', 'nb')).toBe(-10000);
    expect(schemaMoney('-100', 'NOK', 'en')).toBe(-10000);
  });

  it('refuses more decimals than the currency has instead of rounding them away', () => {
    expect(moneyTextToMinor('12,345', 'NOK', 'nb')).toBe(TOO_MANY_DECIMALS);
    expect(moneyTextToMinor('1200.5', 'JPY', 'en')).toBe(TOO_MANY_DECIMALS);
    expect(moneyTextError('12,345', 'NOK', 'nb')).toBe('tooManyDecimals');
    expect(schemaMoney('12,345', 'NOK', 'nb')).toBeNaN();
    // Zeros past the currency's decimals lose nothing.
    expect(moneyTextToMinor('12,500', 'NOK', 'nb')).toBe(1250);
    expect(moneyTextError('12,50', 'NOK', 'nb')).toBeUndefined();
  });

  it('finds no amount in text that is no number', () => {
    expect(moneyTextToMinor('abc', 'NOK', 'nb')).toBe(NOT_A_NUMBER);
    expect(schemaMoney('abc', 'NOK', 'nb')).toBeNaN();
    expect(moneyTextError('abc', 'NOK', 'nb')).toBeUndefined();
  });

  it('is written with the currency’s decimals', () => {
    expect(minorText(12550, 'NOK', 'nb')).toBe('125,50');
    expect(minorText(12550, 'NOK', 'en')).toBe('125.50');
    expect(minorText(1200, 'JPY', 'en')).toBe('1200');
    expect(minorText(undefined, 'NOK', 'nb')).toBe('');
  });
});
