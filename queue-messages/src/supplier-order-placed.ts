import * as z from 'zod/mini';

/**
 * `orders.supplier-order.placed` v1: one supplier's part of an order, sent to the supplier-orders queue.
 * The consumer mails it to the supplier; suppliers confirm within 2–24 hours. Superseded by v2, which
 * names the buyer's cellar owner so the consumer can find the order and sign the supplier's link; a v1
 * message still in a queue is mailed as it is, without a link.
 */
export const SupplierOrderPlaced = z.object({
  name: z.literal('orders.supplier-order.placed'),
  version: z.literal(1),
  orderId: z.string().check(z.minLength(1)),
  supplier: z.object({
    id: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1)),
    email: z.email(),
  }),
  buyer: z.object({
    name: z.string().check(z.minLength(1)),
    email: z.email(),
  }),
  lines: z
    .array(
      z.object({
        productName: z.string().check(z.minLength(1)),
        quantity: z.int().check(z.positive()),
        unitPriceMinor: z.int().check(z.nonnegative()),
      }),
    )
    .check(z.minLength(1)),
  currency: z.string().check(z.length(3)),
  note: z.optional(z.string()),
  placedAt: z.iso.datetime(),
});

export type SupplierOrderPlaced = z.infer<typeof SupplierOrderPlaced>;

export const supplierOrderPlacedExample: SupplierOrderPlaced = {
  name: 'orders.supplier-order.placed',
  version: 1,
  orderId: '01JEXAMPLE0000000000000000',
  supplier: { id: 'sup_1', name: 'Vinimport AS', email: 'orders@vinimport.example' },
  buyer: { name: 'Restaurant Fjord', email: 'post@fjord.example' },
  lines: [{ productName: 'Barolo 2019', quantity: 6, unitPriceMinor: 45000 }],
  currency: 'NOK',
  note: 'Deliver before Friday',
  placedAt: '2026-11-22T10:00:00.000Z',
};

/**
 * `orders.supplier-order.placed` v2: v1 and the order's owner (the buyer's account), so the consumer
 * reads the order as it is now, mails the supplier once (however often the message arrives) with a
 * signed link to answer it, and records that it did. `orderId` is the order's record id.
 */
export const SupplierOrderPlacedV2 = z.object({
  ...SupplierOrderPlaced.shape,
  version: z.literal(2),
  ownerId: z.string().check(z.minLength(1)),
  checkoutId: z.string().check(z.minLength(1)),
});

export type SupplierOrderPlacedV2 = z.infer<typeof SupplierOrderPlacedV2>;

export const supplierOrderPlacedV2Example: SupplierOrderPlacedV2 = {
  ...supplierOrderPlacedExample,
  version: 2,
  ownerId: 'demo-restaurant',
  checkoutId: '01JEXAMPLECHECKOUT00000000',
};
