import * as z from 'zod/mini';
import { withBounds } from '../messages';

/** The marketplace's limits, availability, HORECA price and organization numbers. */

export const MARKETPLACE_LIMITS = {
  /** Lines of one cart (one line per wine and supplier). */
  cartLinesMax: 100,
  /**
   * Suppliers of one checkout: each places an order, a supplier inbox entry and a waiting marker in the
   * checkout's one transaction (at most 100 items in DynamoDB), beside the cart and the checkout record.
   */
  cartSuppliersMax: 30,
  /** Lines of one supplier's part: the order's own limit (receiving writes every line in one transaction). */
  supplierLinesMax: 40,
  /** Bottles of one line. */
  quantityMax: 10_000,
  /** A supplier's stock of one wine. */
  stockMax: 1_000_000,
  /** A price-list CSV an importer uploads. */
  priceListCsvMaxBytes: 2 * 1024 * 1024,
  /** Rows of one price-list change (edit or CSV). */
  priceListRowsMax: 5000,
  noteMax: 1000,
  nameMax: 120,
  streetMax: 200,
  cityMax: 80,
  phoneMax: 40,
  careOfMax: 120,
  tineNumberMax: 20,
  substituteMax: 200,
} as const;

// — Availability (§4) —

export const AVAILABILITIES = ['inStock', 'lowStock', 'outOfStock'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** At most this many bottles in stock is "low stock"; none is "out of stock". */
export const LOW_STOCK_MAX = 12;

export function availabilityOf(stock: number): Availability {
  if (!(stock > 0)) return 'outOfStock';
  return stock <= LOW_STOCK_MAX ? 'lowStock' : 'inStock';
}

// — HORECA price (docs/marketplace.md) —

/** Norwegian VAT on wine, beer and spirits sold by the monopoly. */
export const RETAIL_VAT_RATE = 0.25;
/** The monopoly's margin on its purchase price: a share of it … */
export const MONOPOLY_MARGIN_RATE = 0.22;
/** … and a fixed amount per bottle, in øre. */
export const MONOPOLY_FIXED_MARGIN_MINOR = 750;

/**
 * A supplier's HORECA price (ex VAT, øre) from the monopoly's retail price (incl. VAT, øre): the retail
 * price without VAT, less the monopoly's fixed amount per bottle, divided by one plus its margin rate;
 * rounded to whole øre and never below 1 krone. This is what the monopoly pays the importer (alcohol
 * duty included), which is what a restaurant buying from the importer pays before VAT.
 */
export function horecaPriceFromRetail(retailMinorInclVat: number): number {
  const exVat = retailMinorInclVat / (1 + RETAIL_VAT_RATE);
  const price = Math.round((exVat - MONOPOLY_FIXED_MARGIN_MINOR) / (1 + MONOPOLY_MARGIN_RATE));
  return Math.max(100, price);
}

// — Organization number (§5: 9 digits, with the Brønnøysund register's mod-11 check digit) —

const ORG_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The mod-11 check digit of the first eight digits, or undefined where none exists (remainder 1). */
export function organizationNumberCheckDigit(firstEight: string): number | undefined {
  if (!/^\d{8}$/.test(firstEight)) return undefined;
  const sum = ORG_WEIGHTS.reduce((total, weight, i) => total + weight * Number(firstEight[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  if (check === 10) return undefined;
  return check;
}

/** Nine digits whose last is the mod-11 check digit of the first eight. */
export function isValidOrganizationNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  return organizationNumberCheckDigit(value.slice(0, 8)) === Number(value[8]);
}

/**
 * An organization number as typed, with spaces between groups allowed ("987 654 325"). Absent or empty
 * is the §8 message "Missing organization number", like the other missing parts of a checkout.
 */
export const organizationNumberInput = z
  .pipe(
    z.optional(z.string({ error: 'missingOrganizationNumber' })),
    z.transform((value) => (value ?? '').replace(/\s+/g, '')),
  )
  .check(
    z.minLength(1, { error: 'missingOrganizationNumber' }),
    z.maxLength(40, { error: withBounds('maxCharacters', { max: 40 }) }),
    z.regex(/^\d{9}$/, { error: 'invalidOrganizationNumber' }),
    z.refine(isValidOrganizationNumber, { error: 'organizationNumberCheckDigit' }),
  );
