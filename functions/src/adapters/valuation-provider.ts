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
import type { ValuationProviderPort } from './valuation-provider-types';

export type {
  ValuationMiss,
  ValuationProviderPort,
  ValuationQuote,
  ValuationRequest,
} from './valuation-provider-types';

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
