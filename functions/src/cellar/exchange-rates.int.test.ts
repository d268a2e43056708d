/**
 * One currency everywhere: the rates route the web converts cellar and sales amounts with, and what the
 * currency header changes on the cellar's and the sales' routes. Amounts are kept (and written) in the
 * cellar's base currency whatever the header says; the web converts them for display with the rates
 * this route answers, the same rates the cellar home converts its totals with on the server.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { storeRates } from '@kork/functions/cellar/currency/exchange-rate-service';
import { resetDashboardRates } from '@kork/functions/cellar/dashboard/dashboard-service';
import {
  type CellarDashboard,
  type CellarWine,
  convertMinor,
  type ExchangeRates,
  isStaleRate,
  REFERENCE_RATES,
  type Sale,
  type SalesList,
} from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant'],
  timeout: 120_000,
});
const { tokens } = accounts;
const R = 'restaurant';
const GBP = { 'x-currency': 'GBP' };

const rates = () => origin.api<ExchangeRates>('GET', '/api/exchange-rates');

describe('the exchange rates route', () => {
  it('answers the reference rates under their own date before any day is stored, and says they are old', async () => {
    const answer = await rates();
    expect(answer.status).toBe(200);
    expect(answer.payload.date).toBe(REFERENCE_RATES.asOf);
    expect(answer.payload.source).toBe(REFERENCE_RATES.source);
    expect(answer.payload.nokPerUnit.GBP).toBe(REFERENCE_RATES.nokPerUnit.GBP);
    expect(isStaleRate(answer.payload.date)).toBe(true);
  });

  it('answers the newest stored day once the rates job has run, to anyone (no sign-in)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await storeRates({
      async rates() {
        return {
          date: today,
          source: 'Test rates',
          nokPerUnit: { ...REFERENCE_RATES.nokPerUnit, GBP: 13.4 },
        };
      },
    });
    resetDashboardRates();
    const answer = await rates();
    expect(answer.status).toBe(200);
    expect(answer.payload).toMatchObject({ date: today, source: 'Test rates' });
    expect(answer.payload.nokPerUnit.GBP).toBe(13.4);
    expect(isStaleRate(answer.payload.date)).toBe(false);
  });
});

describe('the currency header on the cellar and the sales', () => {
  it('keeps amounts in the base currency on every write and read; converted with the route’s rates they match the cellar home', async () => {
    const { payload: day } = await rates();
    // Written while the viewer reads pounds: the typed kroner are stored as kroner.
    const added = await origin.api<CellarWine>('POST', `${accounts.base(R)}/own-wines`, {
      token: tokens[R],
      headers: GBP,
      json: {
        source: 'CUSTOM',
        wineName: 'Valuta Rød',
        bottleSize: 0.75,
        quantity: 2,
        purchasePriceWovat: 107_200,
        sellingPrice: 134_000,
      },
    });
    expect(added.status).toBe(201);
    expect(added.payload).toMatchObject({ currency: 'NOK', sellingPrice: 134_000 });

    const listed = await origin.api<{ rows: CellarWine[] }>(
      'GET',
      `${accounts.base(R)}/own-wines?search=Valuta`,
      { token: tokens[R], headers: GBP },
    );
    expect(listed.status).toBe(200);
    const wine = listed.payload.rows.find((row) => row.id === added.payload.id);
    expect(wine).toMatchObject({ currency: 'NOK', sellingPrice: 134_000 });
    // What the page shows: £100.00 for kr 1 340,00 at 13.4.
    expect(convertMinor(wine?.sellingPrice ?? 0, 'NOK', 'GBP', day.nokPerUnit)).toBe(10_000);

    const sold = await origin.api<Sale>('POST', `${accounts.base(R)}/sales`, {
      token: tokens[R],
      headers: GBP,
      json: { date: '2026-01-15', products: [{ ownWineId: added.payload.id, units: 1, unitPrice: 134_000 }] },
    });
    expect(sold.error).toBeUndefined();
    expect(sold.payload).toMatchObject({ currency: 'NOK', totalPrice: 134_000 });
    const sales = await origin.api<SalesList>('GET', `${accounts.base(R)}/sales?search=Valuta`, {
      token: tokens[R],
      headers: GBP,
    });
    expect(sales.payload.currency).toBe('NOK');
    expect(sales.payload.rows.map((sale) => sale.totalPrice)).toEqual([134_000]);
    expect(convertMinor(sales.payload.totals.totalPrice, 'NOK', 'GBP', day.nokPerUnit)).toBe(10_000);

    // The cellar home converts on the server with the same day's rates.
    const home = await origin.api<CellarDashboard>('GET', `${accounts.base(R)}/dashboard`, {
      token: tokens[R],
      headers: GBP,
    });
    expect(home.payload).toMatchObject({ baseCurrency: 'NOK', viewCurrency: 'GBP' });
    expect(home.payload.rate).toMatchObject({ date: day.date, source: day.source });
    expect(home.payload.viewTotals.sellingValue).toBe(
      convertMinor(home.payload.totals.sellingValue, 'NOK', 'GBP', day.nokPerUnit),
    );
  });
});
