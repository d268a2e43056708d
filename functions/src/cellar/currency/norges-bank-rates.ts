/**
 * Norges Bank's official exchange rates (mid rates, published on business days around 16:00 CET) read
 * from its open SDMX API as SDMX-JSON. One request for every base currency against NOK:
 * `GET https://data.norges-bank.no/api/data/EXR/B..NOK.SP?format=sdmx-json&lastNObservations=1`.
 *
 * The answer is a cube: each series (key `FREQ:BASE_CUR:QUOTE_CUR:TENOR`, each part an index into that
 * dimension's values) holds observations keyed by an index into the TIME_PERIOD values, and its series
 * attributes are indexes into each attribute's values. UNIT_MULT says whether a rate is per 1 unit (0) or
 * per 100 units (2, e.g. SEK, DKK, JPY).
 */
import { CURRENCY_CODES, type CurrencyCode, REFERENCE_RATES } from '@kork/shared';
import type { RatesProvider } from './exchange-rate-service';

export const NORGES_BANK_SOURCE = 'Norges Bank';

const DEFAULT_TIMEOUT_MS = 10_000;

/** Without these two the answer is not the exchange rates Kork asked for. */
const REQUIRED: readonly CurrencyCode[] = ['EUR', 'USD'];

export interface NorgesBankRatesOptions {
  url: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The newest business day's rates. A Kork currency Norges Bank does not quote (RSD, BAM, ARS, CLP, VND,
 * SAR, AED), or whose last quote is older than that day (a suspended one, such as RUB's), keeps its
 * reference rate from `REFERENCE_RATES`: every stored day then has a rate for every currency, and a stale
 * quote is never presented as the day's. Anything unexpected in the answer throws, so nothing is stored
 * and the last good rates stay in use.
 */
export function norgesBankRates(options: NorgesBankRatesOptions): RatesProvider {
  return {
    async rates() {
      const doFetch = options.fetch ?? globalThis.fetch;
      let response: Response;
      try {
        response = await doFetch(options.url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
      } catch (error) {
        throw new NorgesBankRatesError(`request failed: ${(error as Error).message}`, { cause: error });
      }
      if (!response.ok) throw new NorgesBankRatesError(`answered HTTP ${response.status}`);
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        throw new NorgesBankRatesError('answered malformed JSON', { cause: error });
      }
      return parseNorgesBankRates(body);
    },
  };
}

export class NorgesBankRatesError extends Error {
  override name = 'NorgesBankRatesError';

  constructor(message: string, options?: ErrorOptions) {
    super(`Norges Bank exchange rates: ${message}`, options);
  }
}

/** NOK per unit of every Kork currency from an SDMX-JSON answer, with the date of the newest quotes. */
export function parseNorgesBankRates(body: unknown): {
  date: string;
  source: string;
  nokPerUnit: Record<CurrencyCode, number>;
} {
  // Norges Bank wraps the message in `data`; the SDMX-JSON 1.0 layout without it reads the same.
  const message = record(record(body, 'the answer').data ?? body, 'data');
  const dataSet = record(list(message.dataSets, 'dataSets')[0], 'dataSets[0]');
  const series = record(dataSet.series, 'dataSets[0].series');
  const structure = record(message.structure, 'structure');
  const dimensions = record(structure.dimensions, 'structure.dimensions');
  const attributes = record(structure.attributes, 'structure.attributes');

  const seriesDimensions = list(dimensions.series, 'structure.dimensions.series').map((d, i) =>
    record(d, `structure.dimensions.series[${i}]`),
  );
  const basePosition = seriesDimensions.findIndex((d) => d.id === 'BASE_CUR');
  const baseCurrencies = ids(seriesDimensions[basePosition], 'BASE_CUR');

  const periods = ids(
    list(dimensions.observation, 'structure.dimensions.observation')
      .map((d, i) => record(d, `structure.dimensions.observation[${i}]`))
      .find((d) => d.id === 'TIME_PERIOD'),
    'TIME_PERIOD',
  );
  for (const period of periods) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(period)) throw new NorgesBankRatesError(`unexpected date "${period}"`);
  }
  // Dates sort as text; the newest one is the day being stored.
  const date = [...periods].sort().at(-1);
  if (!date) throw new NorgesBankRatesError('no TIME_PERIOD values');

  const seriesAttributes = list(attributes.series, 'structure.attributes.series').map((a, i) =>
    record(a, `structure.attributes.series[${i}]`),
  );
  const unitMultPosition = seriesAttributes.findIndex((a) => a.id === 'UNIT_MULT');
  const unitMults = ids(seriesAttributes[unitMultPosition], 'UNIT_MULT');

  const kork = new Set<string>(CURRENCY_CODES);
  const published: Partial<Record<CurrencyCode, number>> = {};
  for (const [key, value] of Object.entries(series)) {
    const currency = baseCurrencies[Number(key.split(':')[basePosition])];
    if (!currency) throw new NorgesBankRatesError(`series ${key} names no known BASE_CUR`);
    // Currencies Kork does not offer (ISK, IDR, the synthetic indices …) are not read at all.
    if (!kork.has(currency)) continue;
    const entry = record(value, `series ${currency}`);
    const observations = record(entry.observations, `series ${currency} observations`);
    const onDate = Object.entries(observations).find(([index]) => periods[Number(index)] === date);
    // Not quoted on the newest day: the currency keeps its reference rate.
    if (!onDate) continue;
    const raw = list(onDate[1], `${currency} observation`)[0];
    const unitMultIndex = list(entry.attributes, `series ${currency} attributes`)[unitMultPosition];
    const unitMult = typeof unitMultIndex === 'number' ? unitMults[unitMultIndex] : undefined;
    published[currency as CurrencyCode] = rate(currency, raw, unitMult);
  }

  for (const currency of REQUIRED) {
    if (published[currency] === undefined) throw new NorgesBankRatesError(`no ${currency} rate on ${date}`);
  }
  const nokPerUnit = Object.fromEntries(
    CURRENCY_CODES.map((currency) => [
      currency,
      currency === 'NOK' ? 1 : (published[currency] ?? REFERENCE_RATES.nokPerUnit[currency]),
    ]),
  ) as Record<CurrencyCode, number>;
  return { date, source: NORGES_BANK_SOURCE, nokPerUnit };
}

