import * as z from 'zod/mini';
import { emailField } from '../accounts';
import { PRICE_DUTY_BASES, type PriceDutyBasis } from '../duties';
import {
  crossCheck,
  idField,
  isCleanText,
  isoDateField,
  listField,
  numberField,
  textField,
} from '../schema-primitives';
import { quantityField } from './fields';
import { MARKETPLACE_LIMITS, organizationNumberInput } from './rules';
import type { Supplier } from './suppliers';

/** Importer accounts: the linked importer, its price list and order import. */

// — Importer accounts (§1, §6) —

/** `POST /api/admin/suppliers/{supplierId}/account`: links a Wine importer or Wholesaler account. */
export const SupplierAccountLink = z.object({ email: emailField });
/** `PATCH /api/admin/suppliers/{supplierId}`: order import into buyers' cellars (needs activation). */
export const SupplierAdminUpdate = z.object({ orderImportActive: z.boolean({ error: 'invalidValue' }) });

/** One row of a price list change: a price ex VAT in øre, a stock in bottles, or both. */
export const PriceListRow = z
  .object({
    wineId: idField,
    horecaPriceMinor: z.optional(numberField(100, 100_000_000, { int: true })),
    stock: z.optional(numberField(0, MARKETPLACE_LIMITS.stockMax, { int: true })),
  })
  .check(
    crossCheck(
      ['horecaPriceMinor', 'stock'],
      (row) => row.horecaPriceMinor !== undefined || row.stock !== undefined,
      {
        error: 'required',
        path: ['stock'],
      },
    ),
  );
/**
 * How a price list's prices are entered: with duties (as the HORECA price is kept, the default) or
 * without them, when Kork adds each wine's duties at today's rates before storing (docs/duties.md).
 */
export const PRICE_LIST_BASES = PRICE_DUTY_BASES;
export type PriceListBasis = PriceDutyBasis;
const priceListBasis = z.optional(z.enum(PRICE_LIST_BASES, { error: 'invalidValue' }));

export const PriceListUpdate = z.object({
  rows: listField(PriceListRow, MARKETPLACE_LIMITS.priceListRowsMax, { min: 1 }),
  prices: priceListBasis,
});
export type PriceListUpdate = z.infer<typeof PriceListUpdate>;

/**
 * `POST /api/supplier-portal/price-list/import`: a CSV (or semicolon CSV from a spreadsheet) with a
 * Vinmonopolet number or wine id, a price ex VAT in NOK and/or a stock column, header names in
 * Norwegian or English.
 */
export const PriceListUploadInput = z.object({
  csv: z.string().check(
    z.minLength(1, { error: 'required' }),
    z.maxLength(MARKETPLACE_LIMITS.priceListCsvMaxBytes),
    // Text with its line breaks (CRLF from a spreadsheet too); no NUL or broken characters.
    z.refine((value) => isCleanText(value.replace(/\r/g, ''), true), { error: 'invalidCharacters' }),
  ),
  prices: priceListBasis,
});

/** Duties Kork added to prices entered without them: how many, and the rates used. */
export interface PriceListDutiesAdded {
  rows: number;
  ratesAsOf: string | null;
  /** The rates are an earlier year's: this year's are not loaded yet. */
  stale: boolean;
}

/** `PATCH /api/supplier-portal/price-list`. */
export interface PriceListUpdateResult {
  updated: number;
  duties?: PriceListDutiesAdded;
}

export interface PriceListUploadReport {
  updated: number;
  /** Lines that named no wine of the supplier, or had no readable price or stock (line numbers from 2). */
  skipped: {
    line: number;
    /** `alcoholUnknown`/`ratesUnknown`: a price without duties whose duties cannot be computed. */
    reason: 'unknownWine' | 'invalidPrice' | 'invalidStock' | 'noValue' | 'alcoholUnknown' | 'ratesUnknown';
  }[];
  duties?: PriceListDutiesAdded;
}

/**
 * `POST /api/supplier-portal/order-imports`: an importer registers an order it took outside the
 * marketplace (telephone, its own shop) into a buyer's cellar orders, by the buyer's organization
 * number. Refused (409 orderImportNeedsActivation) until an admin has activated order import for the
 * importer and the buyer's cellar has an active connection to it.
 */
export const OrderImportInput = z.object({
  buyerOrganizationNumber: organizationNumberInput,
  orderId: z.optional(textField(60)),
  deliveryDate: z.optional(isoDateField({ max: () => `${new Date().getUTCFullYear() + 1}-12-31` })),
  lines: listField(
    z.object({
      wineId: idField,
      units: quantityField,
      unitCostMinor: numberField(0, 100_000_000, { int: true }),
    }),
    MARKETPLACE_LIMITS.supplierLinesMax,
    { min: 1 },
  ),
});
export type OrderImportInput = z.infer<typeof OrderImportInput>;

/** The linked importer's own view (`GET /api/supplier-portal`). */
export interface SupplierPortal {
  supplier: Supplier;
  /** Orders waiting for its answer. */
  waiting: number;
}
