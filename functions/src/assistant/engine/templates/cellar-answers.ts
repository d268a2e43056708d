/** Answers about the cellar itself: search, totals, drink now, pairing, the wine lists a wine is on. */
import type { CurrencyCode, Locale } from '@kork/shared';
import type {
  CellarTotalsData,
  DrinkNowData,
  PairWithFoodData,
  SearchCellarData,
  WineListsOfWineData,
} from '../../tools/outputs';
import {
  categoryName,
  cell,
  count,
  firstOf,
  foodName,
  joinAnd,
  money,
  NONE,
  num,
  table,
  wineLink,
} from './format';

const wines = (n: number, locale: Locale) =>
  locale === 'nb' ? count(n, 'vin', 'viner', locale) : count(n, 'wine', 'wines', locale);
const bottles = (n: number, locale: Locale) =>
  locale === 'nb' ? count(n, 'flaske', 'flasker', locale) : count(n, 'bottle', 'bottles', locale);

export function searchAnswer(data: SearchCellarData, locale: Locale, currency: CurrencyCode): string {
  if (data.count === 0) {
    return locale === 'nb'
      ? 'Ingen viner i kjelleren din passer til det du spurte om.'
      : 'No wines in your cellar match what you asked for.';
  }
  const lead =
    locale === 'nb'
      ? `${wines(data.count, locale)} i kjelleren din passer (${bottles(data.bottles, locale)})`
      : `${wines(data.count, locale)} in your cellar ${data.count === 1 ? 'matches' : 'match'} (${bottles(data.bottles, locale)})`;
  // A column only when some row has it: a collector's cellar rarely has selling prices.
  const where = data.rows.some((row) => row.locations && row.locations.length > 0);
  const priced = data.rows.some((row) => row.sellingPrice !== undefined);
  const head = [
    locale === 'nb' ? 'Vin' : 'Wine',
    locale === 'nb' ? 'Flasker' : 'Bottles',
    ...(where ? [locale === 'nb' ? 'Plassering' : 'Location'] : []),
    ...(priced ? [locale === 'nb' ? 'Salgspris' : 'Selling price'] : []),
  ];
  const rows = data.rows.map((row) => [
    wineLink(row.name, row.cellarWineId),
    num(row.bottles, locale),
    ...(where ? [row.locations?.length ? cell(row.locations.join(', ')) : NONE] : []),
    ...(priced ? [row.sellingPrice === undefined ? NONE : money(row.sellingPrice, currency, locale)] : []),
  ]);
  const right = priced ? [1, head.length - 1] : [1];
  return `${lead}${firstOf(data.count, data.rows.length, locale)}\n\n${table(head, rows, right)}`;
}

export function totalsAnswer(data: CellarTotalsData, locale: Locale, currency: CurrencyCode): string {
  if (data.wines === 0) {
    return locale === 'nb' ? 'Kjelleren din har ingen viner ennå.' : 'Your cellar has no wines yet.';
  }
  const purchase = money(data.purchaseValue, currency, locale);
  const selling = money(data.sellingValue, currency, locale);
  const lead =
    locale === 'nb'
      ? `Kjelleren din har ${bottles(data.bottles, locale)} av ${wines(data.wines, locale)} ` +
        `(${num(data.winesInStock, locale)} på lager). Verdi til innkjøpspris: ${purchase}; til salgspris: ${selling}.`
      : `Your cellar holds ${bottles(data.bottles, locale)} of ${wines(data.wines, locale)} ` +
        `(${num(data.winesInStock, locale)} in stock). Value at purchase price: ${purchase}; at selling price: ${selling}.`;
  if (data.byCategory.length < 2) return lead;
  const head =
    locale === 'nb'
      ? ['Type', 'Viner', 'Flasker', 'Innkjøpsverdi', 'Salgsverdi']
      : ['Category', 'Wines', 'Bottles', 'Purchase value', 'Selling value'];
  const rows = data.byCategory.map((row) => [
    categoryName(row.category, locale),
    num(row.wines, locale),
    num(row.bottles, locale),
    money(row.purchaseValue, currency, locale),
    money(row.sellingValue, currency, locale),
  ]);
  return `${lead}\n\n${table(head, rows, [1, 2, 3, 4])}`;
}

function windowText(from: number | undefined, to: number | undefined): string {
  if (from !== undefined && to !== undefined) return `${from}–${to}`;
  if (from !== undefined) return `${from}–`;
  if (to !== undefined) return `–${to}`;
  return NONE;
}

