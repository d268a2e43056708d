/**
 * Orders placed with a supplier from outside the orders page (the marketplace's checkout): the order
 * record its caller writes in its own transaction, built here so the orders domain decides its shape.
 *
 * A supplier may sell in another currency than the cellar keeps (marketplace suppliers sell in NOK):
 * each line's unit cost is converted into the cellar's base currency when the order is placed, at the
 * newest exchange rate held in the table, and the rate is kept on the order (`exchangeRate`), so
 * receiving values the bottles in the cellar's own currency and the order says how it got there.
 */
import {
  type CurrencyCode,
  currency,
  type MarketplaceOrderInfo,
  type OrderExchangeRate,
  type OrderLine,
  todayIso,
} from '@kork/shared';
import { ulid } from 'ulid';
import { cellarOf } from '../cellar/cellar-service';
import { latestRates } from '../cellar/currency/exchange-rate-service';
import type { OrderRecord } from './order-store';

export interface OrderConversion {
  /** The cellar's base currency: the currency of the order's lines. */
  currency: CurrencyCode;
  /** Absent when the supplier's currency is the cellar's. */
  exchangeRate?: OrderExchangeRate;
  /** A unit cost in minor units of the supplier's currency, as minor units of the cellar's. */
  unitCost(supplierMinor: number): number;
}

/** Significant digits a recorded rate keeps; a line's cost is computed from the rate as recorded. */
const RATE_DIGITS = 8;

/** How an order in `from` (minor units) comes into `to` at the given NOK-per-unit rates. */
export function conversionOf(
  from: CurrencyCode,
  to: CurrencyCode,
  rates: { date: string; source: string; nokPerUnit: Partial<Record<string, number>> },
): OrderConversion {
  if (from === to) return { currency: to, unitCost: (minor) => minor };
  const fromNok = rates.nokPerUnit[from] ?? 1;
  const toNok = rates.nokPerUnit[to] ?? 1;
  const rate = Number((fromNok / toNok).toPrecision(RATE_DIGITS));
  const scale = 10 ** (currency(to).minorUnits - currency(from).minorUnits);
  return {
    currency: to,
    exchangeRate: { from, to, rate, nokPerUnit: toNok, date: rates.date, source: rates.source },
    unitCost: (minor) => Math.round(minor * rate * scale),
  };
}

/** The conversion of an order from a supplier selling in `from` into the owner's cellar. */
export async function orderConversionFor(ownerId: string, from: CurrencyCode): Promise<OrderConversion> {
  const cellar = await cellarOf(ownerId);
  if (cellar.baseCurrency === from) return conversionOf(from, from, { date: '', source: '', nokPerUnit: {} });
  return conversionOf(from, cellar.baseCurrency, await latestRates());
}

export interface PlacedOrderInput {
  ownerId: string;
  /** The order's number as the buyer and the supplier know it. */
  orderNumber: string;
  source: 'marketplace' | 'import';
  supplier: string;
  note?: string;
  placedAt: string;
  deliveryDate?: string;
  /** Lines at the supplier's prices (minor units of the supplier's currency). */
  lines: { wineId: string; wineDisplayName: string; units: number; supplierUnitCost: number }[];
  createdBy: string;
  createdByName: string;
  /** The marketplace's part, given the order's line ids. */
  marketplace?: (lines: readonly OrderLine[]) => MarketplaceOrderInfo;
}

/** A new `purchase` order, status `placed`, its lines in the cellar's currency through `conversion`. */
export function placedOrderRecord(input: PlacedOrderInput, conversion: OrderConversion): OrderRecord {
  const products: OrderLine[] = input.lines.map((line) => {
    const unitCost = conversion.unitCost(line.supplierUnitCost);
    return {
      lineId: ulid(),
      wineId: line.wineId,
      wineDisplayName: line.wineDisplayName,
      units: line.units,
      unitCost,
      received: 0,
      total: line.units * unitCost,
    };
  });
  return {
    ownerId: input.ownerId,
    id: ulid(),
    type: 'purchase',
    orderId: input.orderNumber,
    status: 'placed',
    source: input.source,
    supplier: input.supplier,
    ...(input.note ? { note: input.note } : {}),
    orderDate: todayIso(new Date(input.placedAt)),
    ...(input.deliveryDate ? { deliveryDate: input.deliveryDate } : {}),
    products,
    createdBy: input.createdBy,
    createdByName: input.createdByName,
    createdAt: input.placedAt,
    updatedAt: input.placedAt,
    version: 0,
    ...(input.marketplace ? { marketplace: input.marketplace(products) } : {}),
    ...(conversion.exchangeRate ? { exchangeRate: conversion.exchangeRate } : {}),
  } as OrderRecord;
}
