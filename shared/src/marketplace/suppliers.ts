import * as z from 'zod/mini';
import type { CurrencyCode } from '../currencies';
import type { DutyMissing } from '../duties';
import { textField } from '../schema-primitives';
import type { Availability } from './rules';

/** Suppliers and the wines they offer. */

// — Suppliers —

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The supplier id of a wholesaler's name: `sup-` and its name folded to letters, digits and dashes (at most 60 characters). */
export function supplierIdOf(wholesaler: string): string {
  const slug = wholesaler
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    // Ids travel in URL paths, which take at most 64 characters.
    .slice(0, 56)
    .replace(/-+$/, '');
  return `sup-${slug || 'unnamed'}`;
}

/** A row of `GET /api/suppliers`. */
export interface SupplierSummary {
  id: string;
  name: string;
  city?: string;
  /** Wines of the catalogue it imports. */
  wineCount: number;
  /** Minimum order ex VAT in øre (NOK); 0 when it has none. */
  minimumOrderMinor: number;
  /** The same in the viewer's currency (a number, not minor units). */
  minimumOrder: number;
  currency: CurrencyCode;
  deliveryDays: Weekday[];
  /** Working days from order to delivery. */
  leadTimeDays: number;
  /** An importer account of Kork answers its orders. */
  hasAccount: boolean;
}

/** A supplier's profile (`GET /api/suppliers/{supplierId}`), with a page of its wines. */
export interface Supplier extends SupplierSummary {
  organizationNumber: string;
  /** Where its orders are mailed. */
  orderEmail: string;
  phone?: string;
  description?: string;
  /** Order import into buyers' cellars is active for this importer (SPEC §6: needs activation). */
  orderImportActive: boolean;
  wines: SupplierWine[];
  /** Wines in total (for paging `wines`). */
  winesCount: number;
}

/** One wine a supplier offers (a supplier's page, a wine profile's availability, the cart). */
export interface SupplierWine {
  wineId: string;
  supplierId: string;
  supplierName: string;
  name: string;
  producer?: string;
  vintage: number | null;
  /** Litres. */
  bottleSize: number;
  mainCategoryId?: string;
  country?: string;
  imageUrl?: string;
  vinmonopoletNumber?: string;
  availability: Availability;
  /** Bottles in stock: business users only. */
  stock?: number;
  /** Bottles in one case. */
  caseSize: number;
  /** HORECA price ex VAT in the viewer's currency (a number): business users only. */
  horecaPrice?: number;
  /** The same in øre (NOK), as ordered: business users only. */
  horecaPriceMinor?: number;
  /** The duties the HORECA price holds, per bottle at today's rates: business users only. */
  duties?: OfferDuties;
  currency: CurrencyCode;
}

/**
 * The duties in an offer's HORECA price (which is without VAT, with duties): excise, packaging taxes and
 * deposit of one bottle. Unknown when the wine's alcohol (or the day's rates) is not known — never 0.
 */
export type OfferDuties =
  | {
      known: true;
      /** Øre (NOK). */
      totalMinor: number;
      /** The same in the viewer's currency (a number). */
      total: number;
      /** The latest validFrom of the rates used. */
      ratesAsOf: string | null;
      /** The rates are an earlier year's: this year's are not loaded yet. */
      stale: boolean;
    }
  | { known: false; missing: DutyMissing };

export const SuppliersQuery = z.object({
  search: z.optional(textField(200)),
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
  resultsPerPage: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(500))),
  /** `name` (default) or `wines` (most wines first). */
  sort: z.optional(z.enum(['name', 'wines'], { error: 'invalidValue' })),
});
export type SuppliersQuery = z.infer<typeof SuppliersQuery>;

export const SupplierWinesQuery = z.object({
  search: z.optional(textField(200)),
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
  resultsPerPage: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(200))),
});
export type SupplierWinesQuery = z.infer<typeof SupplierWinesQuery>;
