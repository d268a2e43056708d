/**
 * The valuation provider port: market prices of wines from a fine-wine data provider. Its shape is the
 * field's real sources': Wine-Searcher's market-price API (average and minimum retail price ex-tax per
 * wine, vintage and currency, with the number of offers) and Liv-ex's Mid Price by LWIN.
 *
 * - Cloud: `https-valuation-provider.ts`, a configured HTTPS provider (`VALUATION_PROVIDER_URL`) with its
 *   key from Secrets Manager (`VALUATION_PROVIDER_SECRET_ARN`), retries, timeouts and a per-day request
 *   budget (`VALUATION_PROVIDER_DAILY_BUDGET`).
 * - Local, and wherever no provider is configured: `demo-valuation-provider.ts`, deterministic figures
 *   derived from the catalogue's real 2014 price and the wine's style, region and vintage. Every figure it
 *   gives says `demo: true` and `source: 'demo'`, and the app labels it as demo data wherever it shows.
 *
 * The port knows no domain: the market-values domain hands it what it knows of each wine.
 */
import type { CurrencyCode, PriceType, ValuationKey } from '@kork/shared';

export interface ValuationRequest {
  key: ValuationKey;
  /** LWIN-11 when the wine has one (the Liv-ex-style lookup). */
  lwin11?: string;
  vinmonopoletNumber?: string;
  wineName: string;
  producerName?: string;
  vintage: number | null;
  /** Litres. */
  bottleSize: number;
  /**
   * What the catalogue knows, for a provider that matches by name and for the demo provider's price path:
   * the retailer's price (minor units, with its currency and the year it was listed), style, category,
   * country and region.
   */
  hints: {
    referencePrice?: number;
    referenceCurrency?: CurrencyCode;
    referenceYear?: number;
    categoryId?: string;
    style?: string;
    country?: string;
    region?: string;
  };
}

export interface ValuationQuote {
  key: ValuationKey;
  /** yyyy-mm-dd. */
  asOf: string;
  /** Minor units per bottle of the requested size, ex-tax. */
  price: number;
  currency: CurrencyCode;
  priceType: PriceType;
  source: string;
  sampleSize?: number;
  confidence?: number;
  demo: boolean;
}

/** Why a wine got no quote: the provider does not know it, or the request failed (retry tomorrow). */
export interface ValuationMiss {
  key: ValuationKey;
  reason: 'unknown' | 'failed' | 'budget';
}

export interface ValuationProviderPort {
  /** The provider's name, as stored with each valuation (`demo` for the local one). */
  readonly name: string;
  readonly demo: boolean;
  /** Quotes for up to `MARKET_VALUE_SYNC_BATCH` wines as of `day` (yyyy-mm-dd). */
  quote(
    requests: ValuationRequest[],
    day: string,
  ): Promise<{ quotes: ValuationQuote[]; misses: ValuationMiss[] }>;
  /** A wine's price on each day of a span, oldest first: the demo provider fills history; others may not. */
  history?(request: ValuationRequest, from: string, to: string): Promise<ValuationQuote[]>;
}

let installed: ValuationProviderPort | undefined;
let chosen: ValuationProviderPort | undefined;

/** Replaces the configured provider (a test's fake); `undefined` restores it. */
export function useValuationProvider(port: ValuationProviderPort | undefined): void {
  installed = port;
}

/** The installed provider, else the HTTPS one when configured, else the labelled demo provider. */
export async function valuationProvider(): Promise<ValuationProviderPort> {
  if (installed) return installed;
  if (!chosen) {
    const port: ValuationProviderPort = process.env.VALUATION_PROVIDER_URL
      ? (await import('./https-valuation-provider')).httpsValuationProvider()
      : (await import('./demo-valuation-provider')).demoValuationProvider;
    chosen = port;
  }
  return chosen;
}
