/**
 * The demo restaurant's year of trade: a year of sales (busier in summer and December, and on Fridays
 * and Saturdays; some poured by the glass; customers and contacts on some, catering deliveries on a
 * few), twenty orders in every status and of every type, and three finished stock counts with small
 * differences, all consistent with the cellar's history.
 *
 * The cellar's seed made the wines and their history at seed time. This step replaces that history
 * with the year it simulates: each wine is ADDED a year ago, and from then on its bottles on its
 * fullest location move with every sale (SOLD), delivery (RECEIVED) and count (COUNTED) on the day it
 * happened, each entry with a ULID of its moment, so the history reads in time order and, summed from
 * zero, gives the wine's quantity. Other placements stay as they are. Wines the cellar seed left at 0
 * sell out during the year. The final stock is written back to the wines and the cellar's version
 * raised.
 *
 * Everything is written with batch writes (25 items a call, several calls at once), not a transaction
 * per sale; a seeded random generator makes the same year every time (relative to the day it runs).
 */
import {
  type Cellar,
  DEFAULT_GLASS_SIZE_CL,
  dayNumber,
  type HistoryAction,
  isoOfDay,
  type MainCategory,
  type OrderLine,
  type OrderStatus,
  type OrderType,
  type SaleLine,
  type SaleParty,
  type StockCountSummary,
  todayIso,
  wineDisplayName,
} from '@kork/shared';
import { ulid } from 'ulid';
import { cellarOf } from '../cellar/cellar-service';
import { bumpCellarVersion } from '../cellar/cellar-version';
import {
  type CellarWineRecord,
  type HistoryRecord,
  inventoryOf,
  ownOf,
  stateOf,
} from '../cellar/cellar-wine-store';
import { db } from '../data/entities';
import type { SeedStep } from '../data/seed-step';

const RESTAURANT = 'demo-restaurant';
const DAYS = 365;
/** Average sales a day before season and weekday. */
const SALES_A_DAY = 5;
const NO_LOCATION = '_';
const DAY_MS = 86_400_000;

// — A seeded random generator (mulberry32) —

function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof generator>;

// — Season and week —

/** Busier in summer and December, quieter in January and February. */
const MONTH_FACTOR = [0.7, 0.75, 0.9, 1, 1.05, 1.3, 1.45, 1.35, 1, 0.95, 1, 1.6];
/** Sunday first, as Date.getUTCDay counts: Friday and Saturday busiest. */
const WEEKDAY_FACTOR = [0.7, 0.45, 0.6, 0.8, 1, 1.7, 1.9];

const FIRST_NAMES = [
  'Ingrid',
  'Ola',
  'Kari',
  'Lars',
  'Sigrid',
  'Håkon',
  'Solveig',
  'Bjørn',
  'Astrid',
  'Øystein',
  'Marte',
  'Eirik',
  'Ragnhild',
  'Torbjørn',
  'Åse',
  'Jørgen',
];
const LAST_NAMES = [
  'Hansen',
  'Johansen',
  'Olsen',
  'Larsen',
  'Andersen',
  'Pedersen',
  'Nilsen',
  'Kristiansen',
  'Berg',
  'Haugen',
  'Dahl',
  'Løvås',
  'Sæther',
  'Bråten',
  'Ødegård',
  'Aas',
];
const COMPANIES = [
  'Bryggen Arkitekter AS',
  'Vestland Rørleggerservice',
  'Fjordkraft Eventbyrå',
  'Sandviken Båtforening',
];
const STORES = ['Bryggen 12, 5003 Bergen', 'Strandkaien 4, 5013 Bergen', 'Nordnesgaten 28, 5005 Bergen'];
const CENTRAL_STORE = 'Fjord Bistro sentrallager';

function person(random: Random): SaleParty {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const mail = `${firstName}.${lastName}`
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a');
  return {
    firstName,
    lastName,
    phone: `+47 9${random.int(10, 99)} ${random.int(10, 99)} ${random.int(100, 999)}`,
    email: `${mail}@example.no`,
  };
}

// — The simulated wines —

