import { CURRENCY_CODES, REFERENCE_RATES } from '@kork/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { referenceRates } from './exchange-rate-service';
import { NORGES_BANK_FIXTURE, serve } from './fixtures/norges-bank';
import { handler, ratesProvider } from './refresh-exchange-rates';

// The table is replaced by a recorder of what the job writes.
const table = vi.hoisted(() => ({
  put: vi.fn(),
  /** What the next batch writes leave unprocessed (throttled), one list per call. */
  unprocessed: [] as { date: string; currency: string }[][],
}));
vi.mock('../../data/entities', () => ({
  db: () => ({
    entities: {
      exchangeRate: {
        put: (items: unknown) => ({
          go: async () => {
            table.put(items);
            return { unprocessed: table.unprocessed.shift() ?? [] };
          },
        }),
      },
    },
  }),
}));

type StoredRate = { date: string; currency: string; nokPerUnit: number; source: string };

function stored(): StoredRate[] {
  expect(table.put).toHaveBeenCalledTimes(1);
  return table.put.mock.calls[0]?.[0] as StoredRate[];
}

describe('the exchange-rates job', () => {
  let close: (() => Promise<void>) | undefined;

  beforeEach(() => {
    table.put.mockReset();
    table.unprocessed = [];
  });

  afterEach(async () => {
    vi.unstubAllEnvs();
    await close?.();
    close = undefined;
  });

  it('stores the reference rates when no live feed is configured (locally)', async () => {
    vi.stubEnv('EXCHANGE_RATES_URL', '');
    expect(ratesProvider()).toBe(referenceRates);

    await expect(handler()).resolves.toContain(`stored for ${REFERENCE_RATES.asOf}`);
    const rates = stored();
    expect(rates).toHaveLength(CURRENCY_CODES.length);
    expect(rates.every((r) => r.date === REFERENCE_RATES.asOf && r.source === REFERENCE_RATES.source)).toBe(
      true,
    );
  });

  it("stores Norges Bank's day when EXCHANGE_RATES_URL is set", async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(NORGES_BANK_FIXTURE);
    });
    close = server.close;
    vi.stubEnv('EXCHANGE_RATES_URL', server.url);

    await expect(handler()).resolves.toBe(
      `${CURRENCY_CODES.length} exchange rates stored for 2025-11-14 (Norges Bank)`,
    );
    const rates = stored();
    expect(rates).toHaveLength(CURRENCY_CODES.length);
    expect(rates).toContainEqual({
      date: '2025-11-14',
      currency: 'EUR',
      nokPerUnit: 11.7265,
      source: 'Norges Bank',
    });
    expect(rates).toContainEqual({
      date: '2025-11-14',
      currency: 'JPY',
      nokPerUnit: 0.065321,
      source: 'Norges Bank',
    });
  });

  it('sends rates the table left unprocessed again, so none is dropped', async () => {
    vi.stubEnv('EXCHANGE_RATES_URL', '');
    const date = REFERENCE_RATES.asOf;
    table.unprocessed = [
      [
        { date, currency: 'EUR' },
        { date, currency: 'SEK' },
      ],
      [{ date, currency: 'SEK' }],
    ];

    await expect(handler()).resolves.toContain(`stored for ${date}`);
    expect(table.put).toHaveBeenCalledTimes(3);
    const currencies = (call: number) =>
      ((table.put.mock.calls[call]?.[0] ?? []) as StoredRate[]).map((r) => r.currency).sort();
    expect(currencies(0)).toHaveLength(CURRENCY_CODES.length);
    expect(currencies(1)).toEqual(['EUR', 'SEK']);
    expect(currencies(2)).toEqual(['SEK']);
  });

  it('throws and writes nothing when Norges Bank fails, so the last good rates stay', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(503).end();
    });
    close = server.close;
    vi.stubEnv('EXCHANGE_RATES_URL', server.url);

    await expect(handler()).rejects.toThrow('Norges Bank exchange rates: answered HTTP 503');
    expect(table.put).not.toHaveBeenCalled();
  });
});
