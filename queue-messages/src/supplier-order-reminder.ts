import * as z from 'zod/mini';

/**
 * `orders.supplier-order.reminder` v1: a supplier has not answered an order within 24 hours. The
 * consumer mails it one reminder with its link (once, however often the message arrives).
 */
export const SupplierOrderReminder = z.object({
  name: z.literal('orders.supplier-order.reminder'),
  version: z.literal(1),
  ownerId: z.string().check(z.minLength(1)),
  orderId: z.string().check(z.minLength(1)),
});

export type SupplierOrderReminder = z.infer<typeof SupplierOrderReminder>;

export const supplierOrderReminderExample: SupplierOrderReminder = {
  name: 'orders.supplier-order.reminder',
  version: 1,
  ownerId: 'demo-restaurant',
  orderId: '01JEXAMPLE0000000000000000',
};
