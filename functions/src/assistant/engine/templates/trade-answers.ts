/** Answers about stock and trade: low stock, reorders, sales and margins, and the two proposals. */
import type { CurrencyCode, Locale } from '@kork/shared';
import type {
  LowStockData,
  ProposeCartData,
  ProposePriceData,
  ReorderSuggestionsData,
  SalesAndMarginsData,
} from '../../tools/outputs';
import { cell, count, day, firstOf, money, NONE, num, percent, table, wineLink } from './format';

const wines = (n: number, locale: Locale) =>
  locale === 'nb' ? count(n, 'vin', 'viner', locale) : count(n, 'wine', 'wines', locale);
const bottles = (n: number, locale: Locale) =>
  locale === 'nb' ? count(n, 'flaske', 'flasker', locale) : count(n, 'bottle', 'bottles', locale);
const daysLeft = (days: number | null, locale: Locale) => (days === null ? NONE : num(days, locale));

export function lowStockAnswer(data: LowStockData, locale: Locale): string {
  const limit = bottles(data.threshold, locale);
  if (data.count === 0) {
    return locale === 'nb' ? `Ingen viner har ${limit} eller færre.` : `No wines are at or under ${limit}.`;
  }
  const lead =
    locale === 'nb'
      ? `${wines(data.count, locale)} har ${limit} eller færre`
      : `${wines(data.count, locale)} ${data.count === 1 ? 'is' : 'are'} at or under ${limit}`;
  const head = locale === 'nb' ? ['Vin', 'Flasker', 'Dager igjen'] : ['Wine', 'Bottles', 'Days left'];
  const rows = data.rows.map((row) => [
    wineLink(row.name, row.cellarWineId),
    num(row.bottles, locale),
    daysLeft(row.daysLeft, locale),
  ]);
  const note =
    locale === 'nb'
      ? `Dager igjen regnes av salget de siste ${data.periodDays} dagene (${NONE}: ikke solgt i den tiden).`
      : `Days left are worked out from the last ${data.periodDays} days of sales (${NONE}: not sold in that time).`;
  return `${lead}${firstOf(data.count, data.rows.length, locale)}\n\n${table(head, rows, [1, 2])}\n\n${note}`;
}

export function reorderAnswer(data: ReorderSuggestionsData, locale: Locale): string {
  if (data.count === 0) {
    return locale === 'nb'
      ? 'Ingen av vinene som holder på å gå tom, tilbys av en leverandør akkurat nå.'
      : 'None of the wines running low is offered by a supplier right now.';
  }
  const lead =
    locale === 'nb'
      ? `${wines(data.count, locale)} som holder på å gå tom, kan bestilles fra leverandører`
      : `${wines(data.count, locale)} running low can be ordered from suppliers`;
  const head =
    locale === 'nb'
      ? ['Vin', 'Flasker', 'Dager igjen', 'Leverandør', 'Pris', 'Bestill']
      : ['Wine', 'Bottles', 'Days left', 'Supplier', 'Price', 'Order'];
  const rows = data.rows.map((row) => [
    wineLink(row.name, row.cellarWineId),
    num(row.bottles, locale),
    daysLeft(row.daysLeft, locale),
    cell(row.supplierName),
    money(row.unitPrice, row.offerCurrency, locale),
    num(row.quantity, locale),
  ]);
  const note =
    locale === 'nb'
      ? `Antallet dekker omtrent ${data.coverDays} dager med salg, i hele kasser. Prisene er HORECA-priser uten mva.`
      : `The quantities cover about ${data.coverDays} days of sales, in whole cases. Prices are HORECA prices without VAT.`;
  return `${lead}${firstOf(data.count, data.rows.length, locale)}\n\n${table(head, rows, [1, 2, 4, 5])}\n\n${note}`;
}

const ORDER_TEXT: Record<Locale, Record<SalesAndMarginsData['order'], string>> = {
  en: {
    margin_asc: 'The wines that earned least',
    margin_desc: 'The wines that earned most',
    revenue_desc: 'The wines with the most revenue',
    bottles_desc: 'The wines that sold most bottles',
  },
  nb: {
    margin_asc: 'Vinene som tjente minst',
    margin_desc: 'Vinene som tjente mest',
    revenue_desc: 'Vinene med mest omsetning',
    bottles_desc: 'Vinene som solgte flest flasker',
  },
};

