import * as z from 'zod/mini';
import { PAR_LEVEL_MAX } from './cellar-wines/inputs';
import { withBounds } from './messages';
import { idField, numberField } from './schema-primitives';

/**
 * Par levels, reorder points and the reorder suggestion (docs/reorder.md). The owner may set a wine's
 * par level, reorder point and case size (own fields of the cellar wine); what is not set is suggested
 * from the wine's sales and its supplier's lead time:
 *
 *   average daily use = bottles sold in the last SALES_DAYS days ÷ SALES_DAYS
 *   safety stock      = ⌈daily use × SAFETY_DAYS⌉
 *   reorder point     = ⌈daily use × lead time⌉ + safety stock
 *   par level         = reorder point + ⌈daily use × COVER_DAYS⌉
 *   to order          = par − bottles in stock, rounded UP to whole cases, at most the supplier's stock
 */

/** Days of sales the daily use is measured over. */
export const REORDER_SALES_DAYS = 90;
/** Lead time when no supplier says how long it takes to deliver. */
export const DEFAULT_LEAD_TIME_DAYS = 7;
/** Days of sales the safety stock covers (late deliveries, a busy week). */
export const SAFETY_DAYS = 7;
/** Days of sales an order covers beyond the reorder point (par = reorder point + this). */
export const COVER_DAYS = 14;
/** Lines one `POST …/reorder/cart` takes. */
export const REORDER_LINES_MAX = 200;

/** What a suggestion came from: every figure it used, to show beside it. */
export interface ReorderReason {
  /** Bottles in stock now. */
  inStock: number;
  /** Bottles sold in the last `salesDays` days. */
  sold: number;
  salesDays: number;
  /** Bottles a day, two decimals. */
  dailyUse: number;
  leadTimeDays: number;
  /** Where the lead time came from: the supplier's terms, or the default. */
  leadTimeFrom: 'supplier' | 'default';
  safetyDays: number;
  safetyStock: number;
  reorderPoint: number;
  /** Set by the owner, or suggested. */
  reorderPointFrom: 'set' | 'suggested';
  coverDays: number;
  parLevel: number;
  parLevelFrom: 'set' | 'suggested';
  caseSize: number;
  /** The supplier's stock less the bottles of it already in the cart, when a supplier was found. */
  supplierStock?: number;
  /** Days the bottles in stock last at the daily use; absent when nothing sold. */
  daysLeft?: number;
}

export interface ReorderInputs {
  inStock: number;
  sold: number;
  salesDays?: number;
  leadTimeDays?: number;
  /** The owner's own levels and case size, when set. */
  parLevel?: number;
  reorderPoint?: number;
  caseSize?: number;
  /** The supplier's case size, used when the owner set none. */
  supplierCaseSize?: number;
  /** The supplier's stock; undefined: no supplier (a purchase order takes any number). */
  supplierStock?: number;
}

