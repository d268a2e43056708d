/**
 * The duties an order's lines hold (docs/duties.md): each line's excise, packaging taxes and deposit per
 * bottle at the rates in force on the order date, and the order's total, from one call of the duties
 * domain for all its lines. A line whose wine's alcohol is unknown says so and is left out of the total,
 * which says how many lines it leaves out — never a silent 0.
 */
import {
  type CurrencyCode,
  convertMinor,
  type DutiesResult,
  dutiesTotal,
  type LineDuties,
  type Order,
  type OrderDuties,
} from '@kork/shared';
import { getWines } from '../catalog/wine-lookup';
import { currentWine } from '../cellar/kernel/wine-fields';
import { ownOf } from '../cellar/kernel/wine-records';
import { bottleDutiesFor, type DutyBottle } from '../duties/duties-service';

/** A line's duties from its duties result, in the order's currency (`toOrderCurrency` converts øre). */
export function lineDutiesOf(
  result: DutiesResult,
  units: number,
  toOrderCurrency: (nokMinor: number) => number,
): LineDuties {
  if (!result.ok) return { known: false, missing: result.missing };
  const perBottle = toOrderCurrency(dutiesTotal(result.duties));
  return {
    known: true,
    perBottle,
    total: perBottle * units,
    ratesAsOf: result.duties.ratesAsOf,
    stale: result.duties.stale,
  };
}

/** The order's duties from its lines' (the known ones summed, the unknown ones counted). */
export function orderDutiesOf(lines: readonly LineDuties[], date: string): OrderDuties {
  let total = 0;
  let unknownLines = 0;
  let ratesAsOf: string | null = null;
  let stale = false;
  for (const line of lines) {
    if (!line.known) {
      unknownLines += 1;
      continue;
    }
    total += line.total;
    stale ||= line.stale;
    if (line.ratesAsOf && (ratesAsOf === null || line.ratesAsOf > ratesAsOf)) ratesAsOf = line.ratesAsOf;
  }
  return { total, unknownLines, date, ratesAsOf, stale };
}

/**
 * NOK øre as minor units of the order's currency: at the rate the order was converted at when it has
 * one, else at the reference rates.
 */
function converterOf(order: Pick<Order, 'currency' | 'exchangeRate'>): (nokMinor: number) => number {
  const to: CurrencyCode = order.currency;
  if (to === 'NOK') return (minor) => minor;
  const rates =
    order.exchangeRate?.from === 'NOK' && order.exchangeRate.to === to
      ? { NOK: 1, [to]: order.exchangeRate.nokPerUnit }
      : {};
  return (minor) => convertMinor(minor, 'NOK', to, rates);
}

/** The order with each line's duties and the order's, at the order date's rates. */
export async function withOrderDuties(ownerId: string, order: Order): Promise<Order> {
  if (order.products.length === 0) return order;
  const ownIds = [...new Set(order.products.flatMap((line) => (line.ownWineId ? [line.ownWineId] : [])))];
  const wineIds = [...new Set(order.products.flatMap((line) => (line.wineId ? [line.wineId] : [])))];
  const [own, catalog] = await Promise.all([
    Promise.all(ownIds.map((id) => currentWine(ownerId, id))),
    getWines(wineIds),
  ]);
  const cellarWines = new Map(own.flatMap((record) => (record ? [[record.id, record] as const] : [])));
  const bottles: (DutyBottle | undefined)[] = order.products.map((line) => {
    if (line.ownWineId) {
      const record = cellarWines.get(line.ownWineId);
      if (!record) return undefined;
      const fields = ownOf(record);
      return {
        bottleSize: record.bottleSize,
        category: record.mainCategoryId as DutyBottle['category'],
        ...(fields.alcohol !== undefined ? { alcohol: fields.alcohol } : {}),
        ...(fields.container !== undefined ? { container: fields.container } : {}),
        ...(record.wineId ? { wineId: record.wineId } : {}),
      };
    }
    const wine = line.wineId ? catalog.get(line.wineId) : undefined;
    return wine ? { bottleSize: wine.bottleSize, category: wine.mainCategoryId, wineId: wine.id } : undefined;
  });
  const known = bottles.flatMap((bottle) => (bottle ? [bottle] : []));
  const results = known.length > 0 ? await bottleDutiesFor(known, order.orderDate) : [];
  const convert = converterOf(order);
  let next = 0;
  const products = order.products.map((line, index) => {
    const result: DutiesResult = bottles[index]
      ? (results[next++] ?? { ok: false, missing: 'alcohol' })
      : { ok: false, missing: 'alcohol' };
    return { ...line, duties: lineDutiesOf(result, line.units, convert) };
  });
  return {
    ...order,
    products,
    duties: orderDutiesOf(
      products.map((line) => line.duties),
      order.orderDate,
    ),
  };
}
