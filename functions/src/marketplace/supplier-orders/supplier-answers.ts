/**
 * A supplier's answers on its order (docs/marketplace.md), from its signed link or its importer account:
 * confirm, modify (quantity, substitute, delivery date) or reject each line. The order, its supplier
 * inbox entry and the order's status change in one transaction conditional on the order's version; the
 * buyer is mailed through an `orders.supplier-order.answered` message.
 */
import type { SupplierOrderAnswered } from '@kork/queue-messages';
import type {
  MarketplaceOrderInfo,
  MessageKey,
  OrderLine,
  SupplierAnswerInput,
  SupplierLineAnswer,
  SupplierOrderView,
} from '@kork/shared';
import { queue } from '../../adapters/queue';
import { transaction } from '../../data/tables';
import { commitTransaction, laterThan, TransactionCanceled } from '../../data/transactions';
import {
  isClosed,
  linesOf,
  type OrderRecord,
  OrderRefusedError,
  replaceOrderItem,
} from '../../orders/order-service';
import { ValidationError } from '../../platform/errors';
import { createLogger } from '../../platform/logger';
import { type OfferFacts, offerKey, offersOf } from '../suppliers/suppliers';
import {
  answerOf,
  inboxOf,
  type MarketplaceRecord,
  supplierOrderRecord,
  viewOf,
} from './supplier-order-views';

export type AnsweredBy = { kind: 'link' } | { kind: 'account'; userId: string; name: string };

/** The order as its supplier sees it; 404 when the order is not this supplier's marketplace order. */
export async function supplierOrderView(
  supplierId: string,
  ownerId: string,
  orderId: string,
): Promise<SupplierOrderView> {
  return viewOf(await supplierOrderRecord(supplierId, ownerId, orderId));
}

/** A supplier's inbox in Kork, newest first. */
export async function supplierOrders(
  supplierId: string,
  query: { state?: 'waiting' | 'answered'; page?: number; resultsPerPage?: number },
): Promise<{ rows: SupplierOrderView[]; count: number }> {
  return inboxOf(supplierId, query);
}

type LineAnswerInput = SupplierAnswerInput['lines'][number];

