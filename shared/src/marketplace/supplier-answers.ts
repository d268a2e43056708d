import * as z from 'zod/mini';
import type { Order } from '../orders';
import { idField, isoDateField, listField, numberField, textField } from '../schema-primitives';
import type { BillingInput, DeliveryInput } from './checkout';
import { quantityField } from './fields';
import type { SupplierLineAnswer, SupplierOrderState } from './order-info';
import { MARKETPLACE_LIMITS } from './rules';

/** A supplier's answer to its order, from its link or in Kork, and what it sees of the order. */

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
