import { CURRENCY_CODES, REFERENCE_RATES } from '@kork/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  NORGES_BANK_FIXTURE,
  type NorgesBankAnswer,
  norgesBankAnswer,
  seriesOf,
  serve,
} from './fixtures/norges-bank';
import { NorgesBankRatesError, norgesBankRates } from './norges-bank-rates';

const URL = 'https://data.norges-bank.no/api/data/EXR/B..NOK.SP?format=sdmx-json&lastNObservations=1';

/** A `fetch` that answers every request with `body` and `status`, and records what it was asked. */
function answering(body: string, status = 200) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fake = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetch: fake, calls };
}

function ratesFrom(answer: NorgesBankAnswer | string, status = 200) {
  const body = typeof answer === 'string' ? answer : JSON.stringify(answer);
  return norgesBankRates({ url: URL, fetch: answering(body, status).fetch }).rates();
}

const EUR = '0:1:0:0';
const USD = '0:7:0:0';

describe("Norges Bank's exchange rates", () => {
  it('reads NOK per unit from the SDMX-JSON answer, per 100 units where UNIT_MULT is 2', async () => {
    const { fetch, calls } = answering(NORGES_BANK_FIXTURE);
    const rates = await norgesBankRates({ url: URL, fetch }).rates();

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(URL);
    expect(calls[0]?.init?.signal).toBeInstanceOf(AbortSignal);
    expect(rates.source).toBe('Norges Bank');
    expect(rates.nokPerUnit).toMatchObject({
      NOK: 1,
      EUR: 11.7265,
      USD: 10.0872,
      GBP: 13.3148,
      SEK: 1.06487,
      DKK: 1.57012,
      JPY: 0.065321,
    });
  });

  it("dates the set by the newest TIME_PERIOD, not today's date", async () => {
    expect((await ratesFrom(norgesBankAnswer())).date).toBe('2025-11-14');
  });

  it('keeps the reference rate of a currency Norges Bank does not quote, or quoted last on an older day', async () => {
    const { nokPerUnit } = await ratesFrom(norgesBankAnswer());
    // AED and RSD are not published; RUB's last quote (2022-03-01) is older than the day.
    expect(nokPerUnit.AED).toBe(REFERENCE_RATES.nokPerUnit.AED);
    expect(nokPerUnit.RSD).toBe(REFERENCE_RATES.nokPerUnit.RSD);
    expect(nokPerUnit.RUB).toBe(REFERENCE_RATES.nokPerUnit.RUB);
    // A complete set: one positive rate for every Kork currency, and nothing else (no ISK).
    expect(Object.keys(nokPerUnit).sort()).toEqual([...CURRENCY_CODES].sort());
    for (const code of CURRENCY_CODES) expect(nokPerUnit[code], code).toBeGreaterThan(0);
  });

  it('reads over HTTP from the configured address', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.sdmx.data+json' }).end(NORGES_BANK_FIXTURE);
    });
    try {
      const rates = await norgesBankRates({ url: server.url }).rates();
      expect(rates).toMatchObject({ date: '2025-11-14', nokPerUnit: { EUR: 11.7265 } });
    } finally {
      await server.close();
    }
  });

  describe('rejects an answer it cannot trust', () => {
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await close?.();
      close = undefined;
    });

    it('an HTTP error', async () => {
      const server = await serve((_req, res) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      });
      close = server.close;
      await expect(norgesBankRates({ url: server.url }).rates()).rejects.toThrow(
        new NorgesBankRatesError('answered HTTP 500'),
      );
    });

    it('no answer within the timeout', async () => {
      const server = await serve(() => {
        // Never answers.
      });
      close = server.close;
      await expect(norgesBankRates({ url: server.url, timeoutMs: 50 }).rates()).rejects.toThrow(
        /Norges Bank exchange rates: request failed/,
      );
    });

    it('malformed JSON', async () => {
      await expect(ratesFrom(NORGES_BANK_FIXTURE.slice(0, 500))).rejects.toThrow(
        new NorgesBankRatesError('answered malformed JSON'),
      );
      await expect(ratesFrom('<html>Service Unavailable</html>')).rejects.toThrow(/malformed JSON/);
    });

    it('JSON that is not an SDMX-JSON data message', async () => {
      await expect(ratesFrom('{"errors":[{"code":500}]}')).rejects.toThrow(/dataSets is missing/);
      await expect(ratesFrom('[]')).rejects.toThrow(/the answer is missing or not an object/);
    });

    it('a zero or negative rate', async () => {
      for (const value of ['0', '0.0000', '-11.7265']) {
        const answer = norgesBankAnswer();
        seriesOf(answer, EUR).observations['1'] = [value];
        await expect(ratesFrom(answer), value).rejects.toThrow(`EUR rate ${value} is not positive`);
      }
    });

    it('a rate that is not a number', async () => {
      for (const value of ['NaN', '', '11,7265']) {
        const answer = norgesBankAnswer();
        seriesOf(answer, USD).observations['1'] = [value];
        await expect(ratesFrom(answer), value).rejects.toThrow(/USD rate .* is not a number/);
      }
    });

    it('no EUR or USD rate on the day', async () => {
      const withoutEur = norgesBankAnswer();
      delete withoutEur.data.dataSets[0]?.series[EUR];
      await expect(ratesFrom(withoutEur)).rejects.toThrow(
        new NorgesBankRatesError('no EUR rate on 2025-11-14'),
      );

      const staleUsd = norgesBankAnswer();
      seriesOf(staleUsd, USD).observations = { '0': ['9.9012'] };
      await expect(ratesFrom(staleUsd)).rejects.toThrow('no USD rate on 2025-11-14');
    });

    it('a rate without its unit multiplier', async () => {
      const noUnit = norgesBankAnswer();
      noUnit.data.structure.attributes.series = noUnit.data.structure.attributes.series.filter(
        (a) => a.id !== 'UNIT_MULT',
      );
      await expect(ratesFrom(noUnit)).rejects.toThrow('no UNIT_MULT in the structure');

      const nullUnit = norgesBankAnswer();
      seriesOf(nullUnit, EUR).attributes[2] = null;
      await expect(ratesFrom(nullUnit)).rejects.toThrow('EUR has no usable UNIT_MULT');
    });
  });
});
