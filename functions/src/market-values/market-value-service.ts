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
  dailyValuesOn,
  type MarketFigure,
  valuationKeyOf,
} from './cascade';
import { type Holding, marketValueAnswer } from './market-value-answer';
import {
  type CommunityPriceRecord,
  communityPricesOf,
  type KeyValuations,
  kindOn,
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

/** A key's price on every day of the calendar (carried forward, the first figure before it), with the newest figure. */
export function marketPathOf(
  valuations: KeyValuations,
  days: readonly string[],
): { path: number[]; figure: MarketFigure } | undefined {
  const years = days.map((day) => valuations.years.get(day.slice(0, 4)));
  const dates = days.map((day) => day.slice(5, 7) + day.slice(8, 10));
  let newest = -1;
  const path = dailyValuesOn(days, (_, i) => {
    const price = years[i]?.[dates[i] as string];
    if (price !== undefined) newest = i;
    return price;
  });
  if (!path || newest < 0) return undefined;
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
export function holdingOf(wine: CellarWine, bottles: number, value?: CascadeValue, path?: number[]): Holding {
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

/** The analytics answer of the owner's cellar, in the viewer's currency. */
export async function marketValueOf(
  ownerId: string,
  query: MarketValueQuery,
  viewCurrency: CurrencyCode,
): Promise<MarketValueAnswer> {
  const [snapshot, latest] = await Promise.all([cellarSnapshot(ownerId), currentRates()]);
  const days = historyCalendar();
  const holdings = await valueWines(heldWines(snapshot, query), days);
  return marketValueAnswer(holdings, {
    calendar: days,
    viewCurrency,
    nokPerUnit: latest.nokPerUnit as Partial<Record<CurrencyCode, number>>,
    sample: false,
  });
}
