/**
 * The supplier-orders queue's consumer: a marketplace order's mail to its supplier (v2, with its signed
 * link; a legacy v1 message is mailed as it is), the buyer's notice of each answer, and one reminder.
 * A message that fails (a mail not sent, a claim held by another delivery, a message that matches no
 * contract) is reported back and delivered again, up to the queue's dead-letter queue.
 */
import { SupplierOrderMessage } from '@kork/queue-messages';
import { mail } from '../../adapters/mail';
import { sqsConsumer } from '../../platform/sqs';
import { mailAnswer, mailPlacedOrder, mailReminder } from './supplier-order-fanout';
import { supplierOrderMail } from './supplier-order-mail';

export const handler = sqsConsumer('supplier-orders', SupplierOrderMessage, async (message, { log }) => {
  switch (message.name) {
    case 'orders.supplier-order.placed':
      if (message.version === 2) return mailPlacedOrder(message, log);
      {
        const { messageId } = await mail().send(supplierOrderMail(message));
        log.info('supplier order mailed', {
          orderId: message.orderId,
          supplierId: message.supplier.id,
          messageId,
        });
      }
      return;
    case 'orders.supplier-order.answered':
      return mailAnswer(message, log);
    case 'orders.supplier-order.reminder':
      return mailReminder(message, log);
  }
});
