import { CURRENCY_COOKIE } from '@kork/shared';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptAccountCurrency, getCurrency, setCurrency } from './currency';

describe("a signed-in person's currency on a device", () => {
  afterEach(() => Cookies.remove(CURRENCY_COOKIE, { path: '/' }));

  it("takes the account's currency where this device chose none", () => {
    Cookies.remove(CURRENCY_COOKIE, { path: '/' });
    adoptAccountCurrency('NOK');
    expect(getCurrency()).toBe('NOK');
  });

  it('keeps a currency chosen on this device', () => {
    setCurrency('GBP');
    adoptAccountCurrency('NOK');
    expect(getCurrency()).toBe('GBP');
  });

  it('ignores an account without a known currency', () => {
    Cookies.remove(CURRENCY_COOKIE, { path: '/' });
    adoptAccountCurrency('XXX');
    adoptAccountCurrency(undefined);
    expect(Cookies.get(CURRENCY_COOKIE)).toBeUndefined();
  });
});
