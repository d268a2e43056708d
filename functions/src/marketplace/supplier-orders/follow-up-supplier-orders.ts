/**
 * The `supplier-order-follow-up` job: publishes again the placed message of orders whose supplier mail is
 * not recorded a few minutes after checkout (the message's sending failed), the buyer's notice of a
 * supplier's answer whose mail is not recorded a few minutes after the answer, and one reminder message
 * for orders a supplier has not answered in 24 hours. The consumer mails each once, so a message
 * published twice (by two runs, or beside the first delivery) is harmless.
 */
import type {
  SupplierOrderAnswered,
  SupplierOrderPlacedV2,
  SupplierOrderReminder,
} from '@kork/queue-messages';
import { SUPPLIER_REMINDER_AFTER_HOURS } from '@kork/shared';
import { findUserById } from '../../accounts/account-lookup';
import { queue } from '../../adapters/queue';
import { tables } from '../../data/tables';
import { linesOf } from '../../orders/order-service';
import { suppliersByIds } from '../suppliers/suppliers';
import { placedMailsOf, sentAnswerNoticesOf } from './supplier-order-mail-claims';
import { type MarketplaceRecord, marketplaceRecordOf, supplierPriceOf } from './supplier-order-views';

/** A placed mail not recorded this long after checkout is sent again. */
export const RESEND_AFTER_MS = 5 * 60 * 1000;
/** Waiting orders one run looks at (oldest first). */
const MAX_PER_RUN = 2000;
/** Answered orders placed this long ago or less are checked for a buyer's notice that did not go. */
const NOTICE_WINDOW_MS = 30 * 24 * 3600 * 1000;

type Ref = { ownerId: string; orderId: string; noticeVersion?: number; noticeAt?: string };

/** Answer notices of these orders due again: an answer older than `before` whose mail is not recorded. */
async function unsentNotices(refs: readonly Ref[], before: string): Promise<SupplierOrderAnswered[]> {
  const due = refs.flatMap((ref) =>
    ref.noticeVersion !== undefined && ref.noticeAt !== undefined && ref.noticeAt < before
      ? [{ ownerId: ref.ownerId, orderId: ref.orderId, answerVersion: ref.noticeVersion, at: ref.noticeAt }]
      : [],
  );
  const messages: SupplierOrderAnswered[] = [];
  for (let i = 0; i < due.length; i += 100) {
    const part = due.slice(i, i + 100);
    const sent = await sentAnswerNoticesOf(part);
    for (const notice of part) {
      if (sent.has(`${notice.ownerId}/${notice.orderId}/${notice.answerVersion}`)) continue;
      messages.push({
        name: 'orders.supplier-order.answered',
        version: 1,
        ownerId: notice.ownerId,
        orderId: notice.orderId,
        answerVersion: notice.answerVersion,
        answeredAt: notice.at,
      });
    }
  }
  return messages;
}

async function placedMessage(record: MarketplaceRecord): Promise<SupplierOrderPlacedV2 | undefined> {
  const info = record.marketplace;
  const [suppliers, buyer] = await Promise.all([
    suppliersByIds([info.supplierId]),
    findUserById(record.ownerId),
  ]);
  const supplier = suppliers.get(info.supplierId);
  const lines = linesOf(record).filter((line) => line.units > 0);
  if (!supplier || !buyer || lines.length === 0) return undefined;
  return {
    name: 'orders.supplier-order.placed',
    version: 2,
    orderId: record.id,
    ownerId: record.ownerId,
    checkoutId: info.checkoutId,
    supplier: { id: supplier.id, name: supplier.name, email: supplier.orderEmail },
    buyer: { name: info.billing?.name || record.createdByName, email: buyer.email },
    lines: lines.map((line) => ({
      productName: line.wineDisplayName,
      quantity: line.units,
      unitPriceMinor: supplierPriceOf(record, line),
    })),
    currency: 'NOK',
    ...(info.note ? { note: info.note } : {}),
    placedAt: info.placedAt,
  };
}

export async function followUpSupplierOrders(now = new Date()): Promise<string> {
  const { data: refs } = await tables('marketplace')
    .supplierOrderRef.query.byState({ state: 'waiting' })
    .go({ order: 'asc', limit: MAX_PER_RUN, pages: 'all' });
  const resendBefore = new Date(now.getTime() - RESEND_AFTER_MS).toISOString();
  const remindBefore = new Date(now.getTime() - SUPPLIER_REMINDER_AFTER_HOURS * 3600 * 1000).toISOString();
  const due = refs.filter((ref) => ref.placedAt < resendBefore).slice(0, MAX_PER_RUN);
  const mails = new Map<string, { state: string }>();
  for (let i = 0; i < due.length; i += 100) {
    const part = await placedMailsOf(
      due.slice(i, i + 100).map((r) => ({ ownerId: r.ownerId, orderId: r.orderId })),
    );
    for (const [key, value] of part) mails.set(key, value);
  }
  const { data: answered } = await tables('marketplace')
    .supplierOrderRef.query.byState({ state: 'answered' })
    .gte({ placedAt: new Date(now.getTime() - NOTICE_WINDOW_MS).toISOString() })
    .go({ limit: MAX_PER_RUN, pages: 'all' });
  const notices = await unsentNotices([...refs, ...answered], resendBefore);
  const messages: (SupplierOrderPlacedV2 | SupplierOrderReminder | SupplierOrderAnswered)[] = [...notices];
  let resent = 0;
  let reminders = 0;
  let skipped = 0;
  for (const ref of due) {
    const key = `${ref.ownerId}/${ref.orderId}`;
    if (mails.get(key)?.state !== 'sent') {
      const record = await marketplaceRecordOf(ref.ownerId, ref.orderId);
      const message = record ? await placedMessage(record) : undefined;
      if (message) {
        messages.push(message);
        resent += 1;
      } else skipped += 1;
      continue;
    }
    if (ref.placedAt < remindBefore && !ref.remindedAt) {
      messages.push({
        name: 'orders.supplier-order.reminder',
        version: 1,
        ownerId: ref.ownerId,
        orderId: ref.orderId,
      });
      reminders += 1;
    }
  }
  if (messages.length > 0) await queue().send('supplier-orders', messages);
  return `${refs.length} waiting order(s): ${resent} order mail(s) sent again, ${reminders} reminder(s), ${skipped} skipped; ${notices.length} answer notice(s) sent again`;
}

export async function handler(): Promise<string> {
  return followUpSupplierOrders();
}