/** Every named line is the order's, once; `modify` changes something; a substitute is one it offers. */
async function checkedAnswer(
  record: MarketplaceRecord,
  answer: SupplierAnswerInput,
): Promise<Map<string, OfferFacts>> {
  const lineIds = new Set(linesOf(record).map((line) => line.lineId));
  const seen = new Set<string>();
  const fields: Record<string, MessageKey> = {};
  answer.lines.forEach((line, i) => {
    if (!lineIds.has(line.lineId) || seen.has(line.lineId)) fields[`lines.${i}.lineId`] = 'unknownOrderLine';
    seen.add(line.lineId);
    if (line.action !== 'modify') return;
    if (line.quantity === undefined && !line.substituteWineId && !line.substituteName)
      fields[`lines.${i}.quantity`] = 'substituteRequired';
  });
  const pairs = answer.lines.flatMap((line) =>
    line.action === 'modify' && line.substituteWineId
      ? [{ supplierId: record.marketplace.supplierId, wineId: line.substituteWineId }]
      : [],
  );
  const offers =
    pairs.length > 0 ? await offersOf(pairs, { principal: undefined, currency: 'NOK' }) : new Map();
  answer.lines.forEach((line, i) => {
    if (line.action !== 'modify' || !line.substituteWineId) return;
    if (!offers.has(offerKey(record.marketplace.supplierId, line.substituteWineId)))
      fields[`lines.${i}.substituteWineId`] = 'supplierDoesNotOfferWine';
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return offers;
}

/**
 * A line as its answer makes it, from the line as first ordered (its answer keeps the bottles and the
 * wine first ordered), so a supplier that changes its mind answers the order, not its last answer.
 */
function answeredLine(
  line: OrderLine,
  previous: SupplierLineAnswer,
  input: LineAnswerInput,
  offer: OfferFacts | undefined,
  answeredAt: string,
): { line: OrderLine; answer: SupplierLineAnswer } {
  const orderedWine = previous.orderedWine ?? {
    ...(line.wineId ? { wineId: line.wineId } : {}),
    name: line.wineDisplayName,
  };
  const original: OrderLine = {
    ...line,
    ...(orderedWine.wineId && !line.ownWineId ? { wineId: orderedWine.wineId } : {}),
    wineDisplayName: orderedWine.name,
  };
  const base = {
    orderedUnits: previous.orderedUnits,
    ...(input.comment ? { comment: input.comment } : {}),
    answeredAt,
  };
  // Bottles already received stay on the line.
  const unitsOf = (units: number) => Math.max(units, line.received);
  if (input.action === 'confirm') {
    const units = unitsOf(previous.orderedUnits);
    return {
      line: { ...original, units, total: units * line.unitCost },
      answer: { state: 'confirmed', ...base },
    };
  }
  if (input.action === 'reject') {
    const units = unitsOf(0);
    return {
      line: { ...original, units, total: units * line.unitCost },
      answer: { state: 'rejected', ...base },
    };
  }
  const units = unitsOf(input.quantity ?? previous.orderedUnits);
  const substitute = offer
    ? { wineId: offer.wineId, name: offer.wineDisplayName }
    : input.substituteName
      ? { name: input.substituteName }
      : undefined;
  return {
    line: {
      ...original,
      ...(offer && !line.ownWineId ? { wineId: offer.wineId, wineDisplayName: offer.wineDisplayName } : {}),
      units,
      total: units * line.unitCost,
    },
    answer: {
      state: 'modified',
      ...base,
      ...(substitute ? { substitute } : {}),
      ...(offer ? { orderedWine } : {}),
    },
  };
}

function statusAfter(record: OrderRecord, answers: Record<string, SupplierLineAnswer>, lines: OrderLine[]) {
  const states = lines.map((line) => answers[line.lineId]?.state ?? 'waiting');
  const complete = states.every((state) => state !== 'waiting');
  if (!complete || (record.status !== 'placed' && record.status !== 'confirmed' && record.status !== 'draft'))
    return { complete, status: record.status };
  return { complete, status: states.every((state) => state === 'rejected') ? 'cancelled' : 'confirmed' };
}

export async function answerSupplierOrder(
  supplierId: string,
  ownerId: string,
  orderId: string,
  answer: SupplierAnswerInput,
  by: AnsweredBy,
): Promise<SupplierOrderView> {
  const record = await supplierOrderRecord(supplierId, ownerId, orderId);
  if (isClosed(record.status)) throw new OrderRefusedError('supplierOrderClosed');
  if (record.version !== answer.version) throw new OrderRefusedError('supplierOrderChanged');
  const offers = await checkedAnswer(record, answer);

  const now = new Date().toISOString();
  const inputs = new Map(answer.lines.map((line) => [line.lineId, line]));
  const answers: Record<string, SupplierLineAnswer> = { ...record.marketplace.answers };
  const products = linesOf(record).map((line) => {
    const input = inputs.get(line.lineId);
    if (!input) return line;
    const offer = input.substituteWineId
      ? offers.get(offerKey(supplierId, input.substituteWineId))
      : undefined;
    const made = answeredLine(line, answerOf(record, line.lineId, line.units), input, offer, now);
    answers[line.lineId] = made.answer;
    return made.line;
  });
  const { complete, status } = statusAfter(record, answers, products);
  const marketplace: MarketplaceOrderInfo = {
    ...record.marketplace,
    answers,
    supplierState: complete ? 'answered' : 'waiting',
    ...(complete ? { answeredAt: now } : {}),
  };
  const after = {
    ...record,
    products,
    marketplace,
    status,
    ...(answer.deliveryDate ? { deliveryDate: answer.deliveryDate } : {}),
    version: record.version + 1,
    updatedAt: laterThan(record.updatedAt),
  } as MarketplaceRecord;

  const ref = {
    supplierId,
    placedAt: record.marketplace.placedAt,
    ownerId,
    orderId,
  };
  try {
    await commitTransaction(() =>
      transaction('marketplace').write(({ supplierOrderRef }) => [
        replaceOrderItem(after, record.version),
        supplierOrderRef
          .patch(ref)
          .set({ state: complete ? 'answered' : 'waiting', noticeVersion: after.version, noticeAt: now })
          .commit(),
      ]),
    );
  } catch (error) {
    if (error instanceof TransactionCanceled && error.failedConditions.includes(0))
      throw new OrderRefusedError('supplierOrderChanged');
    throw error;
  }

  const message: SupplierOrderAnswered = {
    name: 'orders.supplier-order.answered',
    version: 1,
    ownerId,
    orderId,
    answerVersion: after.version,
    answeredAt: now,
  };
  try {
    await queue().send('supplier-orders', [message]);
  } catch (error) {
    // The answer stands; the follow-up job sends the notice again (its inbox entry names the version).
    createLogger({ service: 'supplier-answers' }).error('answer notice not queued', {
      ownerId,
      orderId,
      error,
    });
  }
  createLogger({ service: 'supplier-answers' }).info('supplier answered', {
    ownerId,
    orderId,
    version: after.version,
    by: by.kind,
  });
  return viewOf(after);
}
