import * as z from 'zod/mini';
import { emailField } from './accounts';
import type { CurrencyCode } from './currencies';
import { withBounds } from './messages';
import type { Order } from './orders';
import {
  crossCheck,
  idField,
  isCleanText,
  isoDateField,
  listField,
  numberField,
  textField,
} from './schema-primitives';

/**
 * The trade marketplace (SPEC §1, §2 /cart, §3 Billing, Delivery, Cart summary, §4 cart availability and
 * orders confirmed by each supplier within 2–24 hours, §5 organization number, §8 checkout messages).
 *
 * Suppliers are the catalogue's wholesalers (Vinmonopolet's `Grossist`). Each offers the wines it imports
 * at a HORECA price derived from the monopoly's retail price (`horecaPriceFromRetail`), with a stock level
 * shown as in stock, low stock or out of stock. A business cellar has one cart; checking it out places
 * one order per supplier (source `marketplace`) in one transaction with the cart's emptying, and each
 * supplier answers its order from a signed link in its mail, or in Kork when an importer account is
 * linked to it. Money is in minor units of NOK: suppliers sell in NOK, the viewer sees its own currency.
 */

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
  currency: CurrencyCode;
}

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

// — Cart (§2 /cart, §3 cart summary, §7) —

export interface CartLine {
  /** The line's own id (`PATCH`/`DELETE …/cart-items/{itemId}`). */
  id: string;
  supplierId: string;
  wineId: string;
  /** Bottles. */
  quantity: number;
  wine: SupplierWine;
  /** quantity × HORECA price, øre. */
  totalMinor: number;
  /** The same in the viewer's currency. */
  total: number;
  /** More bottles than the supplier has in stock: checkout refuses the line until it is lowered. */
  exceedsStock: boolean;
  addedAt: string;
}

export interface CartSupplierGroup {
  supplier: SupplierSummary;
  lines: CartLine[];
  /** Bottles of the group. */
  quantity: number;
  subtotalMinor: number;
  subtotal: number;
  /** The subtotal is below the supplier's minimum order: checkout refuses until it is reached. */
  belowMinimum: boolean;
}

export interface Cart {
  groups: CartSupplierGroup[];
  totalCartQuantity: number;
  totalMinor: number;
  total: number;
  /** The viewer's currency of `total`, `subtotal` and line totals. */
  currency: CurrencyCode;
  /** Orders are placed and invoiced in NOK. */
  orderCurrency: 'NOK';
  /** Rises with every change of the cart. */
  version: number;
}

/** `GET …/nbs/cart-items/summary` (§7). */
export interface CartSummary {
  totalCartQuantity: number;
}

const quantityField = numberField(1, MARKETPLACE_LIMITS.quantityMax, { int: true });

/** `POST …/nbs/cart-items`: adds the bottles to the cart's line of that wine and supplier (one line each). */
export const CartItemInput = z.object({
  supplierId: idField,
  wineId: idField,
  quantity: quantityField,
});
export type CartItemInput = z.infer<typeof CartItemInput>;

/** `PATCH …/nbs/cart-items/{itemId}`: the line's new number of bottles. */
export const CartItemUpdate = z.object({ quantity: quantityField });
export type CartItemUpdate = z.infer<typeof CartItemUpdate>;

// — Checkout (§3 Billing and Delivery, §8 messages) —

export const INVOICE_METHODS = ['email', 'ehf', 'paper'] as const;
export type InvoiceMethod = (typeof INVOICE_METHODS)[number];

const postalCodeField = z
  .pipe(
    z.string({ error: 'required' }),
    z.transform((value) => value.trim()),
  )
  .check(
    z.regex(/^\d{4}$/, { error: 'invalidPostalCode' }),
    z.maxLength(20, { error: withBounds('maxCharacters', { max: 20 }) }),
  );

/**
 * A text that must be there, with the §8 message naming what is missing; otherwise as `textField` takes
 * text (trimmed, NFC, no control or broken characters).
 */
const needed = (max: number, missing: 'missingBillingAddress' | 'missingDeliveryAddress' | 'missingName') =>
  z
    .pipe(
      z.optional(z.string({ error: missing })),
      z.transform((value) => value ?? ''),
    )
    .check(
      z.overwrite((value: string) => value.trim().normalize('NFC')),
      z.refine((value: string) => isCleanText(value), { error: 'invalidCharacters' }),
      z.minLength(1, { error: missing }),
      z.maxLength(max, { error: withBounds('maxCharacters', { max }) }),
    );

