import {
  type CellarWine,
  type CellarWineUpdate,
  type ContainerType,
  type CurrencyCode,
  type DutyRatesResponse,
  isCustomSource,
  type Locale,
  type MainCategory,
  type PriceFormat,
  purchasePrices,
  QUANTITY_MAX,
  withBounds,
} from '@kork/shared';
import {
  minorText,
  moneyTextError,
  moneyTextToMinor,
  NOT_A_NUMBER,
  numberText,
  parseNumberText,
  schemaMoney,
  schemaNumber,
  TOO_MANY_DECIMALS,
} from '../../../lib/number-text';
import { type DutyInclusive, dutyInclusivePrice } from './duty-price';

/** How the owner changes the bottles: add (or, with a minus, take) some, or set the total. */
export type StockMode = 'add' | 'set';

/** The money fields of the form: typed in the cellar's currency, sent as minor units. */
export const MONEY_FIELDS = [
  'purchasePriceWovat',
  'purchasePriceWvat',
  'sellingPrice',
  'marketValue',
  'pricePerGlass',
] as const;
type MoneyField = (typeof MONEY_FIELDS)[number];

/**
 * The detail form: every field of `CellarWineUpdate`, as inputs hold them. Numbers are the text typed
 * (components/number-field.tsx), read in the page's language only when the form is checked or sent.
 */
export interface WineEditValues {
  stockMode: StockMode;
  /** Bottles to add, negative to take ("add" mode); empty changes nothing. */
  addQuantity: string;
  /** The new total ("set" mode). */
  quantity: string;
  purchasePriceWovat: string;
  purchasePriceWvat: string;
  /** Whether the price ex VAT typed includes the duties (as importers quote); off: the importer's net price. Not sent. */
  includesDuties: boolean;
  sellingPrice: string;
  sellingPriceLocked: boolean;
  marketValue: string;
  pricePerGlass: string;
  glassSize: string;
  /** Reordering (docs/reorder.md): whole bottles, empty for the suggestion. */
  parLevel: string;
  reorderPoint: string;
  caseSize: string;
  /** For the duties (docs/duties.md): percent by volume as typed, and a container type, empty for none. */
  alcohol: string;
  container: ContainerType | '';
  wineListCategoryId: string;
  customListWineName: string;
  customListProducerName: string;
  priceFormat: PriceFormat;
  showBottleSizeInList: boolean;
  posName: string;
  posGlassName: string;
  productId: string;
  supplier: string;
  purchaseNote: string;
  privateNote: string;
  drinkingWindowFrom: string;
  drinkingWindowTo: string;
  rating: string;
  newCategorisation: string;
  // The wine's own facts: editable on custom wines only (catalogue wines follow the catalogue).
  wineName: string;
  producerName: string;
  vintage: string;
  bottleSize: string;
  mainCategoryId: string;
  country: string;
  region: string;
}

export function valuesOf(wine: CellarWine, locale: Locale): WineEditValues {
  const money = (minor?: number) => minorText(minor, wine.currency, locale);
  const num = (value: number | null | undefined) => numberText(value, locale);
  return {
    stockMode: 'add',
    addQuantity: '',
    quantity: num(wine.quantity),
    purchasePriceWovat: money(wine.purchasePriceWovat),
    purchasePriceWvat: money(wine.purchasePriceWvat),
    includesDuties: true,
    sellingPrice: money(wine.sellingPrice),
    sellingPriceLocked: wine.sellingPriceLocked,
    marketValue: money(wine.marketValue),
    pricePerGlass: money(wine.pricePerGlass),
    glassSize: num(wine.glassSize),
    parLevel: num(wine.parLevel),
    reorderPoint: num(wine.reorderPoint),
    caseSize: num(wine.caseSize),
    alcohol: num(wine.alcohol),
    container: wine.container ?? '',
    wineListCategoryId: wine.wineListCategoryId ?? '',
    customListWineName: wine.customListWineName ?? '',
    customListProducerName: wine.customListProducerName ?? '',
    priceFormat: wine.priceFormat,
    showBottleSizeInList: wine.showBottleSizeInList,
    posName: wine.posName ?? '',
    posGlassName: wine.posGlassName ?? '',
    productId: wine.productId ?? '',
    supplier: wine.supplier ?? '',
    purchaseNote: wine.purchaseNote ?? '',
    privateNote: wine.privateNote ?? '',
    drinkingWindowFrom: num(wine.drinkingWindowFrom),
    drinkingWindowTo: num(wine.drinkingWindowTo),
    rating: num(wine.rating),
    newCategorisation: wine.newCategorisation ?? '',
    wineName: wine.wineName,
    producerName: wine.producerName ?? '',
    vintage: num(wine.vintage),
    bottleSize: num(wine.bottleSize),
    mainCategoryId: wine.mainCategoryId,
    country: wine.country ?? '',
    region: wine.region ?? '',
  };
}

