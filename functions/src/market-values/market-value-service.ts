/**
 * What a cellar is worth (`GET …/market-value`, docs/market-value.md): the cellar's wines with bottles
 * (one snapshot read through the cellar), each valued by the cascade (cascade.ts) from the owner's own
 * value, the provider's valuations (batched reads, valuation-reads.ts), the community's price and the
 * purchase price, summed into the answer (market-value-answer.ts) in the viewer's currency.
 */
import {
  type CellarWine,
  type CurrencyCode,
  dayNumber,
  isoOfDay,
  MARKET_VALUE_HISTORY_DAYS,
  type MarketValueAnswer,
  type MarketValueQuery,
  todayIso,
  UNCATEGORIZED,
} from '@kork/shared';
import { latestRates } from '../cellar/currency/exchange-rate-service';
import { type CellarSnapshot, cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { optionalEnv } from '../platform/env';
import {
  type CascadeInput,
  type CascadeValue,
  type CommunityFigure,
  calendar as calendarOf,
  cascade,
  fillGaps,
  type MarketFigure,
  valuationKeyOf,
} from './cascade';
import { type Holding, marketValueAnswer } from './market-value-answer';
import {
  type CommunityPriceRecord,
  communityPricesOf,
  dayOfYear,
  type KeyValuations,
  kindOn,
  maxAgeMs,
  valuationsOf,
} from './valuation-reads';

type Rates = Awaited<ReturnType<typeof latestRates>>;
let rates: { at: number; value: Promise<Rates> } | undefined;

/** The newest exchange rates, read at most once per `EXCHANGE_RATES_MAX_AGE_MS` by this instance. */
export function currentRates(): Promise<Rates> {
  const now = Date.now();
  if (!rates || now - rates.at >= Number(optionalEnv('EXCHANGE_RATES_MAX_AGE_MS', '300000'))) {
    const entry = { at: now, value: latestRates() };
    rates = entry;
    entry.value.catch(() => {
      if (rates === entry) rates = undefined;
    });
  }
  return rates.value;
}

/** Forgets the rates read (tests that store new rates). */
export function resetMarketValueRates(): void {
  rates = undefined;
}

/** The days of the value-over-time series, oldest first, ending today (UTC). */
export function historyCalendar(today = todayIso()): string[] {
  return calendarOf(isoOfDay(dayNumber(today) - (MARKET_VALUE_HISTORY_DAYS - 1)), today);
}

/** The years a calendar spans (the valuation items to read). */
export function yearsOf(days: readonly string[]): string[] {
  return [...new Set(days.map((day) => day.slice(0, 4)))];
}

const indexes = new WeakMap<readonly string[], { years: string[]; slot: Uint8Array; at: Int16Array }>();

/** Each calendar day's year (as a slot of the calendar's years) and day of the year, once per calendar. */
function calendarIndex(days: readonly string[]): { years: string[]; slot: Uint8Array; at: Int16Array } {
  let index = indexes.get(days);
  if (!index) {
    const years = yearsOf(days);
    index = {
      years,
      slot: Uint8Array.from(days, (day) => years.indexOf(day.slice(0, 4))),
      at: Int16Array.from(days, dayOfYear),
    };
    indexes.set(days, index);
  }
  return index;
}

/** A key's price on every day of the calendar (carried forward, the first figure before it), with the newest figure. */
export function marketPathOf(
  valuations: KeyValuations,
  days: readonly string[],
): { path: Float64Array; figure: MarketFigure } | undefined {
  const { years, slot, at } = calendarIndex(days);
  const byYear = years.map((year) => valuations.years.get(year));
  const path = new Float64Array(days.length);
  let newest = -1;
  for (let i = 0; i < days.length; i++) {
    const price = byYear[slot[i] as number]?.[at[i] as number] ?? Number.NaN;
    path[i] = price;
    if (!Number.isNaN(price)) newest = i;
  }
  if (newest < 0 || !fillGaps(path)) return undefined;
  const asOf = days[newest] as string;
  const kind = kindOn(valuations, asOf);
  return {
    path,
    figure: {
      price: path[path.length - 1] as number,
      currency: valuations.currency,
      asOf,
      priceType: kind.priceType,
      provider: kind.source,
      demo: valuations.demo,
      ...(valuations.sampleSize !== undefined ? { sampleSize: valuations.sampleSize } : {}),
      ...(valuations.confidence !== undefined ? { confidence: valuations.confidence } : {}),
    },
  };
}

/** The community's figure of a stored community price. */
export function communityFigureOf(record: CommunityPriceRecord | undefined): CommunityFigure | undefined {
  if (!record) return undefined;
  return {
    price: record.average,
    currency: record.currency as CurrencyCode,
    asOf: record.day,
    owners: record.owners,
  };
}

/** What the cascade is given of a cellar wine itself: its own value and its purchase price. */
export function ownFiguresOf(wine: CellarWine): Pick<CascadeInput, 'own' | 'purchase'> {
  const stamps = wine as CellarWine & { purchasePriceChangedAt?: string };
  return {
    ...(wine.marketValue !== undefined && wine.marketValue !== null
      ? { own: { price: wine.marketValue, currency: wine.currency, asOf: wine.updatedAt } }
      : {}),
    ...(wine.purchasePriceWovat !== undefined && wine.purchasePriceWovat !== null
      ? {
          purchase: {
            price: wine.purchasePriceWovat,
            currency: wine.currency,
            asOf: stamps.purchasePriceChangedAt ?? wine.createdAt,
          },
        }
      : {}),
  };
}

/** The cellar's wines the query covers, with their bottles (in the chosen locations only). */
export function heldWines(
  snapshot: CellarSnapshot,
  query: MarketValueQuery,
): { wine: CellarWine; bottles: number }[] {
  const scope =
    query.locationIds && query.locationIds.length > 0 ? snapshot.locationScope(query.locationIds) : undefined;
  const categories =
    query.categoryIds && query.categoryIds.length > 0 ? new Set(query.categoryIds) : undefined;
  const held: { wine: CellarWine; bottles: number }[] = [];
  for (const wine of snapshot.wines) {
    if (wine.quantity <= 0) continue;
    if (categories && !categories.has(wine.wineListCategoryId || UNCATEGORIZED)) continue;
    let bottles = wine.quantity;
    if (scope) {
      bottles = 0;
      for (const placement of wine.placements)
        if (scope.has(placement.locationId)) bottles += placement.quantity;
    }
    if (bottles > 0) held.push({ wine, bottles });
  }
  return held;
}

/** A held wine as the answer sums it. */
export function holdingOf(
  wine: CellarWine,
  bottles: number,
  value?: CascadeValue,
  path?: Float64Array,
): Holding {
  return {
    ownWineId: wine.id,
    ...(wine.wineId ? { wineId: wine.wineId } : {}),
    wineDisplayName: wine.wineDisplayName,
    vintage: wine.vintage,
    bottles,
    ...(wine.region ? { region: wine.region } : {}),
    ...(wine.country ? { country: wine.country } : {}),
    categoryId: wine.wineListCategoryId || UNCATEGORIZED,
    ...(value ? { value } : {}),
    ...(value?.source === 'market' && path ? { path } : {}),
    ...(wine.purchasePriceWovat !== undefined && wine.purchasePriceWovat !== null
      ? { purchase: { price: wine.purchasePriceWovat, currency: wine.currency } }
      : {}),
  };
}

/**
 * Values held wines by the cascade: the provider's valuations are read only for wines without an own
 * value, the community's price only for wines without either.
 */
export async function valueWines(
  held: readonly { wine: CellarWine; bottles: number }[],
  days: readonly string[],
): Promise<Holding[]> {
  const keys = held.map(({ wine }) => valuationKeyOf(wine));
  const figures = held.map(({ wine }) => ownFiguresOf(wine));
  const wanted = keys.filter((key, i): key is string => key !== undefined && !figures[i]?.own);
  const valuations = await valuationsOf(wanted, yearsOf(days));
  const paths = new Map<string, ReturnType<typeof marketPathOf>>();
  for (const [key, found] of valuations) paths.set(key, marketPathOf(found, days));
  const withoutMarket = keys.filter(
    (key, i): key is string => key !== undefined && !figures[i]?.own && !paths.get(key),
  );
  const community = withoutMarket.length > 0 ? await communityPricesOf(withoutMarket) : new Map();
  return held.map(({ wine, bottles }, i) => {
    const key = keys[i];
    const market = key ? paths.get(key) : undefined;
    const value = cascade({
      ...figures[i],
      ...(market ? { market: market.figure } : {}),
      ...(key ? { community: communityFigureOf(community.get(key)) } : {}),
    });
    return holdingOf(wine, bottles, value, market?.path);
  });
}

type Answers = Map<string, { at: number; answer: Promise<MarketValueAnswer> }>;

/**
 * The analytics answer of the owner's cellar, in the viewer's currency. Kept with the cellar's snapshot
 * (a change to the cellar is a new snapshot) per day, filter and currency for as long as the valuations
 * read may be used (`VALUATIONS_MAX_AGE_MS`): a page asked again at once costs one version read.
 */
export async function marketValueOf(
  ownerId: string,
  query: MarketValueQuery,
  viewCurrency: CurrencyCode,
): Promise<MarketValueAnswer> {
  const [snapshot, latest] = await Promise.all([cellarSnapshot(ownerId), currentRates()]);
  const days = historyCalendar();
  const today = days[days.length - 1] as string;
  const answers = snapshot.derived<Answers>('market-value', () => new Map());
  const id = JSON.stringify([
    today,
    query.locationIds ?? [],
    query.categoryIds ?? [],
    viewCurrency,
    latest.date,
  ]);
  const now = Date.now();
  const kept = answers.get(id);
  if (kept && now - kept.at < maxAgeMs()) return kept.answer;
  const answer = (async () =>
    marketValueAnswer(await valueWines(heldWines(snapshot, query), days), {
      calendar: days,
      viewCurrency,
      nokPerUnit: latest.nokPerUnit as Partial<Record<CurrencyCode, number>>,
      sample: false,
    }))();
  if (answers.size >= 20) answers.clear();
  answers.set(id, { at: now, answer });
  answer.catch(() => {
    if (answers.get(id)?.answer === answer) answers.delete(id);
  });
  return answer;
}
