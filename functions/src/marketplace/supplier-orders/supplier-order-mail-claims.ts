/**
 * The supplier-orders consumer's mails, each sent once however often its message arrives
 * (entities/supplier-order-mail.ts): a conditional create claims the mail before it is sent and a
 * conditional update marks it sent. A claim younger than `CLAIM_LEASE_MS` belongs to a delivery that may
 * be sending it: the message fails and comes back later, so a mail is never acknowledged before it went.
 * An older claim (its consumer died) is taken over, conditional on the claim it saw.
 */
import type { MailMessage } from '../../adapters/mail';
import { mail } from '../../adapters/mail';
import { tables } from '../../data/tables';
import { isConditionFailure } from '../../data/transactions';

export const CLAIM_LEASE_MS = 2 * 60 * 1000;

export type MailKind = 'placed' | 'reminder' | 'answered';

export interface MailKey {
  ownerId: string;
  orderId: string;
  kind: MailKind;
  seq: number;
}

/** Another delivery holds the mail's claim: the message is tried again after its visibility timeout. */
export class MailClaimBusyError extends Error {
  override name = 'MailClaimBusyError';
}

export type SendOutcome = { sent: true; messageId: string } | { sent: false; reason: 'alreadySent' };

async function claim(key: MailKey, now: Date): Promise<{ claimedAt: string } | 'alreadySent'> {
  const claimedAt = now.toISOString();
  const entity = tables('marketplace').supplierOrderMail;
  try {
    await entity.create({ ...key, state: 'claimed', claimedAt }).go({ response: 'none' });
    return { claimedAt };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { data } = await entity.get(key).go({ consistent: true });
  if (!data) throw new MailClaimBusyError('the claim went away while it was read');
  if (data.state === 'sent') return 'alreadySent';
  if (now.getTime() - Date.parse(data.claimedAt) < CLAIM_LEASE_MS)
    throw new MailClaimBusyError(`claimed at ${data.claimedAt}`);
  try {
    await entity
      .patch(key)
      .set({ claimedAt })
      .where((a, { eq }) => `${eq(a.state, 'claimed')} AND ${eq(a.claimedAt, data.claimedAt)}`)
      .go({ response: 'none' });
    return { claimedAt };
  } catch (error) {
    if (isConditionFailure(error)) throw new MailClaimBusyError('another delivery took the claim over');
    throw error;
  }
}

async function release(key: MailKey, claimedAt: string): Promise<void> {
  try {
    await tables('marketplace')
      .supplierOrderMail.delete(key)
      .where((a, { eq }) => `${eq(a.state, 'claimed')} AND ${eq(a.claimedAt, claimedAt)}`)
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

async function markSent(key: MailKey, claimedAt: string, to: string, messageId: string): Promise<void> {
  const sentAt = new Date().toISOString();
  for (let attempt = 0; ; attempt++) {
    try {
      await tables('marketplace')
        .supplierOrderMail.patch(key)
        .set({ state: 'sent', sentAt, messageId, to })
        .where((a, { eq }) => eq(a.claimedAt, claimedAt))
        .go({ response: 'none' });
      return;
    } catch (error) {
      // Taken over after the lease (a send slower than the lease): the mail went, the new holder records it.
      if (isConditionFailure(error)) return;
      if (attempt >= 2) throw error;
      await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
    }
  }
}

/**
 * Sends `message` once for `key`. A send that throws gives the claim back and throws, so
 * the message is delivered again.
 */
export async function sendOnce(
  key: MailKey,
  message: MailMessage,
  now: Date = new Date(),
): Promise<SendOutcome> {
  const claimed = await claim(key, now);
  if (claimed === 'alreadySent') return { sent: false, reason: 'alreadySent' };
  let messageId: string;
  try {
    ({ messageId } = await mail().send(message));
  } catch (error) {
    await release(key, claimed.claimedAt);
    throw error;
  }
  await markSent(key, claimed.claimedAt, message.to, messageId);
  return { sent: true, messageId };
}

/** The recorded mails of orders (one batch read): the `placed` mail's state and address per order. */
export async function placedMailsOf(
  orders: readonly { ownerId: string; orderId: string }[],
): Promise<Map<string, { state: string; to?: string }>> {
  if (orders.length === 0) return new Map();
  const { data } = await tables('marketplace')
    .supplierOrderMail.get(orders.map((o) => ({ ...o, kind: 'placed', seq: 0 })))
    .go({ consistent: true });
  return new Map(data.map((m) => [`${m.ownerId}/${m.orderId}`, { state: m.state, to: m.to }]));
}

/** Which answer notices are recorded as sent: keys `${ownerId}/${orderId}/${answerVersion}`. */
export async function sentAnswerNoticesOf(
  notices: readonly { ownerId: string; orderId: string; answerVersion: number }[],
): Promise<Set<string>> {
  if (notices.length === 0) return new Set();
  const { data } = await tables('marketplace')
    .supplierOrderMail.get(
      notices.map((n) => ({
        ownerId: n.ownerId,
        orderId: n.orderId,
        kind: 'answered',
        seq: n.answerVersion,
      })),
    )
    .go({ consistent: true });
  return new Set(data.filter((m) => m.state === 'sent').map((m) => `${m.ownerId}/${m.orderId}/${m.seq}`));
}
