/**
 * What the supplier-orders consumer does with each message (docs/marketplace.md, Fan-out): the
 * supplier's order mail with its signed link, the buyer's notice of each answer, and one reminder. Each
 * mail goes once however often its message arrives (supplier-order-mail-claims.ts).
 */
import type {
  SupplierOrderAnswered,
  SupplierOrderPlacedV2,
  SupplierOrderReminder,
} from '@kork/queue-messages';
import { findUserById } from '../../accounts/account-lookup';
import { transaction } from '../../data/tables';
import { commitTransaction, laterThan, TransactionCanceled } from '../../data/transactions';
import { isClosed, replaceOrderItem } from '../../orders/order-service';
import type { Logger } from '../../platform/logger';
import { suppliersByIds } from '../suppliers/suppliers';
import { signSupplierLink, supplierLinkUrl } from './supplier-links';
import { placedMailsOf, sendOnce } from './supplier-order-mail-claims';
import { answeredMail, placedMail, reminderMail } from './supplier-order-mails';
import { marketplaceRecordOf, viewOf } from './supplier-order-views';

export async function mailPlacedOrder(message: SupplierOrderPlacedV2, log: Logger, now = new Date()) {
  const record = await marketplaceRecordOf(message.ownerId, message.orderId);
  if (!record || record.status === 'cancelled') {
    log.info('order gone before its mail', { orderId: message.orderId });
    return;
  }
  const view = await viewOf(record);
  const link = supplierLinkUrl(
    await signSupplierLink(
      { supplierId: view.supplierId, ownerId: view.ownerId, orderId: view.orderId },
      now,
    ),
  );
  const outcome = await sendOnce(
    { ownerId: message.ownerId, orderId: message.orderId, kind: 'placed', seq: 0 },
    placedMail(view, message.supplier.email, link),
    now,
  );
  log.info(outcome.sent ? 'supplier order mailed' : 'supplier order mailed before', {
    orderId: message.orderId,
    supplierId: view.supplierId,
  });
}

export async function mailAnswer(message: SupplierOrderAnswered, log: Logger, now = new Date()) {
  const record = await marketplaceRecordOf(message.ownerId, message.orderId);
  const buyer = record ? await findUserById(message.ownerId) : undefined;
  if (!record || !buyer) {
    log.info('order gone before its answer notice', { orderId: message.orderId });
    return;
  }
  const outcome = await sendOnce(
    { ownerId: message.ownerId, orderId: message.orderId, kind: 'answered', seq: message.answerVersion },
    answeredMail(await viewOf(record), buyer.email),
    now,
  );
  log.info(outcome.sent ? 'answer notice mailed' : 'answer notice mailed before', {
    orderId: message.orderId,
    answerVersion: message.answerVersion,
  });
}

/** Where a supplier's mails go: where its order mail went, else its order address now. */
async function supplierAddress(
  ownerId: string,
  orderId: string,
  supplierId: string,
): Promise<string | undefined> {
  const placed = (await placedMailsOf([{ ownerId, orderId }])).get(`${ownerId}/${orderId}`);
  if (placed?.to) return placed.to;
  return (await suppliersByIds([supplierId], { consistent: true })).get(supplierId)?.orderEmail;
}

/**
 * Sets `remindedAt` on the order and its inbox entry (conditional on the order's version; read again on a
 * conflict). The version stays as it is: a reminder changes nothing the supplier answers on, so a supplier
 * who opened its link before the reminder still answers on the version it saw.
 */
async function recordReminder(ownerId: string, orderId: string, remindedAt: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = await marketplaceRecordOf(ownerId, orderId);
    if (!record || record.marketplace.remindedAt) return;
    const after = {
      ...record,
      marketplace: { ...record.marketplace, remindedAt },
      updatedAt: laterThan(record.updatedAt),
    };
    const ref = {
      supplierId: record.marketplace.supplierId,
      placedAt: record.marketplace.placedAt,
      ownerId,
      orderId,
    };
    try {
      await commitTransaction(() =>
        transaction('marketplace').write(({ supplierOrderRef }) => [
          replaceOrderItem(after, record.version),
          supplierOrderRef.patch(ref).set({ remindedAt }).commit(),
        ]),
      );
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceled && error.failedConditions.includes(0))) throw error;
    }
  }
  throw new Error('the order kept changing while its reminder was recorded');
}

export async function mailReminder(message: SupplierOrderReminder, log: Logger, now = new Date()) {
  const record = await marketplaceRecordOf(message.ownerId, message.orderId);
  if (!record || isClosed(record.status) || record.marketplace.supplierState !== 'waiting') {
    log.info('no reminder: the order is answered or gone', { orderId: message.orderId });
    return;
  }
  const info = record.marketplace;
  const to = await supplierAddress(message.ownerId, message.orderId, info.supplierId);
  if (!to) throw new Error(`no address for supplier ${info.supplierId}`);
  const view = await viewOf(record);
  const link = supplierLinkUrl(
    await signSupplierLink(
      { supplierId: info.supplierId, ownerId: view.ownerId, orderId: view.orderId },
      now,
    ),
  );
  const outcome = await sendOnce(
    { ownerId: message.ownerId, orderId: message.orderId, kind: 'reminder', seq: 0 },
    reminderMail(view, to, link),
    now,
  );
  await recordReminder(message.ownerId, message.orderId, now.toISOString());
  log.info(outcome.sent ? 'reminder mailed' : 'reminder mailed before', { orderId: message.orderId });
}
