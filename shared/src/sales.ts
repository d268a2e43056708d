import * as z from 'zod/mini';
import { intParam } from './catalog';
import type { CurrencyCode } from './currencies';
import { withBounds } from './messages';
import {
  EARLIEST_DATE,
  idField,
  isoDateField,
  listField,
  moneyField,
  numberField,
  textField,
  todayIso,
} from './schema-primitives';

/**
 * Sales (SPEC §3 Sale: id, date, customer, contact person, distributor, store for delivery, products,
 * units, total price; customer and contact: first name, last name, phone, email, address).
 *
 * A sale takes its bottles out of stock with a SOLD history entry per wine, in the same transaction as
 * the sale; deleting it puts them back where they came from (a SALE_DELETED entry). Money is integer
 * minor units of the cellar's base currency; a unit price includes VAT (it is what the guest paid).
 */

export const SALE_LIMITS = {
  /**
   * What one sale may hold, so that both the transaction recording it and the one deleting it fit in the
   * 100 items of a DynamoDB transaction (docs/sales-and-orders.md "How big a sale may be"): deleting a
   * sale writes each wine and its history entry (2 per wine), one rollup item per wine, a check of each
   * location its bottles go back to, the sale, the item naming the wines changed and the cellar's version:
   * 3 × winesMax + locationsMax + 3 = 3 × 25 + 20 + 3 = 98 ≤ 100. Recording it writes the same less the
   * location checks (78).
   */
  productsMax: 40,
  /** Distinct wines of one sale (lines of one wine are one change to it). */
  winesMax: 25,
  /** Distinct locations the bottles of one sale come from (and go back to when it is deleted). */
  locationsMax: 20,
  unitsMax: 10_000,
  nameMax: 100,
  phoneMax: 40,
  emailMax: 254,
  addressMax: 300,
  textMax: 200,
  noteMax: 1000,
} as const;

export interface SaleParty {
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  address?: string;
}

export interface SaleLine {
  ownWineId: string;
  wineDisplayName: string;
  mainCategoryId?: string;
  country?: string;
  /** Bottles sold. */
  units: number;
  /** Per bottle, VAT included, minor units. */
  unitPrice: number;
  /** Poured by the glass: `unitPrice` is then what one bottle's glasses brought in. */
  byGlass: boolean;
  /** Where the bottles were taken from (`null`: Uncategorized). */
  locationId: string | null;
  /**
   * A till's pour whose bottles came out of more than one location (docs/pos.md): the bottles from
   * each, fullest location first (`locationId` is the first), summing to `units`. Deleting the sale puts
   * them back there. A line of whole bottles is split into one line per location instead.
   */
  placements?: { locationId: string | null; bottles: number }[];
  /** The purchase price without VAT when sold, for margins; absent when the wine had none. */
  unitCost?: number;
  /** The VAT percentage of the wine's style when sold. */
  vatPercentage: number;
  /** units × unitPrice; for a glass or recipe line from the till, servings × unitPrice (what was paid). */
  total: number;
  /**
   * How the till sold it (docs/pos.md); absent: a sale recorded in the app (bottles, or a bottle's
   * glasses with `byGlass`). `glass`: `servings` glasses at `unitPrice` each, poured from the open
   * bottle, `units` the bottles that were poured out by it (often 0). `recipe`: a recipe's revenue line
   * (`ownWineId` is `recipe:<recipeId>`, `units` 0), or an ingredient's pour (`recipeId` set, `total` 0).
   */
  kind?: 'glass' | 'recipe';
  servings?: number;
  /** Centilitres poured from the wine. */
  pouredCl?: number;
  recipeId?: string;
  /** What the line cost without VAT when it is not units × unitCost (a pour), minor units. */
  lineCost?: number;
  /**
   * A till line the stock could not give in full (docs/pos.md): the bottles missing, a fraction for a
   * pour (four decimals). The sale happened; the stock went to 0, not below.
   */
  shortfall?: number;
}

export interface Sale {
  id: string;
  date: string;
  customer: SaleParty;
  contactPerson: SaleParty;
  distributor?: string;
  storeForDelivery?: string;
  note?: string;
  products: SaleLine[];
  /** Σ units. */
  units: number;
  /** Σ line totals, VAT included. */
  totalPrice: number;
  currency: CurrencyCode;
  createdBy: string;
  createdByName: string;
  createdAt: string;
  /** A sale from the till: the till's transaction id. */
  posTransactionId?: string;
}

const party = z.optional(
  z.object({
    firstName: z.optional(textField(SALE_LIMITS.nameMax)),
    lastName: z.optional(textField(SALE_LIMITS.nameMax)),
    phone: z.optional(textField(SALE_LIMITS.phoneMax)),
    email: z.optional(
      z.union([z.literal(''), z.email({ error: 'invalidEmail' }).check(z.maxLength(SALE_LIMITS.emailMax))], {
        error: 'invalidEmail',
      }),
    ),
    address: z.optional(textField(SALE_LIMITS.addressMax, { lines: true })),
  }),
);

/** A sale's day: not before 1900, not after today. */
export const saleDay = isoDateField({ min: EARLIEST_DATE, max: () => todayIso() });

/** `POST …/sales`. */
export const SaleInput = z.object({
  /** Today when absent. */
  date: z.optional(saleDay),
  customer: party,
  contactPerson: party,
  distributor: z.optional(textField(SALE_LIMITS.textMax)),
  storeForDelivery: z.optional(textField(SALE_LIMITS.textMax)),
  note: z.optional(textField(SALE_LIMITS.noteMax, { lines: true })),
  products: listField(
    z.object({
      ownWineId: idField,
      units: numberField(1, SALE_LIMITS.unitsMax, { int: true }),
      unitPrice: moneyField,
      byGlass: z.optional(z.boolean({ error: 'mustBeTrueOrFalse' })),
      /** Take the bottles from here (`uncategorized`: bottles with no location); by default from the location with most. */
      locationId: z.optional(idField),
    }),
    SALE_LIMITS.productsMax,
    { min: 1, tooMany: 'maxSaleLines' },
  ).check(
    z.refine((lines) => new Set(lines.map((line) => line.ownWineId)).size <= SALE_LIMITS.winesMax, {
      error: withBounds('maxSaleWines', { max: SALE_LIMITS.winesMax }),
      // Only over lines that are valid: a broken line answers with its own message first.
      when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
    } as never),
  ),
});
export type SaleInput = z.infer<typeof SaleInput>;

/** `GET …/sales`: newest first; `search` matches customer, contact, distributor, store and wine names. */
export const SalesQuery = z.object({
  page: intParam(1, 100_000),
  resultsPerPage: intParam(1, 500),
  search: z.optional(textField(200)),
  from: z.optional(isoDateField({ max: () => `${new Date().getUTCFullYear() + 1}-12-31` })),
  to: z.optional(isoDateField({ max: () => `${new Date().getUTCFullYear() + 1}-12-31` })),
  ownWineId: z.optional(idField),
});
export type SalesQuery = z.infer<typeof SalesQuery>;

/** `GET …/sales` answers the page and the totals of everything the filters match. */
export interface SalesList {
  rows: Sale[];
  count: number;
  totals: { sales: number; units: number; totalPrice: number };
  currency: CurrencyCode;
}
