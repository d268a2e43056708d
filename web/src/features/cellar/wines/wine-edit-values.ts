import {
  type CellarWine,
  type CellarWineUpdate,
  type CurrencyCode,
  type MainCategory,
  type PriceFormat,
  purchasePrices,
} from '@kork/shared';
import { inputNumber, inputToMinor, minorToInput } from './money';

/** NumberInput gives '' while a field is empty, and a number once something is typed. */
type NumberValue = number | string;

/** The detail form: every field of `CellarWineUpdate`, as inputs hold them. */
export interface WineEditValues {
  quantity: NumberValue;
  purchasePriceWovat: NumberValue;
  purchasePriceWvat: NumberValue;
  sellingPrice: NumberValue;
  sellingPriceLocked: boolean;
  marketValue: NumberValue;
  pricePerGlass: NumberValue;
  glassSize: NumberValue;
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
  drinkingWindowFrom: NumberValue;
  drinkingWindowTo: NumberValue;
  rating: NumberValue;
  newCategorisation: string;
  // The wine's own facts: editable on custom wines only (catalogue wines follow the catalogue).
  wineName: string;
  producerName: string;
  vintage: NumberValue;
  bottleSize: NumberValue;
  mainCategoryId: string;
  country: string;
  region: string;
}

const num = (value: number | null | undefined): NumberValue => value ?? '';

export function valuesOf(wine: CellarWine): WineEditValues {
  const money = (minor?: number) => minorToInput(minor, wine.currency);
  return {
    quantity: wine.quantity,
    purchasePriceWovat: money(wine.purchasePriceWovat),
    purchasePriceWvat: money(wine.purchasePriceWvat),
    sellingPrice: money(wine.sellingPrice),
    sellingPriceLocked: wine.sellingPriceLocked,
    marketValue: money(wine.marketValue),
    pricePerGlass: money(wine.pricePerGlass),
    glassSize: num(wine.glassSize),
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
    bottleSize: wine.bottleSize,
    mainCategoryId: wine.mainCategoryId,
    country: wine.country ?? '',
    region: wine.region ?? '',
  };
}

/** Empty text clears the field on the server (`null`), as an emptied number does. */
const text = (value: string): string | null => value.trim() || null;

/** The form as `CellarWineUpdate` reads it; the wine's own facts only for custom wines. */
export function toUpdate(values: WineEditValues, wine: CellarWine): Record<string, unknown> {
  const currency: CurrencyCode = wine.currency;
  const money = (value: NumberValue) => inputToMinor(value, currency);
  const update: Record<string, unknown> = {
    quantity: inputNumber(values.quantity),
    purchasePriceWovat: money(values.purchasePriceWovat),
    purchasePriceWvat: money(values.purchasePriceWvat),
    sellingPrice: money(values.sellingPrice),
    sellingPriceLocked: values.sellingPriceLocked,
    marketValue: money(values.marketValue),
    pricePerGlass: money(values.pricePerGlass),
    glassSize: inputNumber(values.glassSize),
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
    drinkingWindowFrom: inputNumber(values.drinkingWindowFrom),
    drinkingWindowTo: inputNumber(values.drinkingWindowTo),
    rating: inputNumber(values.rating),
    newCategorisation: text(values.newCategorisation),
  };
  if (wine.source === 'CUSTOM') {
    Object.assign(update, {
      wineName: values.wineName.trim(),
      producerName: text(values.producerName),
      vintage: inputNumber(values.vintage),
      bottleSize: inputNumber(values.bottleSize),
      mainCategoryId: (values.mainCategoryId || undefined) as MainCategory | undefined,
      country: text(values.country),
      region: text(values.region),
    });
  }
  return update;
}

/**
 * Only what the owner changed: each field compared with the saved wine read through the same form,
 * so a price shown rounded or a note with trailing spaces does not count as a change.
 */
export function changesOf(values: WineEditValues, wine: CellarWine): CellarWineUpdate {
  const next = toUpdate(values, wine);
  const saved = toUpdate(valuesOf(wine), wine);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value !== saved[key]) changes[key] = value;
  }
  return changes as CellarWineUpdate;
}

/**
 * The other purchase price after one was typed, by the style's VAT (`purchasePrices` from shared, the
 * same math the API does on save). An emptied price empties the other one.
 */
export function otherPurchasePrice(
  typed: 'purchasePriceWovat' | 'purchasePriceWvat',
  value: NumberValue,
  vat: number,
  currency: CurrencyCode,
): NumberValue {
  const minor = inputToMinor(value, currency);
  const prices = purchasePrices({ [typed]: minor }, vat);
  const other = typed === 'purchasePriceWovat' ? prices.purchasePriceWvat : prices.purchasePriceWovat;
  return minorToInput(other, currency);
}
