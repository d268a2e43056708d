/**
 * The cloud valuation provider: a configured HTTPS market-price API in the shape of Wine-Searcher's
 * (docs/market-value.md, "Providers"). One request per wine, by LWIN-11 when known, else by name,
 * vintage and bottle size, in NOK:
 *
 *   GET <VALUATION_PROVIDER_URL>?lwin=10122922010&currency=NOK
 *   GET <VALUATION_PROVIDER_URL>?name=Château+Example&vintage=2010&size=750&currency=NOK
 *   x-api-key: <the key from Secrets Manager, VALUATION_PROVIDER_SECRET_ARN>
 *
 *   200 {"currency":"NOK","averagePrice":1234.5,"minPrice":999,"maxPrice":1500,"offers":14,"bottleSizeMl":750}
 *   404 the provider does not know the wine
 *
 * Prices are major units per bottle, ex-tax. Each request has a timeout; network errors, 429 and 5xx are
 * tried again (three attempts in all) after an exponential backoff with jitter, or after the answer's
 * Retry-After. An answer that does not match the shape is a `failed` miss, never a wrong price.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { CURRENCY_CODES, type CurrencyCode, currency as currencyOf } from '@kork/shared';
import * as z from 'zod/mini';
import { requireEnv } from '../platform/env';
import type {
  ValuationMiss,
  ValuationProviderPort,
  ValuationQuote,
  ValuationRequest,
} from './valuation-provider-types';

const Answer = z.object({
  currency: z.enum(CURRENCY_CODES),
  averagePrice: z.optional(z.nullable(z.number().check(z.gt(0), z.lt(100_000_000)))),
  minPrice: z.optional(z.nullable(z.number().check(z.gt(0), z.lt(100_000_000)))),
  maxPrice: z.optional(z.nullable(z.number().check(z.gt(0), z.lt(100_000_000)))),
  offers: z.number().check(z.int(), z.gte(0)),
  bottleSizeMl: z.optional(z.number().check(z.int(), z.gt(0), z.lte(30_000))),
});

export interface HttpsValuationOptions {
  /** The API's address; `VALUATION_PROVIDER_URL` unless given. */
  url?: string;
  /** The key; read once from Secrets Manager (`VALUATION_PROVIDER_SECRET_ARN`) unless given. */
  apiKey?: () => Promise<string>;
  /** Per-request timeout. */
  timeoutMs?: number;
  /** Attempts per wine in all. */
  attempts?: number;
  /** The first retry's delay; each next one doubles, with up to as much again of jitter. */
  baseDelayMs?: number;
  /** The longest wait a Retry-After may ask for. */
  maxDelayMs?: number;
  /** Wines asked at once. */
  concurrency?: number;
  currency?: CurrencyCode;
}

let cachedKey: Promise<string> | undefined;

/** The provider's key from Secrets Manager: a plain string or JSON `{"apiKey": "…"}`, read once. */
export function secretApiKey(): Promise<string> {
  cachedKey ??= (async () => {
    const client = new SecretsManagerClient({});
    const { SecretString } = await client.send(
      new GetSecretValueCommand({ SecretId: requireEnv('VALUATION_PROVIDER_SECRET_ARN') }),
    );
    if (!SecretString) throw new Error('The valuation provider secret is empty');
    const text = SecretString.trim();
    if (text.startsWith('{')) {
      const parsed = JSON.parse(text) as { apiKey?: unknown };
      if (typeof parsed.apiKey !== 'string' || !parsed.apiKey) {
        throw new Error('The valuation provider secret has no apiKey');
      }
      return parsed.apiKey;
    }
    return text;
  })().catch((error) => {
    cachedKey = undefined;
    throw error;
  });
  return cachedKey;
}

