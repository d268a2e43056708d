/**
 * A cellar wine's valuations (`GET …/own-wines/{ownWineId}/valuations`): the provider's figures of its
 * valuation key over `MARKET_VALUE_HISTORY_DAYS`, the owner's own value each time it was set (the cellar's
 * history of the wine), the community's price, newest first, each with its source and type, in the
 * viewer's currency; and the value the cascade uses today.
 */
import type { CurrencyCode, HistoryEntry, ValuationRow, ValuationsAnswer, ValueSource } from '@kork/shared';
import { listHistory } from '../cellar/history/history-service';
import { getOwnWine } from '../cellar/wines/cellar-wine-reads';
import { type CascadeValue, cascade, valuationKeyOf } from './cascade';
import { converter } from './market-value-answer';
import {
  communityFigureOf,
  currentRates,
  historyCalendar,
  marketPathOf,
  ownFiguresOf,
  yearsOf,
} from './market-value-service';
import { communityPricesOf, kindOn, priceOn, valuationsOf } from './valuation-reads';

/** History entries of one wine read at most (newest first): its own value's changes are among them. */
const HISTORY_ENTRIES = 200;

/** The owner's own value each time it changed, newest first, from the wine's history entries. */
export function ownValueChanges(entries: readonly HistoryEntry[]): { at: string; price: number }[] {
  const changes: { at: string; price: number }[] = [];
  for (const entry of entries) {
    const after = entry.after?.marketValue;
    if (typeof after !== 'number') continue;
    if (entry.before && entry.before.marketValue === after) continue;
    changes.push({ at: entry.at, price: after });
  }
  return changes.sort((a, b) => (a.at < b.at ? 1 : -1));
}

const SOURCE_ORDER: Record<ValueSource, number> = { own: 0, market: 1, community: 2, purchase: 3 };

export async function wineValuations(
  ownerId: string,
  ownWineId: string,
  viewCurrency: CurrencyCode,
): Promise<ValuationsAnswer> {
  const wine = await getOwnWine(ownerId, ownWineId);
  const days = historyCalendar();
  const key = valuationKeyOf(wine);
  const [latest, valuations, community, history] = await Promise.all([
    currentRates(),
    key ? valuationsOf([key], yearsOf(days)) : Promise.resolve(new Map()),
    key ? communityPricesOf([key]) : Promise.resolve(new Map()),
    listHistory(ownerId, { ownWineId, resultsPerPage: HISTORY_ENTRIES }),
  ]);
  const nokPerUnit = latest.nokPerUnit as Partial<Record<CurrencyCode, number>>;
  const convert = (price: number, from: CurrencyCode) => converter(from, viewCurrency, nokPerUnit)(price);
  const rows: ValuationRow[] = [];

  const found = key ? valuations.get(key) : undefined;
  if (found) {
    for (let i = days.length - 1; i >= 0; i--) {
      const day = days[i] as string;
      const price = priceOn(found, day);
      if (price === undefined) continue;
      const kind = kindOn(found, day);
      rows.push({
        asOf: day,
        price: convert(price, found.currency),
        currency: viewCurrency,
        source: 'market',
        priceType: kind.priceType,
        provider: kind.source,
        ...(day === found.lastDay && found.sampleSize !== undefined ? { sampleSize: found.sampleSize } : {}),
        ...(day === found.lastDay && found.confidence !== undefined ? { confidence: found.confidence } : {}),
        demo: found.demo,
      });
    }
  }
  for (const change of ownValueChanges(history.rows)) {
    if (change.at.slice(0, 10) < (days[0] as string)) continue;
    rows.push({
      asOf: change.at.slice(0, 10),
      price: convert(change.price, wine.currency),
      currency: viewCurrency,
      source: 'own',
      demo: false,
    });
  }
  const communityFigure = key ? communityFigureOf(community.get(key)) : undefined;
  const own = ownFiguresOf(wine);
  const current = cascade({
    ...own,
    ...(found ? { market: marketPathOf(found, days)?.figure } : {}),
    community: communityFigure,
  });
  if (communityFigure && current?.source === 'community') rows.push(rowOf(current, convert, viewCurrency));
  rows.sort((a, b) =>
    a.asOf === b.asOf ? SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source] : a.asOf < b.asOf ? 1 : -1,
  );
  return { rows, ...(current ? { current: rowOf(current, convert, viewCurrency) } : {}) };
}

function rowOf(
  value: CascadeValue,
  convert: (price: number, from: CurrencyCode) => number,
  viewCurrency: CurrencyCode,
): ValuationRow {
  return {
    asOf: value.asOf,
    price: convert(value.price, value.currency),
    currency: viewCurrency,
    source: value.source,
    ...(value.priceType ? { priceType: value.priceType } : {}),
    ...(value.provider ? { provider: value.provider } : {}),
    ...(value.sampleSize !== undefined ? { sampleSize: value.sampleSize } : {}),
    ...(value.confidence !== undefined ? { confidence: value.confidence } : {}),
    demo: value.demo,
  };
}