export interface ReorderSuggestion {
  /** Bottles to order (0: nothing to order). */
  quantity: number;
  /** At or under the reorder point. */
  due: boolean;
  reason: ReorderReason;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Bottles up to `needed`, rounded up to whole cases of `caseSize`, at most `cap` (when given). */
export function roundToCases(needed: number, caseSize: number, cap?: number): number {
  if (!(needed > 0)) return 0;
  const size = Math.max(1, Math.floor(caseSize));
  const cases = Math.ceil(needed / size) * size;
  return cap === undefined ? cases : Math.max(0, Math.min(cases, Math.floor(cap)));
}

/** The reorder point, par level and bottles to order of one wine, with the figures they came from. */
export function reorderSuggestion(inputs: ReorderInputs): ReorderSuggestion {
  const salesDays = inputs.salesDays ?? REORDER_SALES_DAYS;
  const leadTimeFrom = inputs.leadTimeDays === undefined ? 'default' : 'supplier';
  const leadTimeDays = inputs.leadTimeDays ?? DEFAULT_LEAD_TIME_DAYS;
  const use = salesDays > 0 ? Math.max(0, inputs.sold) / salesDays : 0;
  const safetyStock = Math.ceil(use * SAFETY_DAYS);
  const suggestedPoint = Math.ceil(use * leadTimeDays) + safetyStock;
  const reorderPoint = inputs.reorderPoint ?? suggestedPoint;
  const suggestedPar = reorderPoint + Math.ceil(use * COVER_DAYS);
  // A par under the reorder point would order nothing when due: it is read as the reorder point.
  const parLevel = Math.max(inputs.parLevel ?? suggestedPar, reorderPoint);
  const caseSize = inputs.caseSize ?? inputs.supplierCaseSize ?? 1;
  const inStock = Math.max(0, inputs.inStock);
  // A wine nobody set a level for and nobody bought is not due, however few bottles are left.
  const known = inputs.reorderPoint !== undefined || inputs.parLevel !== undefined || use > 0;
  const due = known && inStock <= reorderPoint;
  const quantity = due ? roundToCases(parLevel - inStock, caseSize, inputs.supplierStock) : 0;
  const reason: ReorderReason = {
    inStock,
    sold: Math.max(0, inputs.sold),
    salesDays,
    dailyUse: round2(use),
    leadTimeDays,
    leadTimeFrom,
    safetyDays: SAFETY_DAYS,
    safetyStock,
    reorderPoint,
    reorderPointFrom: inputs.reorderPoint === undefined ? 'suggested' : 'set',
    coverDays: COVER_DAYS,
    parLevel,
    parLevelFrom: inputs.parLevel === undefined ? 'suggested' : 'set',
    caseSize,
  };
  if (inputs.supplierStock !== undefined) reason.supplierStock = inputs.supplierStock;
  if (use > 0) reason.daysLeft = Math.floor(inStock / use);
  return { quantity, due, reason };
}

/** One wine to reorder (`GET …/reorder`). */
export interface ReorderRow {
  ownWineId: string;
  /** Bottles to order: up to par, in whole cases, within the supplier's stock. */
  quantity: number;
  /** true: the reorder point or par level was suggested (not both set by the owner). */
  suggested: boolean;
  /** The marketplace supplier it is ordered from; absent: a draft purchase order. */
  supplierId?: string;
  supplierName?: string;
  /** The catalogue wine the supplier offers. */
  wineId?: string;
  wineDisplayName: string;
  /** Price a bottle at the supplier, NOK øre (professional viewers). */
  unitPrice?: number;
  reason: ReorderReason;
}

export interface ReorderAnswer {
  rows: ReorderRow[];
  count: number;
}

/** `GET …/reorder`: `ownWineId` answers that one wine's row, due or not (a wine's figures in its drawer). */
export const ReorderQuery = z.object({ ownWineId: z.optional(idField) });
export type ReorderQuery = z.infer<typeof ReorderQuery>;

/** `POST …/reorder/cart`. */
export const ReorderCartInput = z.object({
  lines: z
    .array(
      z.object({
        ownWineId: idField,
        quantity: numberField(1, PAR_LEVEL_MAX, { int: true }),
        supplierId: z.optional(idField),
      }),
    )
    .check(
      z.minLength(1, { error: 'required' }),
      z.maxLength(REORDER_LINES_MAX, { error: withBounds('maxItems', { max: REORDER_LINES_MAX }) }),
    ),
});
export type ReorderCartInput = z.infer<typeof ReorderCartInput>;

/** What `POST …/reorder/cart` did: the cart's summary, the lines put in it and the draft order, if any. */
export interface ReorderCartAnswer {
  totalCartQuantity: number;
  cartLines: { ownWineId: string; supplierId: string; wineId: string; quantity: number }[];
  /** Wines no marketplace supplier offers, put in one draft purchase order. */
  draftOrder?: { id: string; lines: { ownWineId: string; quantity: number }[] };
}
