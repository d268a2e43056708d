import { SupplierOrderPlaced } from '@kork/events';
import { mail } from '../adapters/mail';
import { sqsConsumer } from '../platform/sqs';
import { supplierOrderMail } from './supplier-order-mail';

export const handler = sqsConsumer('supplier-orders', SupplierOrderPlaced, async (order, { log }) => {
  const { messageId } = await mail().send(supplierOrderMail(order));
  log.info('supplier order mailed', { orderId: order.orderId, supplierId: order.supplier.id, messageId });
});
