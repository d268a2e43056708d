/**
 * The analytics answer (`MarketValueAnswer`) of a set of holdings, each valued by the cascade, pure: the
 * person's cellar and the free plan's sample both end here. Every figure is converted into the viewer's
 * currency per bottle first (as `convertMinor` does), so a wine's value is bottles × its converted value,
 * the total is the sum of the wines' values and the series' last day equals the total.
 */
import {
  type CurrencyCode,
  currency as currencyOf,
  MARKET_VALUE_TOP,
  MARKET_VALUE_WINDOW_DAYS,
  type MarketValueAnswer,
  REFERENCE_RATES,
  type ValueGroup,
  type ValueSource,
  type WineMove,
  type WineValue,
} from '@kork/shared';
import { type CascadeValue, percentOf } from './cascade';

/** One cellar wine's bottles, as the cascade valued them. */
export interface Holding {
  ownWineId: string;
  wineId?: string;
  wineDisplayName: string;
  vintage: number | null;
  bottles: number;
  region?: string;
  country?: string;
  categoryId: string;
  /** The cascade's value per bottle, in its own currency; absent: the wine has no value. */
  value?: CascadeValue;
  /** A market value's price per bottle on each day of the calendar (its currency), oldest first. */
  path?: ArrayLike<number>;
  /** The purchase price without VAT per bottle. */
  purchase?: { price: number; currency: CurrencyCode };
}

export interface AnswerContext {
  /** Every day of the series, oldest first; the last is today. */
  calendar: readonly string[];
  viewCurrency: CurrencyCode;
  nokPerUnit: Partial<Record<CurrencyCode, number>>;
  sample: boolean;
}

/** The constants of `convertMinor` from one currency into another, worked out once. */
export function conversionOf(
  from: CurrencyCode,
  to: CurrencyCode,
  nokPerUnit: Partial<Record<CurrencyCode, number>>,
): { identity: boolean; fromUnits: number; ratio: number; toUnits: number } {
  return {
    identity: from === to,
    fromUnits: 10 ** currencyOf(from).minorUnits,
    ratio:
      (nokPerUnit[from] ?? REFERENCE_RATES.nokPerUnit[from]) /
      (nokPerUnit[to] ?? REFERENCE_RATES.nokPerUnit[to]),
    toUnits: 10 ** currencyOf(to).minorUnits,
  };
}

/** `convertMinor` from one currency into another, its constants worked out once (the same figures). */
export function converter(
  from: CurrencyCode,
  to: CurrencyCode,
  nokPerUnit: Partial<Record<CurrencyCode, number>>,
): (amount: number) => number {
  const { identity, fromUnits, ratio, toUnits } = conversionOf(from, to, nokPerUnit);
  if (identity) return (amount) => amount;
  return (amount) => Math.round((amount / fromUnits) * ratio * toUnits);
}

const collator = new Intl.Collator('nb');

const NONE: Record<ValueSource, number> = { own: 0, market: 0, community: 0, purchase: 0 };

function grouped(groups: Map<string, ValueGroup>, key: string, value: number, bottles: number): void {
  const group = groups.get(key);
  if (group) {
    group.value += value;
    group.bottles += bottles;
    group.wines += 1;
  } else groups.set(key, { key, value, bottles, wines: 1 });
}

const byValue = (a: { value: number }, b: { value: number }) => b.value - a.value;