class Retryable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function queryOf(request: ValuationRequest, currency: CurrencyCode): URLSearchParams {
  const query = new URLSearchParams();
  if (request.lwin11) query.set('lwin', request.lwin11);
  else {
    const producer = request.producerName;
    const named = producer && !request.wineName.toLowerCase().includes(producer.toLowerCase());
    query.set('name', named ? `${producer} ${request.wineName}` : request.wineName);
    query.set('vintage', request.vintage === null ? 'NV' : String(request.vintage));
    query.set('size', String(Math.round(request.bottleSize * 1000)));
  }
  query.set('currency', currency);
  return query;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function httpsValuationProvider(options: HttpsValuationOptions = {}): ValuationProviderPort {
  const timeoutMs = options.timeoutMs ?? 5000;
  const attempts = options.attempts ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 20_000;
  const concurrency = options.concurrency ?? 5;
  const currency = options.currency ?? 'NOK';
  const apiKey = options.apiKey ?? secretApiKey;

  /** One wine: a quote, or why there is none. */
  async function ask(request: ValuationRequest, day: string): Promise<ValuationQuote | ValuationMiss> {
    const url = new URL(options.url ?? requireEnv('VALUATION_PROVIDER_URL'));
    for (const [name, value] of queryOf(request, currency)) url.searchParams.set(name, value);
    const key = await apiKey();
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(url, key, request, day);
      } catch (error) {
        if (!(error instanceof Retryable) && !isNetworkError(error)) {
          return { key: request.key, reason: 'failed' };
        }
        if (attempt >= attempts) return { key: request.key, reason: 'failed' };
        const backoff = baseDelayMs * 2 ** (attempt - 1);
        const jitter = Math.random() * backoff;
        const asked = error instanceof Retryable ? error.retryAfterMs : undefined;
        await sleep(Math.min(maxDelayMs, asked ?? backoff + jitter));
      }
    }
  }

  async function once(
    url: URL,
    key: string,
    request: ValuationRequest,
    day: string,
  ): Promise<ValuationQuote | ValuationMiss> {
    const response = await fetch(url, {
      headers: { 'x-api-key': key, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return { key: request.key, reason: 'unknown' };
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new Retryable(`status ${response.status}`, retryAfterMs(response.headers.get('retry-after')));
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { key: request.key, reason: 'failed' };
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return { key: request.key, reason: 'failed' };
    }
    const parsed = Answer.safeParse(body);
    if (!parsed.success) return { key: request.key, reason: 'failed' };
    const answer = parsed.data;
    const major = answer.averagePrice ?? answer.minPrice;
    if (answer.offers === 0 || !major) return { key: request.key, reason: 'unknown' };
    const priceType = answer.averagePrice ? 'retailAverage' : 'retailMin';
    const sizeMl = Math.round(request.bottleSize * 1000);
    const scale = answer.bottleSizeMl ? sizeMl / answer.bottleSizeMl : 1;
    const price = Math.round(major * scale * 10 ** currencyOf(answer.currency).minorUnits);
    return {
      key: request.key,
      asOf: day,
      price,
      currency: answer.currency,
      priceType,
      source: 'https',
      sampleSize: answer.offers,
      confidence: Math.round(Math.min(1, answer.offers / 20) * 100) / 100,
      demo: false,
    };
  }

  return {
    name: 'https',
    demo: false,
    async quote(requests, day) {
      const quotes: ValuationQuote[] = [];
      const misses: ValuationMiss[] = [];
      let next = 0;
      const worker = async () => {
        while (next < requests.length) {
          const request = requests[next++] as ValuationRequest;
          let result: ValuationQuote | ValuationMiss;
          try {
            result = await ask(request, day);
          } catch {
            result = { key: request.key, reason: 'failed' };
          }
          if ('price' in result) quotes.push(result);
          else misses.push(result);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, worker));
      return { quotes, misses };
    },
  };
}

/** A request that did not get an answer: refused, reset, timed out. */
function isNetworkError(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return error instanceof TypeError || name === 'TimeoutError' || name === 'AbortError';
}