/** NOK per one unit: the quoted value (per 10^UNIT_MULT units) with its decimal point moved. */
function rate(currency: string, value: unknown, unitMult: string | undefined): number {
  // Norges Bank sends the value as text; a JSON number is read the same way.
  const raw = typeof value === 'number' ? String(value) : value;
  if (typeof raw !== 'string' || !/^-?\d+(\.\d+)?$/.test(raw)) {
    throw new NorgesBankRatesError(`${currency} rate ${JSON.stringify(value)} is not a number`);
  }
  if (unitMult === undefined || !/^\d$/.test(unitMult)) {
    throw new NorgesBankRatesError(`${currency} has no usable UNIT_MULT (${String(unitMult)})`);
  }
  // Parsing with an exponent moves the decimal point without the rounding noise of a division.
  const perUnit = Number.parseFloat(`${raw}e-${unitMult}`);
  if (!(perUnit > 0) || !Number.isFinite(perUnit)) {
    throw new NorgesBankRatesError(`${currency} rate ${raw} is not positive`);
  }
  return perUnit;
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new NorgesBankRatesError(`${what} is missing or not an object`);
  }
  return value as Record<string, unknown>;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new NorgesBankRatesError(`${what} is missing or not a list`);
  return value;
}

/** The value ids of a dimension or attribute, in order (the indexes the series refer to). */
function ids(component: Record<string, unknown> | undefined, what: string): string[] {
  if (!component) throw new NorgesBankRatesError(`no ${what} in the structure`);
  return list(component.values, `${what} values`).map((v) => {
    const id = record(v, `${what} value`).id;
    if (typeof id !== 'string') throw new NorgesBankRatesError(`a ${what} value has no id`);
    return id;
  });
}