export function salesAnswer(data: SalesAndMarginsData, locale: Locale, currency: CurrencyCode): string {
  const from = day(data.from, locale);
  const to = day(data.to, locale);
  if (data.count === 0) {
    return locale === 'nb' ? `Ingen salg fra ${from} til ${to}.` : `No sales from ${from} to ${to}.`;
  }
  const { totals } = data;
  const share = totals.marginPercent === null ? '' : ` (${percent(totals.marginPercent, locale)})`;
  const lead =
    locale === 'nb'
      ? `Fra ${from} til ${to} solgte du ${bottles(totals.bottles, locale)} for ${money(totals.revenue, currency, locale)} uten mva., ` +
        `med en bruttomargin på ${money(totals.margin, currency, locale)}${share}.`
      : `From ${from} to ${to} you sold ${bottles(totals.bottles, locale)} for ${money(totals.revenue, currency, locale)} without VAT, ` +
        `a gross margin of ${money(totals.margin, currency, locale)}${share}.`;
  const shown = data.rows.length;
  const title =
    shown < data.count
      ? `${ORDER_TEXT[locale][data.order]}, ${locale === 'nb' ? 'de første' : 'the first'} ${num(shown, locale)} ${locale === 'nb' ? 'av' : 'of'} ${num(data.count, locale)}:`
      : `${ORDER_TEXT[locale][data.order]}:`;
  const head =
    locale === 'nb'
      ? ['Vin', 'Flasker', 'Omsetning', 'Margin', 'Margin %']
      : ['Wine', 'Bottles', 'Revenue', 'Margin', 'Margin %'];
  const rows = data.rows.map((row) => [
    wineLink(row.name, row.cellarWineId),
    num(row.bottles, locale),
    money(row.revenue, currency, locale),
    money(row.margin, currency, locale),
    row.marginPercent === null ? NONE : percent(row.marginPercent, locale),
  ]);
  return `${lead}\n\n${title}\n\n${table(head, rows, [1, 2, 3, 4])}`;
}

const UNCHANGED: Record<Locale, string> = {
  en: 'Nothing changes until you confirm it.',
  nb: 'Ingenting endres før du bekrefter.',
};

export function cartProposalAnswer(data: ProposeCartData, locale: Locale): string {
  const total = data.totals.map((t) => money(t.amount, t.currency, locale)).join(' + ');
  const lead =
    locale === 'nb'
      ? `Forslag til handlekurven: ${bottles(data.bottles, locale)} for ${total} uten mva.`
      : `Proposed for your cart: ${bottles(data.bottles, locale)} for ${total} without VAT.`;
  const head =
    locale === 'nb' ? ['Vin', 'Leverandør', 'Flasker', 'Pris'] : ['Wine', 'Supplier', 'Bottles', 'Price'];
  const rows = data.items.map((item) => [
    wineLink(item.wineName, item.cellarWineId),
    cell(item.supplierName),
    num(item.quantity, locale),
    money(item.unitPrice, item.currency, locale),
  ]);
  return `${lead}\n\n${table(head, rows, [2, 3])}\n\n${UNCHANGED[locale]}`;
}

export function priceProposalAnswer(data: ProposePriceData, locale: Locale): string {
  const wine = wineLink(data.name, data.cellarWineId);
  const next = money(data.newPrice, data.currency, locale);
  const now =
    data.currentPrice === null
      ? locale === 'nb'
        ? 'ingen pris nå'
        : 'no price now'
      : `${locale === 'nb' ? 'nå' : 'now'} ${money(data.currentPrice, data.currency, locale)}`;
  const markup =
    data.newSurcharge === undefined
      ? ''
      : locale === 'nb'
        ? ` Det er ${percent(data.newSurcharge, locale)} påslag på innkjøpsprisen.`
        : ` That is a ${percent(data.newSurcharge, locale)} mark-up on the purchase price.`;
  const lead =
    locale === 'nb'
      ? `Forslag til ny salgspris for ${wine}: ${next} (${now}).`
      : `Proposed selling price for ${wine}: ${next} (${now}).`;
  return `${lead}${markup} ${UNCHANGED[locale]}`;
}