/** Empty text clears the field on the server (`null`), as an emptied number does. */
const text = (value: string): string | null => value.trim() || null;

/**
 * The form as `CellarWineUpdate` reads it; the wine's own facts only for custom wines. A number that is
 * none ("abc") goes as NaN, which the schema refuses with "Must be a number"; nothing is rounded or
 * clamped, so "-5" bottles and "2,5" bottles reach the schema as they were typed.
 */
export function toUpdate(
  values: WineEditValues,
  wine: CellarWine,
  locale: Locale,
  rates?: DutyRatesResponse,
): Record<string, unknown> {
  const currency: CurrencyCode = wine.currency;
  const money = (value: string) => schemaMoney(value, currency, locale);
  const num = (value: string) => schemaNumber(value, locale);
  const update: Record<string, unknown> = {
    purchasePriceWovat: money(values.purchasePriceWovat),
    purchasePriceWvat: money(values.purchasePriceWvat),
    sellingPrice: money(values.sellingPrice),
    sellingPriceLocked: values.sellingPriceLocked,
    marketValue: money(values.marketValue),
    pricePerGlass: money(values.pricePerGlass),
    glassSize: num(values.glassSize),
    parLevel: num(values.parLevel),
    reorderPoint: num(values.reorderPoint),
    caseSize: num(values.caseSize),
    alcohol: num(values.alcohol),
    container: values.container || null,
    wineListCategoryId: values.wineListCategoryId || null,
    customListWineName: text(values.customListWineName),
    customListProducerName: text(values.customListProducerName),
    priceFormat: values.priceFormat,
    showBottleSizeInList: values.showBottleSizeInList,
    posName: text(values.posName),
    posGlassName: text(values.posGlassName),
    productId: text(values.productId),
    supplier: text(values.supplier),
    purchaseNote: text(values.purchaseNote),
    privateNote: text(values.privateNote),
    drinkingWindowFrom: num(values.drinkingWindowFrom),
    drinkingWindowTo: num(values.drinkingWindowTo),
    rating: num(values.rating),
    newCategorisation: text(values.newCategorisation),
  };
  // A price typed without duties is kept with them; the price with VAT follows it on the server.
  const converted = typedDutyInclusive(values, wine, locale, rates);
  if (converted?.ok) {
    update.purchasePriceWovat = converted.price;
    update.purchasePriceWvat = undefined;
  }
  if (values.stockMode === 'set') update.quantity = num(values.quantity);
  else if (values.addQuantity.trim() !== '') update.addQuantity = num(values.addQuantity);
  if (isCustomSource(wine.source)) {
    Object.assign(update, {
      wineName: values.wineName.trim(),
      producerName: text(values.producerName),
      vintage: num(values.vintage),
      bottleSize: num(values.bottleSize),
      mainCategoryId: (values.mainCategoryId || undefined) as MainCategory | undefined,
      country: text(values.country),
      region: text(values.region),
    });
  }
  return update;
}

/**
 * Rules the schema cannot see once the text is read: money with more decimals than the currency has
 * ("Too many decimals", never rounded), and taking more bottles than the wine has, which the API refuses
 * on the count it meets ("Only 6 bottles there"; this form checks the count it was opened with).
 */
