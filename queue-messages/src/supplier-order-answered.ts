import * as z from 'zod/mini';

/**
 * `orders.supplier-order.answered` v1: a supplier confirmed, modified or rejected lines of its order
 * (from its link or in Kork). The consumer mails the buyer once per answer: `answerVersion` is the
 * order's version the answer made, so a message delivered twice mails once.
 */
export const SupplierOrderAnswered = z.object({
  name: z.literal('orders.supplier-order.answered'),
  version: z.literal(1),
  ownerId: z.string().check(z.minLength(1)),
  orderId: z.string().check(z.minLength(1)),
  answerVersion: z.int().check(z.nonnegative()),
  answeredAt: z.iso.datetime(),
});

export type SupplierOrderAnswered = z.infer<typeof SupplierOrderAnswered>;

export const supplierOrderAnsweredExample: SupplierOrderAnswered = {
  name: 'orders.supplier-order.answered',
  version: 1,
  ownerId: 'demo-restaurant',
  orderId: '01JEXAMPLE0000000000000000',
  answerVersion: 2,
  answeredAt: '2026-11-22T12:00:00.000Z',
};