/** §3 Billing. The invoice e-mail is required when invoices go by e-mail. */
export const BillingInput = z
  .object({
    organizationNumber: organizationNumberInput,
    invoiceMethod: z.enum(INVOICE_METHODS, { error: 'invalidValue' }),
    invoiceEmail: z.optional(z.union([z.literal(''), emailField])),
    name: needed(MARKETPLACE_LIMITS.nameMax, 'missingName'),
    street: needed(MARKETPLACE_LIMITS.streetMax, 'missingBillingAddress'),
    postalCode: postalCodeField,
    city: needed(MARKETPLACE_LIMITS.cityMax, 'missingBillingAddress'),
    phone: z.optional(textField(MARKETPLACE_LIMITS.phoneMax)),
  })
  .check(
    crossCheck(
      ['invoiceMethod', 'invoiceEmail'],
      (billing) => billing.invoiceMethod !== 'email' || Boolean(billing.invoiceEmail),
      {
        error: 'required',
        path: ['invoiceEmail'],
      },
    ),
  );
export type BillingInput = z.infer<typeof BillingInput>;

/** §3 Delivery. */
export const DeliveryInput = z.object({
  recipient: needed(MARKETPLACE_LIMITS.nameMax, 'missingName'),
  street: needed(MARKETPLACE_LIMITS.streetMax, 'missingDeliveryAddress'),
  postalCode: postalCodeField,
  city: needed(MARKETPLACE_LIMITS.cityMax, 'missingDeliveryAddress'),
  phone: z.optional(textField(MARKETPLACE_LIMITS.phoneMax)),
  careOf: z.optional(textField(MARKETPLACE_LIMITS.careOfMax)),
  tineNumber: z.optional(textField(MARKETPLACE_LIMITS.tineNumberMax)),
});
export type DeliveryInput = z.infer<typeof DeliveryInput>;

/**
 * `POST …/nbs/checkout` with an `Idempotency-Key` header (required): the same key answers the same
 * orders again and places nothing twice. `version` is the cart's version the buyer reviewed; a cart
 * changed since answers 409 so nothing unseen is ordered.
 */
export const CheckoutInput = z.object({
  billing: BillingInput,
  delivery: DeliveryInput,
  note: z.optional(textField(MARKETPLACE_LIMITS.noteMax, { lines: true })),
  version: z.optional(numberField(0, 1_000_000_000, { int: true })),
  /**
   * The buyer chose to place the suppliers that can take the order now: the others (a line beyond the
   * stock, a minimum not reached, …) stay in the cart. Without it any blocked supplier refuses the whole.
   */
  placeReady: z.optional(z.boolean({ error: 'invalidValue' })),
});
export type CheckoutInput = z.infer<typeof CheckoutInput>;

/** Billing and delivery remembered on the account (`GET …/nbs/checkout-details`), prefilled next time. */
export interface CheckoutDetails {
  billing?: BillingInput;
  delivery?: DeliveryInput;
}

export interface CheckoutResult {
  /** The checkout's id: the confirmation page's address. */
  checkoutId: string;
  placedAt: string;
  /** One order per supplier, source `marketplace`, status `placed`. */
  orders: Order[];
  /** Suppliers left in the cart when the buyer placed only those that could go. */
  keptSupplierIds?: string[];
}

// — A supplier's answer (§4: confirmed by each supplier within 2–24 hours) —

export const SUPPLIER_LINE_STATES = ['waiting', 'confirmed', 'modified', 'rejected'] as const;
export type SupplierLineState = (typeof SUPPLIER_LINE_STATES)[number];

/** Where a marketplace order stands with its supplier. */
export const SUPPLIER_ORDER_STATES = ['waiting', 'answered'] as const;
export type SupplierOrderState = (typeof SUPPLIER_ORDER_STATES)[number];

/** Hours within which suppliers normally confirm (§9). */
export const SUPPLIER_CONFIRMATION_HOURS = { min: 2, max: 24 } as const;
/** A supplier that has not answered this long after the order gets one reminder. */
export const SUPPLIER_REMINDER_AFTER_HOURS = 24;
/** How long a supplier's link works. */
export const SUPPLIER_LINK_DAYS = 14;

/** The supplier's answer on one line of its order. */
export interface SupplierLineAnswer {
  state: SupplierLineState;
  /** Bottles first ordered (a modified quantity changes the line's units). */
  orderedUnits: number;
  /** The wine first ordered, kept once a substitute from the supplier's catalogue replaced the line's. */
  orderedWine?: { wineId?: string; name: string };
  /** A substitute the supplier delivers instead. */
  substitute?: { wineId?: string; name: string };
  /** The supplier's word on the line. */
  comment?: string;
  answeredAt?: string;
}