interface SimWine {
  record: CellarWineRecord;
  name: string;
  /** The placement key whose bottles move (the fullest location, `_` for Uncategorized). */
  key: string;
  /** Every other placement, as it is now. */
  others: Record<string, number>;
  /** Bottles at `key`. */
  stock: number;
  weight: number;
  /** The share of its sales poured by the glass. */
  glassShare: number;
  /** What one bottle's glasses bring in, VAT included. */
  glassPrice?: number;
  price: number;
  cost?: number;
  vat: number;
  /** Ends the year sold out, as the cellar's seed left it. */
  soldOut: boolean;
  reorderAt: number;
  reorderTo: number;
  supplier?: string;
}

function placementsOf(wine: SimWine): Record<string, number> {
  const map: Record<string, number> = { ...wine.others };
  if (wine.stock > 0) map[wine.key] = (map[wine.key] ?? 0) + wine.stock;
  return map;
}

function quantityOf(wine: SimWine): number {
  return Object.values(placementsOf(wine)).reduce((sum, n) => sum + n, 0);
}

function stateNow(wine: SimWine) {
  return stateOf({ ...wine.record, quantity: quantityOf(wine), placements: placementsOf(wine) });
}

function simWines(
  records: CellarWineRecord[],
  cellar: Cellar,
  fallbackKey: string,
  random: Random,
): SimWine[] {
  return records.map((record) => {
    const own = ownOf(record);
    const placements = { ...((record.placements ?? {}) as Record<string, number>) };
    const fullest = Object.entries(placements).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    const key = fullest?.[0] ?? fallbackKey;
    delete placements[key];
    const soldOut = record.quantity === 0;
    const house = record.source === 'CUSTOM' && (record.producerName ?? '') === 'Fjord Bistro';
    const price = own.sellingPrice ?? Math.round((own.purchasePriceWovat ?? 20_000) * 3);
    const glasses = Math.max(
      1,
      Math.round(
        (record.bottleSize * 100) / (own.glassSize ?? cellar.defaultGlassSize ?? DEFAULT_GLASS_SIZE_CL),
      ),
    );
    const glassPrice = own.pricePerGlass ? own.pricePerGlass * glasses : undefined;
    // Cheaper wines sell more; the house wines and those on the glass list most of all.
    let weight = Math.min(2.5, Math.sqrt(40_000 / Math.max(price, 5_000))) * (0.5 + random.next());
    if (glassPrice) weight *= 2;
    if (house) weight = 10;
    if (record.mainCategoryId === 'nonAlcoholic') weight = 3;
    if (record.bottleSize > 1) weight = 0.15;
    const popular = weight > 2;
    return {
      record,
      name: wineDisplayName({
        wineName: record.wineName,
        producerName: record.producerName,
        vintage: record.vintage ?? null,
      }),
      key,
      others: placements,
      stock: soldOut ? random.int(3, 6) : random.int(8, 18) + (popular ? 8 : 0),
      weight: soldOut ? Math.max(weight, 1.5) : weight,
      glassShare: glassPrice ? (house ? 0.6 : 0.5) : 0,
      glassPrice,
      price,
      cost: own.purchasePriceWovat,
      vat: cellar.vats[record.mainCategoryId as MainCategory] ?? 25,
      soldOut,
      reorderAt: popular ? 6 : 3,
      reorderTo: popular ? 24 : 12,
      supplier: own.supplier,
    };
  });
}

// — The year —

interface Year {
  history: HistoryRecord[];
  sales: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  counts: Record<string, unknown>[];
  entries: Record<string, unknown>[];
}

