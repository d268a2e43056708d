/**
 * A supplier's answers on its order (docs/marketplace.md), from its signed link or its importer account:
 * confirm, modify (quantity, substitute, delivery date) or reject each line. The order, its supplier
 * inbox entry and the order's status change in one transaction conditional on the order's version; the
 * buyer is mailed through an `orders.supplier-order.answered` message.
 */
import type { SupplierAnswerInput, SupplierOrderView } from '@kork/shared';

export type AnsweredBy = { kind: 'link' } | { kind: 'account'; userId: string; name: string };

/** The order as its supplier sees it; 404 when the order is not this supplier's marketplace order. */
export async function supplierOrderView(
  _supplierId: string,
  _ownerId: string,
  _orderId: string,
): Promise<SupplierOrderView> {
  throw new Error('supplierOrderView');
}

export async function answerSupplierOrder(
  _supplierId: string,
  _ownerId: string,
  _orderId: string,
  _answer: SupplierAnswerInput,
  _by: AnsweredBy,
): Promise<SupplierOrderView> {
  throw new Error('answerSupplierOrder');
}

/** A supplier's inbox in Kork, newest first. */
export async function supplierOrders(
  _supplierId: string,
  _query: { state?: 'waiting' | 'answered'; page?: number; resultsPerPage?: number },
): Promise<{ rows: SupplierOrderView[]; count: number }> {
  throw new Error('supplierOrders');
}