export function textErrors(values: WineEditValues, wine: CellarWine, locale: Locale): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of MONEY_FIELDS) {
    const error = moneyTextError(values[field], wine.currency, locale);
    if (error) errors[field] = error;
  }
  if (values.stockMode === 'add') {
    const add = parseNumberText(values.addQuantity, locale);
    if (typeof add === 'number' && Number.isInteger(add)) {
      if (wine.quantity + add < 0)
        errors.addQuantity = withBounds('bottlesAvailable', { count: wine.quantity });
      else if (wine.quantity + add > QUANTITY_MAX)
        errors.addQuantity = withBounds('atMost', { max: QUANTITY_MAX - wine.quantity });
    }
  }
  return errors;
}

/** The total the form would leave the wine with, `null` while the typed change is no whole number. */
export function totalAfter(values: WineEditValues, wine: CellarWine, locale: Locale): number | null {
  const typed = parseNumberText(values.stockMode === 'set' ? values.quantity : values.addQuantity, locale);
  if (values.stockMode === 'add' && typed === null) return wine.quantity;
  if (typeof typed !== 'number' || !Number.isInteger(typed)) return null;
  return values.stockMode === 'set' ? typed : wine.quantity + typed;
}

/**
 * Only what the owner changed: each field compared with the saved wine read through the same form,
 * so a price shown with its decimals or a note with trailing spaces does not count as a change.
 */
export function changesOf(
  values: WineEditValues,
  wine: CellarWine,
  locale: Locale,
  rates?: DutyRatesResponse,
): CellarWineUpdate {
  const next = toUpdate(values, wine, locale, rates);
  const saved = toUpdate({ ...valuesOf(wine, locale), stockMode: values.stockMode }, wine, locale);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (key === 'addQuantity' || !Object.is(value, saved[key])) changes[key] = value;
  }
  return changes as CellarWineUpdate;
}

/** A typed amount in minor units, `null` while it is empty or no amount. */
export function typedMinor(value: string, currency: CurrencyCode, locale: Locale): number | null {
  const minor = moneyTextToMinor(value, currency, locale);
  return minor === NOT_A_NUMBER || minor === TOO_MANY_DECIMALS ? null : minor;
}

/**
 * The other purchase price after one was typed, by the style's VAT (`purchasePrices` from shared, the
 * same math the API does on save). An emptied price empties the other one; text that is no amount
 * leaves it as it is.
 */
export function otherPurchasePrice(
  typed: MoneyField & ('purchasePriceWovat' | 'purchasePriceWvat'),
  value: string,
  current: string,
  vat: number,
  currency: CurrencyCode,
  locale: Locale,
): string {
  const minor = moneyTextToMinor(value, currency, locale);
  if (minor === NOT_A_NUMBER || minor === TOO_MANY_DECIMALS || (minor !== null && minor < 0)) return current;
  const prices = purchasePrices({ [typed]: minor }, vat);
  const other = typed === 'purchasePriceWovat' ? prices.purchasePriceWvat : prices.purchasePriceWovat;
  return minorText(other, currency, locale);
}

/**
 * The price ex VAT with duties when it is typed without them (`includesDuties` off), by today's rates;
 * nothing while the switch is on or the price is no amount. What it lacks (the alcohol first) is said.
 */
export function typedDutyInclusive(
  values: WineEditValues,
  wine: CellarWine,
  locale: Locale,
  rates: DutyRatesResponse | undefined,
): DutyInclusive | undefined {
  if (values.includesDuties) return undefined;
  const net = typedMinor(values.purchasePriceWovat, wine.currency, locale);
  if (net === null || net < 0) return undefined;
  const custom = isCustomSource(wine.source);
  const size = custom ? schemaNumber(values.bottleSize, locale) : wine.bottleSize;
  const alcohol = schemaNumber(values.alcohol, locale);
  return dutyInclusivePrice(
    net,
    {
      bottleSize: size === null || Number.isNaN(size) ? null : size,
      category: ((custom ? values.mainCategoryId : wine.mainCategoryId) || undefined) as
        | MainCategory
        | undefined,
      alcohol: alcohol ?? undefined,
      container: values.container || undefined,
    },
    rates,
  );
}
