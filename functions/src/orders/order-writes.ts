/**
 * Creating, changing and deleting orders (docs/sales-and-orders.md). Every write is conditional on the
 * order's version as read; a change that names the version it was made on answers 409 (orderChanged)
 * when the order has moved on, one that does not is applied again on the fresh order.
 */
import {
  type Order,
  type OrderInput,
  type OrderLine,
  type OrderUpdate,
  todayIso,
  wineDisplayName,
  withBounds,
} from '@kork/shared';
import { ulid } from 'ulid';
import { actorOf } from '../accounts/account-lookup';
import { getWines } from '../catalog/wine-lookup';
import { cellarOf } from '../cellar/cellar-service';
import { currentWine } from '../cellar/kernel/wine-fields';
import { tables } from '../data/tables';
import { isConditionFailure, laterThan, retryOnConflict } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ConflictError, ValidationError } from '../platform/errors';
import {
  isClosed,
  linesOf,
  type OrderRecord,
  OrderRefusedError,
  orderRecordOf,
  toOrder,
} from './order-store';
import type { OrderConversion } from './placed-orders';

/**
 * An order's lines from its input: each names a wine of the cellar or an active catalogue wine, and
 * keeps its name as it is now. Every line gets an id of its own.
 */
async function newLines(ownerId: string, products: OrderInput['products']): Promise<OrderLine[]> {
  const ownIds = [...new Set(products.flatMap((line) => (line.ownWineId ? [line.ownWineId] : [])))];
  const wineIds = products.flatMap((line) => (line.wineId ? [line.wineId] : []));
  const [own, catalog] = await Promise.all([
    Promise.all(ownIds.map((id) => currentWine(ownerId, id))),
    getWines(wineIds),
  ]);
  const cellarWines = new Map(own.flatMap((record) => (record ? [[record.id, record] as const] : [])));
  const fields: Record<string, string> = {};
  const lines = products.map((line, index): OrderLine => {
    let name = '';
    if (line.ownWineId) {
      const record = cellarWines.get(line.ownWineId);
      if (!record) fields[`products.${index}.ownWineId`] = 'winesNotInCellar';
      else
        name = wineDisplayName({
          wineName: record.wineName,
          producerName: record.producerName,
          vintage: record.vintage ?? null,
        });
    } else {
      const wine = catalog.get(line.wineId as string);
      if (wine?.status !== 'active') fields[`products.${index}.wineId`] = 'wineNotInCatalog';
      else
        name = wineDisplayName({
          wineName: wine.name,
          producerName: wine.producer,
          vintage: wine.vintage ?? null,
        });
    }
    return {
      lineId: ulid(),
      ...(line.ownWineId ? { ownWineId: line.ownWineId } : { wineId: line.wineId }),
      wineDisplayName: name,
      units: line.units,
      unitCost: line.unitCost,
      received: 0,
      total: line.units * line.unitCost,
    };
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return lines;
}

/** Fields with a value kept, nulls and empty texts left out (an absent field is not stored). */
function present<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Partial<T>;
}

/**
 * A new order. `conversion` is for an order whose lines are in its supplier's currency (an importer's
 * order in NOK): each line's cost is converted into the cellar's and the rate is kept on the order.
 */
export async function createOrder(
  ownerId: string,
  input: OrderInput,
  principal: Principal,
  options: { conversion?: OrderConversion } = {},
): Promise<Order> {
  const { conversion } = options;
  const [cellar, actor, lines] = await Promise.all([
    cellarOf(ownerId),
    actorOf(principal),
    newLines(ownerId, input.products),
  ]);
  const products = conversion
    ? lines.map((line) => {
        const unitCost = conversion.unitCost(line.unitCost);
        return { ...line, unitCost, total: line.units * unitCost };
      })
    : lines;
  const now = new Date().toISOString();
  const record = {
    ownerId,
    id: ulid(),
    type: input.type,
    status: input.status ?? 'draft',
    source: input.source ?? 'manual',
    ...present({
      orderId: input.orderId,
      supplier: input.supplier,
      note: input.note,
      deliveryDate: input.deliveryDate,
    }),
    orderDate: input.orderDate ?? todayIso(),
    products,
    createdBy: actor.userId,
    createdByName: actor.name,
    createdAt: now,
    updatedAt: now,
    version: 0,
    ...(conversion?.exchangeRate ? { exchangeRate: conversion.exchangeRate } : {}),
  } as OrderRecord;
  await tables('orders').order.create(record).go();
  return toOrder(record, cellar.baseCurrency);
}

/** Whether the products sent are the order's products as they are (same wines, units and costs). */
function sameProducts(lines: readonly OrderLine[], products: NonNullable<OrderUpdate['products']>): boolean {
  return (
    lines.length === products.length &&
    lines.every((line, index) => {
      const sent = products[index];
      if (!sent || sent.units !== line.units || sent.unitCost !== line.unitCost) return false;
      return sent.ownWineId ? sent.ownWineId === line.ownWineId : sent.wineId === line.wineId;
    })
  );
}

/**
 * Changes an order. A received or cancelled order is closed (409 orderClosed). Once bottles of it have
 * been received its products cannot change (409 orderProductsLocked), and of the statuses set by hand
 * only `cancelled` (nothing more is coming) is left to it.
 */
export async function updateOrder(
  ownerId: string,
  orderId: string,
  patch: OrderUpdate,
  principal: Principal,
): Promise<Order> {
  const [cellar] = await Promise.all([cellarOf(ownerId), actorOf(principal)]);
  const record = await retryOnConflict(async () => {
    const before = await orderRecordOf(ownerId, orderId);
    if (patch.version !== undefined && patch.version !== before.version)
      throw new OrderRefusedError('orderChanged');
    if (isClosed(before.status))
      throw new OrderRefusedError(withBounds('orderClosed', { status: before.status }));
    const lines = linesOf(before);
    const received = lines.some((line) => line.received > 0);
    const changesProducts = patch.products !== undefined && !sameProducts(lines, patch.products);
    if (received && changesProducts) throw new OrderRefusedError('orderProductsLocked');
    if (received && patch.status !== undefined && patch.status !== 'cancelled')
      throw new ValidationError({ status: 'invalidValue' });

    const after: Record<string, unknown> = { ...before };
    for (const field of ['type', 'orderDate'] as const)
      if (patch[field] !== undefined) after[field] = patch[field];
    for (const field of ['orderId', 'supplier', 'note', 'deliveryDate'] as const) {
      const value = patch[field];
      if (value === undefined) continue;
      if (value === null || value === '') delete after[field];
      else after[field] = value;
    }
    if (patch.status !== undefined) after.status = patch.status;
    if (changesProducts) after.products = await newLines(ownerId, patch.products ?? []);
    after.version = before.version + 1;
    after.updatedAt = laterThan(before.updatedAt);
    try {
      await tables('orders')
        .order.put(after as OrderRecord)
        .where((attr, op) => op.eq(attr.version, before.version))
        .go();
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError();
      throw error;
    }
    return after as OrderRecord;
  });
  return toOrder(record, cellar.baseCurrency);
}

/** Deletes an order nothing of which has been received (otherwise 409 orderHasReceipts: cancel it). */
export async function deleteOrder(ownerId: string, orderId: string): Promise<Order> {
  const cellar = await cellarOf(ownerId);
  const record = await retryOnConflict(async () => {
    const before = await orderRecordOf(ownerId, orderId);
    if (linesOf(before).some((line) => line.received > 0)) throw new OrderRefusedError('orderHasReceipts');
    try {
      await tables('orders')
        .order.delete({ ownerId, id: orderId })
        .where((attr, op) => op.eq(attr.version, before.version))
        .go();
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError();
      throw error;
    }
    return before;
  });
  return toOrder(record, cellar.baseCurrency);
}