interface Actor {
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

function simulate(
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
    const summary: StockCountSummary = {
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

// — Writing —

/** What ElectroDB's batch writes take and answer, for any entity of the table. */
interface BatchEntity {
  put(items: Record<string, unknown>[]): { go(options: object): Promise<{ unprocessed: unknown[] }> };
  delete(keys: Record<string, unknown>[]): { go(options: object): Promise<{ unprocessed: unknown[] }> };
}

/** Batch writes of 25 items, eight calls at once; items DynamoDB leaves unprocessed are sent again. */
async function putAll(entity: BatchEntity, items: Record<string, unknown>[]): Promise<void> {
  let pending = items;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 5) throw new Error(`${pending.length} items of the demo year were not written`);
    const { unprocessed } = await entity.put(pending).go({ concurrent: 8, unprocessed: 'item' });
    pending = unprocessed as Record<string, unknown>[];
  }
}

async function deleteAll(entity: BatchEntity, keys: Record<string, unknown>[]): Promise<void> {
  let pending = keys;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 5) throw new Error(`${pending.length} history entries were not removed`);
    const { unprocessed } = await entity.delete(pending).go({ concurrent: 8 });
    pending = unprocessed as Record<string, unknown>[];
  }
}

export async function seedDemoYear(log: (line: string) => void = () => {}): Promise<string> {
  const started = performance.now();
  const entities = db().entities;
  const { data: existing } = await entities.sale.query.byOwnerKey({ ownerId: RESTAURANT }).go({ limit: 1 });
  if (existing.length > 0) return 'the demo restaurant already has sales';
  const records = await inventoryOf(RESTAURANT);
  if (records.length === 0) return 'no demo restaurant cellar to trade from';
  const cellar = await cellarOf(RESTAURANT);
  const { data: locations } = await entities.cellarLocation.query
    .byOwnerKey({ ownerId: RESTAURANT })
    .go({ pages: 'all' });
  const locationsByName = new Map(locations.map((location) => [location.name, location.id]));
  const { data: user } = await entities.user
    .get({ id: RESTAURANT })
    .go({ attributes: ['firstName', 'lastName'] });
  const actor = {
    userId: RESTAURANT,
    name: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim() || RESTAURANT,
  };

  const random = generator(20_240_601);
  const wines = simWines(
    [...records].sort((a, b) => a.id.localeCompare(b.id)),
    cellar,
    locationsByName.get('Lager') ?? NO_LOCATION,
    random,
  );
  const now = Date.now();
  const year = simulate(wines, locationsByName, actor, random, now);

  const { data: oldHistory } = await entities.cellarHistory.query
    .byOwnerKey({ ownerId: RESTAURANT })
    .go({ pages: 'all', attributes: ['ownerId', 'id'] });
  await deleteAll(
    entities.cellarHistory as unknown as BatchEntity,
    oldHistory.map(({ ownerId, id }) => ({ ownerId, id })),
  );
  const stamp = new Date(now).toISOString();
  const finalWines = wines.map((wine) => ({
    ...wine.record,
    quantity: quantityOf(wine),
    placements: placementsOf(wine),
    updatedAt:
      stamp > wine.record.updatedAt ? stamp : new Date(Date.parse(wine.record.updatedAt) + 1).toISOString(),
  }));
  await Promise.all([
    putAll(
      entities.cellarHistory as unknown as BatchEntity,
      year.history as unknown as Record<string, unknown>[],
    ),
    putAll(entities.sale as unknown as BatchEntity, year.sales),
    putAll(entities.order as unknown as BatchEntity, year.orders),
    putAll(entities.stockCount as unknown as BatchEntity, year.counts),
    putAll(entities.stockCountEntry as unknown as BatchEntity, year.entries),
  ]);
  await putAll(
    entities.cellarWine as unknown as BatchEntity,
    finalWines as unknown as Record<string, unknown>[],
  );
  await bumpCellarVersion(RESTAURANT);

  const lines = year.sales.reduce((sum, sale) => sum + (sale.products as unknown[]).length, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(
    `  demo restaurant: ${year.sales.length} sales (${lines} lines), ${year.orders.length} orders, ${year.counts.length} counts, ${year.history.length} history entries in ${seconds} s`,
  );
  return `a year of trade for the demo restaurant: ${year.sales.length} sales, ${year.orders.length} orders, ${year.counts.length} finished counts (${seconds} s)`;
}

export const demoYearSeed: SeedStep = {
  name: 'sales.demo-year',
  version: 1,
  description: "a year of sales, orders and stock counts in the demo restaurant's cellar, with its history",
  run: (log) => seedDemoYear(log),
};
