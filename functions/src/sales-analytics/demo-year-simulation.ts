/**
 * The demo restaurant's year of trade as data (demo-year-seed.ts writes it): a year of sales, busier
 * in summer and December and on Fridays and Saturdays; orders of every type and status with their
 * deliveries; three finished counts; and every bottle's movement as history entries on the day it
 * happened.
 */
import {
  dayNumber,
  type HistoryAction,
  isoOfDay,
  type OrderLine,
  type OrderStatus,
  type OrderType,
  type SaleLine,
  type StockCountSummary,
  todayIso,
} from '@kork/shared';
import { ulid } from 'ulid';
import type { HistoryRecord } from '../cellar/kernel/wine-records';
import { CENTRAL_STORE, COMPANIES, person, type Random, STORES } from './demo-year-people';
import { NO_LOCATION, placementsOf, type SimWine, stateNow } from './demo-year-wines';

export const RESTAURANT = 'demo-restaurant';
const DAYS = 365;
/** Average sales a day before season and weekday. */
const SALES_A_DAY = 5;
const DAY_MS = 86_400_000;

// — Season and week —

/** Busier in summer and December, quieter in January and February. */
const MONTH_FACTOR = [0.7, 0.75, 0.9, 1, 1.05, 1.3, 1.45, 1.35, 1, 0.95, 1, 1.6];
/** Sunday first, as Date.getUTCDay counts: Friday and Saturday busiest. */
const WEEKDAY_FACTOR = [0.7, 0.45, 0.6, 0.8, 1, 1.7, 1.9];

// — The year —

export interface Year {
  history: HistoryRecord[];
  sales: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  counts: Record<string, unknown>[];
  entries: Record<string, unknown>[];
}

export interface Actor {
  userId: string;
  name: string;
}

/** Day offsets (0 = a year ago) of the year's orders, counts and what each is. */
const TRANSFER_DAYS = [25, 60, 95, 130, 165, 200, 235, 270, 305];
const PURCHASE_DAYS = [45, 115, 185, 255, 325];
const RETURN_DAY = 150;
const CANCELLED_DAY = 80;
/** A purchase part received a few days before today. */
const PARTLY_DAY = DAYS - 12;
/** Wines the cellar's seed left sold out have their last bottles sold at a party. */
const PARTY_DAY = DAYS - 3;
const COUNT_DAYS = [90, 200, 340];

