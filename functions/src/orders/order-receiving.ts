/**
 * Receiving an order's bottles (docs/sales-and-orders.md): into one location, every outstanding bottle
 * or the lines named. One transaction writes the order (what each line received, its status, its
 * version, conditional on the version read), each wine with its bottles and its new purchase price (the
 * weighted average of the bottles held and those received) and a RECEIVED history entry per wine.
 */
import {
  type MainCategory,
  type Order,
  type OrderLine,
  type ParsedCellarWineInput,
  purchasePrices,
  QUANTITY_MAX,
  type ReceiveInput,
  weightedAverageCost,
  withBounds,
} from '@kork/shared';
import { actorOf } from '../accounts/account-lookup';
import { cellarOf } from '../cellar/cellar-service';
import { locationIdsOf } from '../cellar/kernel/locations';
import { assertLocation, currentWine, locationKey, STALE } from '../cellar/kernel/wine-fields';
import { type CellarWineRecord, historyRecord, ownOf } from '../cellar/kernel/wine-records';
import { laterThan, type WineChange, writeTransaction } from '../cellar/kernel/wine-transaction';
import { newRecords, rowsInCellar } from '../cellar/wines/cellar-wine-adds';
import { writeItems } from '../data/tables';
import { retryOnConflict } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ValidationError } from '../platform/errors';
import { linesOf, type OrderRecord, OrderRefusedError, orderRecordOf, toOrder } from './order-store';

