import type { PriceFormat } from '../cellar-wines';
import type { CurrencyCode } from '../currencies';
import type { Locale } from '../locales';
import type { PrintedPrice } from '../wine-lists';

/** An amount as a list prints it: `kr 1 290` (nb), `NOK 1,290` (en); decimals only when not whole. */
export function formatListPrice(_minor: number, _currency: CurrencyCode, _locale: Locale): string {
  throw new Error('not implemented');
}

/** A price in a wine's price format (documented in docs/wine-lists.md). */
export function printedPrice(
  _minor: number | undefined,
  _format: PriceFormat,
  _currency: CurrencyCode,
  _locale: Locale,
): PrintedPrice {
  throw new Error('not implemented');
}