/** What a marketplace order carries besides the order's own fields (its `marketplace`). */
export interface MarketplaceOrderInfo {
  supplierId: string;
  supplierName: string;
  checkoutId: string;
  placedAt: string;
  supplierState: SupplierOrderState;
  /** Per order line id. */
  answers: Record<string, SupplierLineAnswer>;
  answeredAt?: string;
  /** When the one reminder went to a supplier that had not answered in 24 hours. */
  remindedAt?: string;
  billing: BillingInput;
  delivery: DeliveryInput;
  note?: string;
  /**
   * The supplier's price of each order line id, NOK øre ex VAT, as ordered: the order's lines are in the
   * cellar's currency (see the order's `exchangeRate`), the supplier sells and invoices in NOK. Absent on
   * orders placed before, whose lines are in NOK.
   */
  supplierPrices?: Record<string, number>;
}

export const supplierLineAnswerInput = z.object({
  lineId: idField,
  action: z.enum(['confirm', 'modify', 'reject'], { error: 'invalidValue' }),
  /** `modify`: the bottles the supplier delivers (at least 1; reject the line for none). */
  quantity: z.optional(quantityField),
  /** `modify`: a substitute wine, from the supplier's catalogue or named. */
  substituteWineId: z.optional(idField),
  substituteName: z.optional(textField(MARKETPLACE_LIMITS.substituteMax)),
  comment: z.optional(textField(MARKETPLACE_LIMITS.noteMax, { lines: true })),
});

/**
 * A supplier's answer (from its link or in Kork): any lines of the order, and the delivery date.
 * `version` is the order's version the supplier saw; a stale one answers 409, so an answer sent twice
 * lands once.
 */
export const SupplierAnswerInput = z.object({
  lines: listField(supplierLineAnswerInput, MARKETPLACE_LIMITS.supplierLinesMax, { min: 1 }),
  deliveryDate: z.optional(isoDateField({ max: () => `${new Date().getUTCFullYear() + 1}-12-31` })),
  version: numberField(0, 1_000_000_000, { int: true }),
});
export type SupplierAnswerInput = z.infer<typeof SupplierAnswerInput>;

/** `POST /api/supplier-link/read` and `…/answer` carry the link's token in the body (never in a URL path). */
export const SupplierLinkInput = z.object({ token: textField(4000, { min: 1 }) });
export const SupplierLinkAnswerInput = z.object({
  token: textField(4000, { min: 1 }),
  answer: SupplierAnswerInput,
});
export type SupplierLinkAnswerInput = z.infer<typeof SupplierLinkAnswerInput>;

/** What a supplier sees of an order (its link page, or its inbox in Kork). */
export interface SupplierOrderView {
  ownerId: string;
  orderId: string;
  /** The order's number as its buyer sees it on its orders page (`K-…`). */
  orderNumber?: string;
  supplierId: string;
  supplierName: string;
  buyerName: string;
  buyerEmail: string;
  billing: BillingInput;
  delivery: DeliveryInput;
  note?: string;
  placedAt: string;
  deliveryDate?: string;
  status: Order['status'];
  supplierState: SupplierOrderState;
  lines: {
    lineId: string;
    wineId?: string;
    wineDisplayName: string;
    vinmonopoletNumber?: string;
    units: number;
    unitCost: number;
    answer: SupplierLineAnswer;
  }[];
  totalCost: number;
  currency: 'NOK';
  version: number;
  /** The link's end (link views only). */
  expiresAt?: string;
  /** Received or cancelled: nothing more can be answered. */
  closed: boolean;
}

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
export const PriceListImportInput = z.object({
  csv: z.string().check(
    z.minLength(1, { error: 'required' }),
    z.maxLength(MARKETPLACE_LIMITS.priceListCsvMaxBytes),
    // Text with its line breaks (CRLF from a spreadsheet too); no NUL or broken characters.
    z.refine((value) => isCleanText(value.replace(/\r/g, ''), true), { error: 'invalidCharacters' }),
  ),
});

export interface PriceListImportReport {
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

/**
 * Splits cart lines into one part per supplier, in the order suppliers first appear, each part's lines
 * in the cart's order.
 */
export function splitBySupplier<T extends { supplierId: string }>(lines: readonly T[]): Map<string, T[]> {
  const parts = new Map<string, T[]>();
  for (const line of lines) {
    const part = parts.get(line.supplierId);
    if (part) part.push(line);
    else parts.set(line.supplierId, [line]);
  }
  return parts;
}
