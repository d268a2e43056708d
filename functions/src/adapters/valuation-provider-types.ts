/**
 * The valuation provider port's shapes (valuation-provider.ts re-exports them), apart so the adapters
 * can name them without importing the module that chooses and loads them.
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