export function marketValueAnswer(holdings: readonly Holding[], context: AnswerContext): MarketValueAnswer {
  const { calendar, viewCurrency, nokPerUnit } = context;
  const days = calendar.length;
  const last = days - 1;
  const windowStart = Math.max(0, last - MARKET_VALUE_WINDOW_DAYS);
  const converters = new Map<CurrencyCode, (amount: number) => number>();
  const convert = (amount: number, from: CurrencyCode) => {
    let into = converters.get(from);
    if (!into) {
      into = converter(from, viewCurrency, nokPerUnit);
      converters.set(from, into);
    }
    return into(amount);
  };

  const series = new Float64Array(days);
  const wines: WineValue[] = [];
  const moves: WineMove[] = [];
  const bySource = { ...NONE };
  const regions = new Map<string, ValueGroup>();
  const vintages = new Map<string, ValueGroup>();
  const categories = new Map<string, ValueGroup>();
  let unvalued = 0;
  let total = 0;
  let asOf = '';
  let demo = false;
  let paid = 0;
  let valueOfPaid = 0;

  for (const holding of holdings) {
    const figure = holding.value;
    if (!figure) {
      unvalued++;
      continue;
    }
    const { bottles } = holding;
    const unitValue = convert(figure.price, figure.currency);
    const value = bottles * unitValue;
    let valueBefore = value;
    if (holding.path && holding.path.length === days) {
      const path = holding.path;
      const { identity, fromUnits, ratio, toUnits } = conversionOf(figure.currency, viewCurrency, nokPerUnit);
      if (identity)
        for (let day = 0; day < days; day++)
          series[day] = (series[day] as number) + bottles * (path[day] as number);
      else
        for (let day = 0; day < days; day++)
          series[day] =
            (series[day] as number) +
            bottles * Math.round(((path[day] as number) / fromUnits) * ratio * toUnits);
      valueBefore = bottles * convert(path[windowStart] as number, figure.currency);
    } else {
      for (let day = 0; day < days; day++) series[day] = (series[day] as number) + value;
    }
    const purchaseValue = holding.purchase
      ? bottles * convert(holding.purchase.price, holding.purchase.currency)
      : undefined;
    wines.push({
      ownWineId: holding.ownWineId,
      ...(holding.wineId ? { wineId: holding.wineId } : {}),
      wineDisplayName: holding.wineDisplayName,
      vintage: holding.vintage,
      bottles,
      unitValue,
      value,
      source: figure.source,
      ...(figure.priceType ? { priceType: figure.priceType } : {}),
      asOf: figure.asOf,
      demo: figure.demo,
      ...(purchaseValue !== undefined ? { purchaseValue } : {}),
      ...(holding.region ? { region: holding.region } : {}),
      ...(holding.country ? { country: holding.country } : {}),
      categoryId: holding.categoryId,
    });
    if (value !== valueBefore) {
      const amount = value - valueBefore;
      const percent = percentOf(amount, valueBefore);
      moves.push({
        ownWineId: holding.ownWineId,
        wineDisplayName: holding.wineDisplayName,
        value,
        valueBefore,
        amount,
        ...(percent !== undefined ? { percent } : {}),
      });
    }
    bySource[figure.source]++;
    total += value;
    if (figure.asOf > asOf) asOf = figure.asOf;
    demo ||= figure.demo;
    if (purchaseValue !== undefined) {
      paid += purchaseValue;
      valueOfPaid += value;
    }
    grouped(regions, holding.region || holding.country || '', value, bottles);
    grouped(vintages, holding.vintage === null ? 'NV' : String(holding.vintage), value, bottles);
    grouped(categories, holding.categoryId, value, bottles);
  }

  wines.sort((a, b) => byValue(a, b) || collator.compare(a.wineDisplayName, b.wineDisplayName));
  const before = series[windowStart] ?? 0;
  const change = total - before;
  const changePercent = percentOf(change, before);
  const sinceAmount = valueOfPaid - paid;
  const sincePercent = percentOf(sinceAmount, paid);
  const rising = moves.filter((move) => move.amount > 0).sort((a, b) => b.amount - a.amount);
  const falling = moves.filter((move) => move.amount < 0).sort((a, b) => a.amount - b.amount);
  return {
    currency: viewCurrency,
    asOf: asOf || (calendar[last] ?? ''),
    total,
    change30d: { amount: change, ...(changePercent !== undefined ? { percent: changePercent } : {}) },
    sincePurchase: {
      amount: sinceAmount,
      ...(sincePercent !== undefined ? { percent: sincePercent } : {}),
      purchaseValue: paid,
    },
    valued: wines.length,
    unvalued,
    bySource,
    series: calendar.map((date, day) => ({ date, total: series[day] as number })),
    topMovers: { up: rising.slice(0, MARKET_VALUE_TOP), down: falling.slice(0, MARKET_VALUE_TOP) },
    byRegion: [...regions.values()].sort(byValue),
    byVintage: [...vintages.values()].sort((a, b) =>
      a.key === 'NV' ? 1 : b.key === 'NV' ? -1 : Number(a.key) - Number(b.key),
    ),
    byCategory: [...categories.values()].sort(byValue),
    mostValuable: wines.slice(0, MARKET_VALUE_TOP),
    wines,
    demo,
    sample: context.sample,
  };
}