/** Bottles each line receives now, by line id; refused when a line is unknown or gets more than is to come. */
function unitsToReceive(lines: readonly OrderLine[], wanted: ReceiveInput['lines']): Map<string, number> {
  const outstanding = new Map(lines.map((line) => [line.lineId, line.units - line.received]));
  const units = new Map<string, number>();
  if (!wanted) {
    for (const [lineId, left] of outstanding) if (left > 0) units.set(lineId, left);
    if (units.size === 0) throw new OrderRefusedError('nothingToReceive');
    return units;
  }
  if ([...outstanding.values()].every((left) => left <= 0)) throw new OrderRefusedError('nothingToReceive');
  const fields: Record<string, string> = {};
  wanted.forEach((line, index) => {
    const left = outstanding.get(line.lineId);
    if (left === undefined) {
      fields[`lines.${index}.lineId`] = 'unknownOrderLine';
      return;
    }
    const total = (units.get(line.lineId) ?? 0) + line.units;
    if (total > left)
      fields[`lines.${index}.units`] = withBounds('receiveTooMany', {
        max: Math.max(0, left - (units.get(line.lineId) ?? 0)),
      });
    units.set(line.lineId, total);
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return units;
}

/** A wine the receipt writes: as read (absent for a new one), as it becomes, and what it received. */
interface Receipt {
  before?: CellarWineRecord;
  after: CellarWineRecord;
  units: number;
  cost: number;
}

/**
 * The wines a receipt writes, each once however many lines name it: a line of a cellar wine adds to it,
 * a line of a catalogue wine adds to the cellar's row of it, or makes that row (at the line's cost).
 * Answers the receipts and the cellar wine each line went into.
 */
async function receiptsOf(
  ownerId: string,
  lines: readonly OrderLine[],
  units: ReadonlyMap<string, number>,
  locationId: string,
  vats: Record<MainCategory, number>,
): Promise<{ receipts: Map<string, Receipt>; wineOfLine: Map<string, string> }> {
  const receiving = lines.filter((line) => units.has(line.lineId));
  const ownIds = [...new Set(receiving.flatMap((line) => (line.ownWineId ? [line.ownWineId] : [])))];
  const catalogIds = [...new Set(receiving.flatMap((line) => (line.wineId ? [line.wineId] : [])))];
  const [own, catalogRows] = await Promise.all([
    Promise.all(ownIds.map((id) => currentWine(ownerId, id))),
    rowsInCellar(ownerId, catalogIds),
  ]);
  const records = new Map(own.flatMap((record) => (record ? [[record.id, record] as const] : [])));
  const key = locationKey(locationId) ?? '_';
  const receipts = new Map<string, Receipt>();
  const wineOfLine = new Map<string, string>();
  const fields: Record<string, string> = {};
  for (const [index, line] of lines.entries()) {
    const count = units.get(line.lineId);
    if (count === undefined) continue;
    // A catalogue line received before went into the row it then made.
    const row = line.wineId ? (catalogRows.get(line.wineId) ?? undefined) : records.get(line.ownWineId ?? '');
    let receipt = row ? receipts.get(row.id) : undefined;
    if (!receipt && line.wineId && !row)
      receipt = [...receipts.values()].find((r) => r.after.wineId === line.wineId);
    if (!receipt) {
      if (row)
        receipt = { before: row, after: { ...row, updatedAt: laterThan(row.updatedAt) }, units: 0, cost: 0 };
      else if (line.wineId) {
        const input = {
          source: 'KORK',
          wineId: line.wineId,
          quantity: 0,
          locationId,
        } as ParsedCellarWineInput;
        const [made] = await newRecords(ownerId, [input], () => `products.${index}.`);
        receipt = { after: made as CellarWineRecord, units: 0, cost: 0 };
      } else {
        fields[`products.${index}.ownWineId`] = 'winesNotInCellar';
        continue;
      }
      receipts.set(receipt.after.id, receipt);
    }
    const { after } = receipt;
    const own = ownOf(after);
    const wovat = weightedAverageCost(after.quantity, own.purchasePriceWovat, count, line.unitCost);
    const vat = vats[after.mainCategoryId as MainCategory] ?? 0;
    const prices = purchasePrices({ purchasePriceWovat: wovat }, vat);
    const placements = { ...(after.placements as Record<string, number>) };
    placements[key] = (placements[key] ?? 0) + count;
    receipt.after = {
      ...after,
      quantity: after.quantity + count,
      placements,
      own: { ...own, purchasePriceWovat: wovat, purchasePriceWvat: prices.purchasePriceWvat ?? undefined },
    };
    if (receipt.after.quantity > QUANTITY_MAX)
      fields[`products.${index}.units`] = withBounds('atMost', { max: QUANTITY_MAX - after.quantity });
    receipt.cost += count * line.unitCost;
    receipt.units += count;
    wineOfLine.set(line.lineId, receipt.after.id);
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return { receipts, wineOfLine };
}

/**
 * Receives bottles of an order. A wine changed since it was read is read again and the receipt decided
 * on it; the order itself must stay at the version the receipt was decided on (`input.version`, else
 * the one first read): should another change of it (another receipt) come first, this one answers 409
 * orderChanged and receives nothing, so a receipt sent twice is received once.
 */
export async function receiveOrder(
  ownerId: string,
  orderId: string,
  input: ReceiveInput,
  principal: Principal,
): Promise<Order> {
  const [cellar, actor] = await Promise.all([cellarOf(ownerId), actorOf(principal)]);
  let version: number | undefined;
  const outcome = await retryOnConflict(async () => {
    const order = await orderRecordOf(ownerId, orderId);
    version ??= input.version ?? order.version;
    if (order.version !== version) return STALE;
    if (order.status === 'cancelled')
      throw new OrderRefusedError(withBounds('orderClosed', { status: order.status }));
    assertLocation(await locationIdsOf(ownerId), input.locationId, 'locationId');
    const lines = linesOf(order);
    const units = unitsToReceive(lines, input.lines);
    const { receipts, wineOfLine } = await receiptsOf(ownerId, lines, units, input.locationId, cellar.vats);

    const products = lines.map((line) => {
      const count = units.get(line.lineId);
      if (count === undefined) return line;
      const ownWineId = wineOfLine.get(line.lineId);
      return { ...line, received: line.received + count, ...(ownWineId ? { ownWineId } : {}) };
    });
    const after = {
      ...order,
      products,
      status: products.every((line) => line.received >= line.units) ? 'received' : 'partlyReceived',
      version: order.version + 1,
      updatedAt: laterThan(order.updatedAt),
    } as OrderRecord;
    const changes: WineChange[] = [...receipts.values()].map(
      ({ before, after: wine, units: count, cost }) => ({
        ...(before ? { before } : {}),
        after: wine,
        history: historyRecord(wine, 'RECEIVED', before ?? null, wine, actor, {
          orderId,
          units: count,
          unitCost: Math.round(cost / count),
        }),
      }),
    );
    await writeTransaction(changes, () => [
      writeItems('orders')
        .order.put(after)
        .where((attr, op) => op.eq(attr.version, order.version))
        .commit(),
    ]);
    return after;
  });
  if (outcome === STALE) throw new OrderRefusedError('orderChanged');
  return toOrder(outcome, cellar.baseCurrency);
}
