import * as z from 'zod/mini';
import { emailField } from '../accounts';
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
export const PriceListUpdate = z.object({
  rows: listField(PriceListRow, MARKETPLACE_LIMITS.priceListRowsMax, { min: 1 }),
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
});

export interface PriceListUploadReport {
  updated: number;
  /** Lines that named no wine of the supplier, or had no readable price or stock (line numbers from 2). */
  skipped: { line: number; reason: 'unknownWine' | 'invalidPrice' | 'invalidStock' | 'noValue' }[];
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
