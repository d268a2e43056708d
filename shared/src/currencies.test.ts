import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_CODES,
  defaultCurrencyFor,
  displayCurrency,
  resolveCurrency,
} from './currencies';
import { localeFromAcceptLanguage } from './locales';

describe('currencies', () => {
  it('offers every currency of the specification once, each with a symbol', () => {
    expect(CURRENCIES).toHaveLength(34);
    expect(new Set(CURRENCIES.map((c) => c.code)).size).toBe(CURRENCY_CODES.length);
    for (const c of CURRENCIES) expect(c.symbol.length).toBeGreaterThan(0);
  });

  it('defaults to EUR when the code is unknown or missing', () => {
    expect(resolveCurrency('nok')).toBe('NOK');
    expect(resolveCurrency('XYZ')).toBe('EUR');
    expect(resolveCurrency(undefined)).toBe('EUR');
  });

  it("starts a new account in its country's currency: NOK in Norway, EUR when the country is unknown", () => {
    expect(defaultCurrencyFor('NO')).toBe('NOK');
    expect(defaultCurrencyFor(' no ')).toBe('NOK');
    expect(defaultCurrencyFor('DE')).toBe('EUR');
    expect(defaultCurrencyFor(undefined)).toBe('EUR');
    expect(defaultCurrencyFor('')).toBe('EUR');
  });

  it('maps Danish and Swedish to Norwegian, yen to yuan, Argentine and Chilean pesos to dollars for display', () => {
    expect(displayCurrency('DKK')).toBe('NOK');
    expect(displayCurrency('SEK')).toBe('NOK');
    expect(displayCurrency('JPY')).toBe('CNY');
    expect(displayCurrency('ARS')).toBe('USD');
    expect(displayCurrency('CLP')).toBe('USD');
    expect(displayCurrency('GBP')).toBe('GBP');
  });
});

describe('message language', () => {
  it('answers in Norwegian for nb, no and nn, otherwise in English', () => {
    expect(localeFromAcceptLanguage('nb-NO,nb;q=0.9,en;q=0.8')).toBe('nb');
    expect(localeFromAcceptLanguage('no')).toBe('nb');
    expect(localeFromAcceptLanguage('en-GB')).toBe('en');
    expect(localeFromAcceptLanguage('de')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });
});