export function drinkNowAnswer(data: DrinkNowData, locale: Locale): string {
  if (data.count === 0) {
    const lead =
      locale === 'nb'
        ? `Ingen av vinene du har på lager er i drikkevinduet sitt i ${data.year}.`
        : `None of the wines you have in stock is in its drinking window in ${data.year}.`;
    const notes: string[] = [];
    if (data.pastWindow > 0) {
      notes.push(
        locale === 'nb'
          ? `${wines(data.pastWindow, locale)} har passert drikkevinduet og bør drikkes snart.`
          : `${wines(data.pastWindow, locale)} ${data.pastWindow === 1 ? 'is' : 'are'} past the window and should be drunk soon.`,
      );
    }
    if (data.withoutWindow > 0) {
      notes.push(
        locale === 'nb'
          ? `${wines(data.withoutWindow, locale)} har ikke noe drikkevindu; du kan legge det inn på vinen.`
          : `${wines(data.withoutWindow, locale)} ${data.withoutWindow === 1 ? 'has' : 'have'} no drinking window; you can set one on the wine.`,
      );
    }
    return [lead, ...notes].join(' ');
  }
  const past = data.rows.some((row) => row.pastWindow);
  const lead =
    locale === 'nb'
      ? `${wines(data.count, locale)} (${bottles(data.bottles, locale)}) ${past ? 'er klare til å drikkes eller har passert drikkevinduet' : 'er klare til å drikkes'} i ${data.year}`
      : `${wines(data.count, locale)} (${bottles(data.bottles, locale)}) ${data.count === 1 ? 'is' : 'are'} ${past ? 'ready to drink or past the window' : 'ready to drink'} in ${data.year}`;
  const head = locale === 'nb' ? ['Vin', 'Flasker', 'Drikkevindu'] : ['Wine', 'Bottles', 'Drinking window'];
  const pastWord = locale === 'nb' ? ' (passert)' : ' (past)';
  const rows = data.rows.map((row) => [
    wineLink(row.name, row.cellarWineId),
    num(row.bottles, locale),
    windowText(row.windowFrom, row.windowTo) + (row.pastWindow ? pastWord : ''),
  ]);
  const note =
    locale === 'nb'
      ? 'Vinene med kortest tid igjen i vinduet står først.'
      : 'Those whose window closes soonest come first.';
  return `${lead}${firstOf(data.count, data.rows.length, locale)}\n\n${table(head, rows, [1])}\n\n${note}`;
}

export function pairingAnswer(data: PairWithFoodData, locale: Locale): string {
  if (data.matchedFoods.length === 0) {
    return locale === 'nb'
      ? `Jeg vet ikke hvilke viner som passer til «${data.food}». Prøv storfe, lam, vilt, fugl, svin, kylling, fisk, skalldyr, ost, dessert eller grønnsaker.`
      : `I don't know which wines go with “${data.food}”. Try beef, lamb, game, fowl, pork, chicken, fish, shellfish, cheese, dessert or vegetables.`;
  }
  const foods = joinAnd(
    data.matchedFoods.map((food) => foodName(food, locale)),
    locale,
  );
  if (data.count === 0) {
    return locale === 'nb'
      ? `Ingen av vinene du har på lager er oppført med ${foods} i katalogen.`
      : `None of the wines you have in stock is paired with ${foods} in the catalogue.`;
  }
  const lead =
    locale === 'nb'
      ? `${wines(data.count, locale)} i kjelleren din passer til ${foods}`
      : `${wines(data.count, locale)} in your cellar ${data.count === 1 ? 'goes' : 'go'} with ${foods}`;
  const head = locale === 'nb' ? ['Vin', 'Flasker', 'Passer til'] : ['Wine', 'Bottles', 'Pairs with'];
  const rows = data.rows.map((row) => [
    wineLink(row.name, row.cellarWineId),
    num(row.bottles, locale),
    row.pairings.map((food) => foodName(food, locale)).join(', '),
  ]);
  return `${lead}${firstOf(data.count, data.rows.length, locale)}\n\n${table(head, rows, [1])}`;
}

const quote = (text: string, locale: Locale) => (locale === 'nb' ? `«${text}»` : `“${text}”`);

export function wineListsAnswer(data: WineListsOfWineData, locale: Locale): string {
  const wine = wineLink(data.name, data.cellarWineId);
  if (data.count === 0) {
    return locale === 'nb'
      ? `${wine} står ikke på noen av vinkartene dine.`
      : `${wine} is on none of your wine lists.`;
  }
  const lists = joinAnd(
    data.rows.map(
      (row) =>
        `${quote(row.name, locale)}${row.isPublic ? (locale === 'nb' ? ' (offentlig)' : ' (public)') : ''}`,
    ),
    locale,
  );
  const lead =
    locale === 'nb'
      ? `${wine} står på ${data.count === 1 ? 'ett vinkart' : `${num(data.count, locale)} vinkart`}: ${lists}.`
      : `${wine} is on ${data.count === 1 ? 'one wine list' : `${num(data.count, locale)} wine lists`}: ${lists}.`;
  if (data.printed) return lead;
  return locale === 'nb'
    ? `${lead} Den skrives ikke ut nå (ikke på lager eller i en skjult kategori).`
    : `${lead} It is not printed now (out of stock or in a hidden category).`;
}
