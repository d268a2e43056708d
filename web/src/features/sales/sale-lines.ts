import {
  type CurrencyCode,
  type Locale,
  type Placement,
  SALE_LIMITS,
  todayIso,
  UNCATEGORIZED,
} from '@kork/shared';
import { minorText, schemaMoney, schemaNumber } from '../../lib/number-text';

/**
 * The sale form's values and the arithmetic it shows: line totals, the sale's total, where bottles are
 * taken from by default and the price a line starts with. Pure, so it is tested without a page.
 */

/** What the form knows of a cellar wine picked for a line. */
export interface SaleWine {
  id: string;
  wineDisplayName: string;
  quantity: number;
  placements: Placement[];
  /** Including VAT, minor units. */
  sellingPrice?: number;
  pricePerGlass?: number;
  /** Litres. */
  bottleSize: number;
  /** Centilitres; the cellar's default when absent. */
  glassSize?: number;
}

export interface SaleLineValues {
  /** A key for React: a wine may be on two lines (from two locations). */
  key: string;
  wine: SaleWine;
  units: string;
  unitPrice: string;
  byGlass: boolean;
  /** A location id, or `uncategorized`. */
  locationId: string;
}

export interface PartyValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
}

export interface SaleFormValues {
  date: string;
  customer: PartyValues;
  contactPerson: PartyValues;
  distributor: string;
  storeForDelivery: string;
  note: string;
  products: SaleLineValues[];
}

const emptyParty = (): PartyValues => ({ firstName: '', lastName: '', phone: '', email: '', address: '' });

export function emptySale(): SaleFormValues {
  return {
    date: todayIso(),
    customer: emptyParty(),
    contactPerson: emptyParty(),
    distributor: '',
    storeForDelivery: '',
    note: '',
    products: [],
  };
}

/** The API's id of a placement's location (`uncategorized` for bottles with none). */
export function placementId(placement: Placement): string {
  return placement.locationId ?? UNCATEGORIZED;
}

/** Where bottles are taken from unless the person says otherwise: the location holding the most. */
export function defaultLocationId(placements: readonly Placement[]): string {
  let best: Placement | undefined;
  for (const placement of placements) if (!best || placement.quantity > best.quantity) best = placement;
  return best ? placementId(best) : UNCATEGORIZED;
}

/** Bottles of the wine at one location (`uncategorized` included). */
export function availableAt(placements: readonly Placement[], locationId: string): number {
  return placements.find((placement) => placementId(placement) === locationId)?.quantity ?? 0;
}

/** Whole glasses a bottle pours: 0,75 l in 15 cl glasses is 5. */
export function glassesPerBottle(bottleSizeLitres: number, glassSizeCl: number): number {
  if (!(bottleSizeLitres > 0) || !(glassSizeCl > 0)) return 0;
  // Rounded to a hundredth of a centilitre first, so 0.75 × 100 is 75 and not 74.99…
  return Math.floor(Math.round(bottleSizeLitres * 10_000) / 100 / glassSizeCl);
}

/**
 * The price a line starts with, per bottle: the selling price, or by the glass what a bottle's glasses
 * bring in (price per glass × glasses). Undefined when the wine has no such price.
 */
export function startingUnitPrice(
  wine: SaleWine,
  byGlass: boolean,
  defaultGlassSize: number,
): number | undefined {
  if (!byGlass) return wine.sellingPrice;
  if (wine.pricePerGlass === undefined) return undefined;
  return wine.pricePerGlass * glassesPerBottle(wine.bottleSize, wine.glassSize ?? defaultGlassSize);
}

export function newLine(
  wine: SaleWine,
  key: string,
  defaultGlassSize: number,
  code: CurrencyCode,
  locale: Locale,
): SaleLineValues {
  return {
    key,
    wine,
    units: '1',
    unitPrice: minorText(startingUnitPrice(wine, false, defaultGlassSize), code, locale),
    byGlass: false,
    locationId: defaultLocationId(wine.placements),
  };
}

/** A line's total in minor units, or null while its units or price are not numbers yet. */
export function lineTotal(
  line: Pick<SaleLineValues, 'units' | 'unitPrice'>,
  code: CurrencyCode,
  locale: Locale,
): number | null {
  const units = schemaNumber(line.units, locale);
  const price = schemaMoney(line.unitPrice, code, locale);
  if (units === null || price === null || Number.isNaN(units) || Number.isNaN(price)) return null;
  return units * price;
}

/** The sale's total: the lines that can be added up, and whether every line could. */
export function saleTotal(
  lines: readonly Pick<SaleLineValues, 'units' | 'unitPrice'>[],
  code: CurrencyCode,
  locale: Locale,
): { total: number; complete: boolean } {
  let total = 0;
  let complete = true;
  for (const line of lines) {
    const value = lineTotal(line, code, locale);
    if (value === null) complete = false;
    else total += value;
  }
  return { total, complete };
}

function text(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function party(values: PartyValues) {
  const out = {
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    phone: text(values.phone),
    email: text(values.email),
    address: text(values.address),
  };
  return Object.values(out).some((value) => value !== undefined) ? out : undefined;
}

/**
 * The form as `SaleInput` for the shared schema and the API. Numbers that are no numbers go as NaN, so
 * the schema names the field ("Must be a number") instead of the value quietly becoming something else.
 */
export function toSaleInput(values: SaleFormValues, code: CurrencyCode, locale: Locale) {
  return {
    date: text(values.date),
    customer: party(values.customer),
    contactPerson: party(values.contactPerson),
    distributor: text(values.distributor),
    storeForDelivery: text(values.storeForDelivery),
    note: text(values.note),
    products: values.products.map((line) => ({
      ownWineId: line.wine.id,
      units: schemaNumber(line.units, locale) ?? undefined,
      unitPrice: schemaMoney(line.unitPrice, code, locale) ?? undefined,
      byGlass: line.byGlass,
      locationId: line.locationId,
    })),
  };
}

export const MAX_SALE_LINES = SALE_LIMITS.productsMax;

/** Whether another wine may be added: the sale's lines and its distinct wines each within their limit. */
export const canAddSaleLine = (lines: readonly { wine: { id: string } }[]) =>
  lines.length < SALE_LIMITS.productsMax &&
  new Set(lines.map((line) => line.wine.id)).size < SALE_LIMITS.winesMax;