export function simulate(
  wines: SimWine[],
  locationsByName: Map<string, string>,
  actor: Actor,
  random: Random,
  now: number,
): Year {
  const year: Year = { history: [], sales: [], orders: [], counts: [], entries: [] };
  const today = dayNumber(todayIso(new Date(now)));
  const first = today - (DAYS - 1);
  let orderNumber = 0;
  const used = new Set<number>();
  /** A moment on a day (minutes after midnight UTC), never twice the same and never in the future. */
  const moment = (day: number, minutes: number): number => {
    let ms = Math.min(day * DAY_MS + minutes * 60_000, now - 60_000);
    while (used.has(ms)) ms += 1;
    used.add(ms);
    return ms;
  };

  const entry = (
    wine: SimWine,
    action: HistoryAction,
    ms: number,
    before: ReturnType<typeof stateNow> | null,
    extra: Record<string, unknown>,
  ) => {
    const after = stateNow(wine);
    year.history.push({
      ownerId: RESTAURANT,
      id: ulid(ms),
      at: new Date(ms).toISOString(),
      action,
      ownWineId: wine.record.id,
      wineDisplayName: wine.name,
      actorId: actor.userId,
      actorName: actor.name,
      before: before ? { ...before, ...extra } : null,
      after: { ...after, ...extra },
    } as HistoryRecord);
  };

  // A year ago, every wine arrives.
  for (const wine of wines) entry(wine, 'ADDED', moment(first, 7 * 60), null, {});

  const low = (wine: SimWine) => !wine.soldOut && wine.stock <= wine.reorderAt;
  const deliveries = new Map<
    number,
    { order: Record<string, unknown>; lines: { wine: SimWine; line: OrderLine; units: number }[] }[]
  >();

  const order = (
    day: number,
    type: OrderType,
    status: OrderStatus,
    chosen: SimWine[],
    supplier: string | undefined,
    deliveryDay: number | undefined,
    note?: string,
  ) => {
    const ms = moment(day, 9 * 60);
    orderNumber += 1;
    const products: OrderLine[] = chosen.slice(0, 40).map((wine) => {
      const units = type === 'return' ? 2 : Math.max(6, wine.reorderTo - wine.stock);
      const unitCost = wine.cost ?? Math.round(wine.price / 3);
      return {
        lineId: ulid(ms),
        ownWineId: wine.record.id,
        wineDisplayName: wine.name,
        units,
        unitCost,
        received: 0,
        total: units * unitCost,
      };
    });
    const record: Record<string, unknown> = {
      ownerId: RESTAURANT,
      id: ulid(ms),
      type,
      orderId: `FB-${isoOfDay(day).slice(0, 4)}-${String(orderNumber).padStart(3, '0')}`,
      status,
      source: type === 'purchase' && orderNumber % 3 === 0 ? 'import' : 'manual',
      ...(supplier ? { supplier } : {}),
      ...(note ? { note } : {}),
      orderDate: isoOfDay(day),
      ...(deliveryDay !== undefined ? { deliveryDate: isoOfDay(deliveryDay) } : {}),
      products,
      createdBy: actor.userId,
      createdByName: actor.name,
      createdAt: new Date(ms).toISOString(),
      updatedAt: new Date(ms).toISOString(),
      version: 1,
    };
    year.orders.push(record);
    if (deliveryDay !== undefined && (status === 'received' || status === 'partlyReceived')) {
      const lines = products.map((line, i) => ({
        wine: chosen[i] as SimWine,
        line,
        // A partly received order has its first half in.
        units: status === 'partlyReceived' && i >= Math.ceil(products.length / 2) ? 0 : line.units,
      }));
      const list = deliveries.get(deliveryDay) ?? [];
      list.push({ order: record, lines });
      deliveries.set(deliveryDay, list);
    }
  };

  const byNeed = (a: SimWine, b: SimWine) => a.stock / a.weight - b.stock / b.weight;
  const purchaseList = () => {
    const bySupplier = new Map<string, SimWine[]>();
    for (const wine of wines)
      if (wine.supplier && !wine.soldOut && wine.stock <= wine.reorderAt + 3) {
        const list = bySupplier.get(wine.supplier) ?? [];
        list.push(wine);
        bySupplier.set(wine.supplier, list);
      }
    const [supplier, list] =
      [...bySupplier.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0] ??
      [];
    return { supplier, list: (list ?? []).sort(byNeed) };
  };

  const totalWeight = () => wines.reduce((sum, wine) => sum + (wine.stock > 0 ? wine.weight : 0), 0);

  for (let day = first; day <= today; day++) {
    const offset = day - first;
    const date = new Date(day * DAY_MS);

    // Counts first thing in the morning: a few bottles missing, one too many.
    const countIndex = COUNT_DAYS.indexOf(offset);
    if (countIndex >= 0) count(countIndex, day);

    // Deliveries of the day.
    for (const { order: record, lines } of deliveries.get(day) ?? []) {
      for (const { wine, line, units } of lines) {
        if (units === 0) continue;
        const before = stateNow(wine);
        wine.stock += units;
        line.received = units;
        entry(wine, 'RECEIVED', moment(day, 10 * 60), before, { orderId: record.id });
      }
      record.updatedAt = new Date(moment(day, 10 * 60)).toISOString();
      record.version = 2;
    }

    // Orders of the day.
    if (TRANSFER_DAYS.includes(offset)) {
      const short = wines.filter(low).sort(byNeed);
      // Nothing low yet: the store tops up the wines that go fastest.
      const chosen =
        short.length > 0
          ? short
          : wines
              .filter((wine) => !wine.soldOut)
              .sort(byNeed)
              .slice(0, 5);
      if (chosen.length > 0)
        order(day, 'transfer', 'received', chosen, CENTRAL_STORE, day + 1, 'Påfyll fra sentrallageret');
    }
    if (PURCHASE_DAYS.includes(offset)) {
      const { supplier, list } = purchaseList();
      if (list.length > 0) order(day, 'purchase', 'received', list, supplier, day + 3);
    }
    if (offset === RETURN_DAY) {
      const returned = wines.filter((wine) => !wine.soldOut && wine.weight > 1).slice(0, 1);
      order(
        day,
        'return',
        'received',
        returned,
        COMPANIES[0],
        day + 1,
        'Uåpnede flasker tilbake etter firmafesten',
      );
    }
    if (offset === PARTLY_DAY) {
      const { supplier, list } = purchaseList();
      if (list.length > 0) order(day, 'purchase', 'partlyReceived', list, supplier, day + 3);
    }
    if (offset === PARTY_DAY) party(day);
    if (offset === CANCELLED_DAY) {
      const { supplier, list } = purchaseList();
      order(
        day,
        'purchase',
        'cancelled',
        list.length > 0 ? list : wines.slice(0, 3),
        supplier,
        undefined,
        'Importøren var utsolgt',
      );
    }

    // The day's sales.
    const factor =
      (MONTH_FACTOR[date.getUTCMonth()] as number) * (WEEKDAY_FACTOR[date.getUTCDay()] as number);
    const salesToday = Math.round(SALES_A_DAY * factor * (0.6 + 0.8 * random.next()));
    for (let s = 0; s < salesToday; s++) {
      const minutes = 15 * 60 + Math.floor((s / Math.max(1, salesToday)) * 7 * 60) + random.int(0, 5);
      const ms = moment(day, minutes);
      if (ms > now - 60_000) break;
      sale(day, ms);
    }
  }

  // The last weeks' orders: one part received, one confirmed, one placed and one draft.
  const pending = (daysAgo: number, status: OrderStatus, deliveryIn?: number) => {
    const { supplier, list } = purchaseList();
    const chosen =
      list.length > 0
        ? list
        : wines
            .filter((wine) => !wine.soldOut)
            .sort(byNeed)
            .slice(0, 6);
    order(
      today - daysAgo,
      'purchase',
      status,
      chosen,
      supplier,
      deliveryIn === undefined ? undefined : today - daysAgo + deliveryIn,
    );
  };
  pending(3, 'placed', 7);
  pending(1, 'confirmed', 4);
  pending(0, 'draft');

  return year;

  function party(day: number) {
    const left = wines.filter((wine) => wine.soldOut && wine.stock > 0);
    if (left.length === 0) return;
    writeSale(
      day,
      moment(day, 14 * 60),
      left.map((wine) => ({ wine, units: wine.stock, byGlass: false })),
      { customer: person(random), contactPerson: person(random), note: 'Privat selskap i kjelleren' },
    );
  }

  function sale(day: number, ms: number) {
    const lines = random.chance(0.08) ? 3 : random.chance(0.3) ? 2 : 1;
    const chosen: { wine: SimWine; units: number; byGlass: boolean }[] = [];
    const weight = totalWeight();
    for (let l = 0; l < lines && weight > 0; l++) {
      let target = random.next() * weight;
      let wine: SimWine | undefined;
      for (const candidate of wines) {
        if (candidate.stock <= 0) continue;
        target -= candidate.weight;
        if (target <= 0) {
          wine = candidate;
          break;
        }
      }
      if (!wine || chosen.some((c) => c.wine === wine)) continue;
      const byGlass = wine.glassPrice !== undefined && random.chance(wine.glassShare);
      const wanted = byGlass
        ? random.chance(0.15)
          ? 2
          : 1
        : random.chance(0.03)
          ? 6
          : random.chance(0.17)
            ? 2
            : 1;
      const units = Math.min(wanted, wine.stock);
      chosen.push({ wine, units, byGlass });
    }
    if (chosen.length === 0) return;
    const party = chosen.some((c) => c.units >= 6);
    const extra: Partial<
      Record<'customer' | 'contactPerson' | 'distributor' | 'storeForDelivery' | 'note', unknown>
    > = {};
    if (party || random.chance(0.12)) extra.customer = person(random);
    if (party) {
      extra.contactPerson = person(random);
      if (random.chance(0.5)) {
        extra.distributor = 'Fjord Catering AS';
        extra.storeForDelivery = random.pick(STORES);
      }
      extra.note = `Bestilling fra ${random.pick(COMPANIES)}`;
    }
    writeSale(day, ms, chosen, extra);
  }

  function writeSale(
    day: number,
    ms: number,
    chosen: { wine: SimWine; units: number; byGlass: boolean }[],
    extra: Record<string, unknown>,
  ) {
    const id = ulid(ms);
    const products: SaleLine[] = chosen.map(({ wine, units, byGlass }) => {
      const key = wine.key;
      const before = stateNow(wine);
      wine.stock -= units;
      entry(wine, 'SOLD', ms, before, { saleId: id });
      const unitPrice = byGlass ? (wine.glassPrice as number) : wine.price;
      return {
        ownWineId: wine.record.id,
        wineDisplayName: wine.name,
        mainCategoryId: wine.record.mainCategoryId,
        ...(wine.record.country ? { country: wine.record.country } : {}),
        units,
        unitPrice,
        byGlass,
        locationId: key === NO_LOCATION ? null : key,
        ...(wine.cost === undefined ? {} : { unitCost: wine.cost }),
        vatPercentage: wine.vat,
        total: units * unitPrice,
      };
    });
    year.sales.push({
      ownerId: RESTAURANT,
      id,
      date: isoOfDay(day),
      customer: extra.customer ?? {},
      contactPerson: extra.contactPerson ?? {},
      ...(extra.distributor ? { distributor: extra.distributor } : {}),
      ...(extra.storeForDelivery ? { storeForDelivery: extra.storeForDelivery } : {}),
      ...(extra.note ? { note: extra.note } : {}),
      products,
      units: products.reduce((sum, line) => sum + line.units, 0),
      totalPrice: products.reduce((sum, line) => sum + line.total, 0),
      createdBy: actor.userId,
      createdByName: actor.name,
      createdAt: new Date(ms).toISOString(),
    });
  }

  function count(index: number, day: number) {
    const started = moment(day, 7 * 60);
    const id = ulid(started);
    // The second count is the fridge's only; the others the whole cellar.
    const fridge = index === 1 ? locationsByName.get('Kjøleskap') : undefined;
    const inScope = (key: string) => !fridge || key === fridge;
    const counter = { countedBy: actor.userId, countedByName: actor.name };
    const summary: Required<StockCountSummary> = {
      lines: 0,
      counted: 0,
      uncounted: 0,
      extra: 0,
      expectedBottles: 0,
      countedBottles: 0,
      difference: 0,
      differenceValue: 0,
    };
    const candidates = wines.filter((wine) => inScope(wine.key) && wine.stock >= 3 && !wine.soldOut);
    const missing = new Set<SimWine>();
    for (let k = 0; k < 4 && candidates.length > 0; k++) missing.add(random.pick(candidates));
    const found = candidates.find((wine) => !missing.has(wine));
    const countedAt = new Date(moment(day, 7 * 60 + 30)).toISOString();
    for (const wine of wines) {
      for (const [key, expected] of Object.entries(placementsOf(wine))) {
        if (!inScope(key)) continue;
        const difference = key !== wine.key ? 0 : missing.has(wine) ? -1 : wine === found ? 1 : 0;
        const counted = expected + difference;
        year.entries.push({
          ownerId: RESTAURANT,
          countId: id,
          ownWineId: wine.record.id,
          locationId: key === NO_LOCATION ? 'uncategorized' : key,
          counted,
          ...counter,
          countedAt,
          expected,
          ...(wine.cost === undefined ? {} : { unitCost: wine.cost }),
          // Frozen with the report, as a finished count keeps them.
          wineDisplayName: wine.name,
          ...(wine.record.vintage == null ? {} : { vintage: wine.record.vintage }),
        });
        summary.lines += 1;
        summary.counted += 1;
        summary.expectedBottles += expected;
        summary.countedBottles += counted;
        summary.difference += difference;
        summary.differenceValue += difference * (wine.cost ?? 0);
      }
    }
    const finished = moment(day, 8 * 60);
    for (const wine of wines) {
      const difference = missing.has(wine) ? -1 : wine === found ? 1 : 0;
      if (difference === 0) continue;
      const before = stateNow(wine);
      wine.stock += difference;
      entry(wine, 'COUNTED', moment(day, 8 * 60), before, { countId: id });
    }
    const name = ['Vårtelling', 'Kjøleskapet', 'Høsttelling'][index];
    year.counts.push({
      ownerId: RESTAURANT,
      id,
      name,
      date: isoOfDay(day),
      asOf: new Date(started).toISOString(),
      locationIds: fridge ? [fridge] : null,
      status: 'finished',
      outcome: 'applied',
      createdBy: actor.userId,
      createdByName: actor.name,
      createdAt: new Date(started).toISOString(),
      finishedAt: new Date(finished).toISOString(),
      finishedBy: actor.userId,
      finishedByName: actor.name,
      summary,
      counters: [{ userId: actor.userId, name: actor.name }],
      version: 2,
      updatedAt: new Date(finished).toISOString(),
    });
  }
}
