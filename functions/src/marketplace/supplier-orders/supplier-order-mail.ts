import type { SupplierOrderPlaced } from '@kork/queue-messages';
import type { MailMessage } from '../../adapters/mail';

function money(minor: number, currency: string): string {
  return `${(minor / 100).toFixed(2)} ${currency}`;
}

/** The mail a supplier receives for its part of an order. */
export function supplierOrderMail(order: SupplierOrderPlaced): MailMessage {
  const total = order.lines.reduce((sum, l) => sum + l.quantity * l.unitPriceMinor, 0);
  const rows = order.lines.map(
    (l) => `${l.quantity} × ${l.productName} à ${money(l.unitPriceMinor, order.currency)}`,
  );
  const text = [
    `New order ${order.orderId} from ${order.buyer.name} (${order.buyer.email}).`,
    '',
    ...rows,
    '',
    `Total: ${money(total, order.currency)}`,
    order.note ? `Note: ${order.note}` : '',
    '',
    'Please confirm the order to the buyer within 24 hours.',
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
  return {
    to: order.supplier.email,
    replyTo: order.buyer.email,
    subject: `Order ${order.orderId} from ${order.buyer.name}`,
    text,
  };
}
