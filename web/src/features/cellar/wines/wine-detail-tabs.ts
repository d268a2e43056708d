import {
  type CellarWine,
  CellarWineUpdate,
  type DutyRatesResponse,
  type Locale,
  UNCATEGORIZED,
} from '@kork/shared';
import type { UseFormReturnType } from '@mantine/form';
import { i18n } from '../../../i18n/i18n';
import { type FieldErrors, schemaErrors, translateMessage } from '../../../lib/form-schema';
import { DUTY_MISSING_KEYS } from './duty-price';
import {
  changesOf,
  MONEY_FIELDS,
  textErrors,
  toUpdate,
  typedDutyInclusive,
  valuesOf,
  type WineEditValues,
} from './wine-edit-values';

/** The detail drawer's tabs, in the order the product spec lists them. */
export const DETAIL_TABS = ['pricing', 'stock', 'history', 'wineList', 'details'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/**
 * The drawer's one form: every field of the wine, plus where a change of the total goes (a location id,
 * or `UNCATEGORIZED` for bottles outside every location).
 */
export interface DetailValues extends WineEditValues {
  locationId: string;
}

export type DetailForm = UseFormReturnType<DetailValues>;

/** The tab each field is on; the rest (custom wine facts, point of sale, notes) are under details. */
const FIELD_TABS: Partial<Record<keyof DetailValues, DetailTab>> = {
  purchasePriceWovat: 'pricing',
  purchasePriceWvat: 'pricing',
  includesDuties: 'pricing',
  sellingPrice: 'pricing',
  sellingPriceLocked: 'pricing',
  marketValue: 'pricing',
  pricePerGlass: 'pricing',
  glassSize: 'pricing',
  alcohol: 'pricing',
  container: 'pricing',
  stockMode: 'stock',
  addQuantity: 'stock',
  quantity: 'stock',
  locationId: 'stock',
  parLevel: 'stock',
  reorderPoint: 'stock',
  caseSize: 'stock',
  wineListCategoryId: 'wineList',
  customListWineName: 'wineList',
  customListProducerName: 'wineList',
  priceFormat: 'wineList',
  showBottleSizeInList: 'wineList',
};

/** The tab a field (or a nested path such as `grapes.0.name`) is shown on. */
export function tabOfField(path: string): DetailTab {
  const root = path.split('.')[0] as keyof DetailValues;
  return FIELD_TABS[root] ?? 'details';
}

/** The tabs that hold at least one of these errors, in tab order. */
export function tabsWithErrors(errors: Record<string, unknown>): DetailTab[] {
  const tabs = new Set(
    Object.entries(errors)
      .filter(([, message]) => Boolean(message))
      .map(([path]) => tabOfField(path)),
  );
  return DETAIL_TABS.filter((tab) => tabs.has(tab));
}

/**
 * The tab to show after a failed save: the open one when it holds an error, else the first that does.
 * Nothing when no field has an error (a failure that is not about a field).
 */
export function tabToReveal(errors: Record<string, unknown>, current: DetailTab): DetailTab | undefined {
  const tabs = tabsWithErrors(errors);
  if (tabs.includes(current)) return current;
  return tabs[0];
}

/** Where the bottles of a wine mostly are, as a select value: what the API also defaults to. */
export function mostBottlesLocation(wine: Pick<CellarWine, 'placements'>): string {
  let best: CellarWine['placements'][number] | undefined;
  for (const placement of wine.placements) {
    if (placement.quantity > 0 && (!best || placement.quantity > best.quantity)) best = placement;
  }
  return best?.locationId ?? UNCATEGORIZED;
}

export function detailValuesOf(wine: CellarWine, locale: Locale): DetailValues {
  return { ...valuesOf(wine, locale), locationId: mostBottlesLocation(wine) };
}

/** What to send: the changed fields and, with bottles added, taken or a new total, where the difference goes. */
export function detailChangesOf(
  values: DetailValues,
  wine: CellarWine,
  locale: Locale,
  rates?: DutyRatesResponse,
): CellarWineUpdate {
  const changes = changesOf(values, wine, locale, rates);
  if (changes.quantity === undefined && changes.addQuantity === undefined) return changes;
  return { ...changes, locationId: values.locationId === UNCATEGORIZED ? null : values.locationId };
}

/**
 * Every field the API would refuse, with the API's own rules (`CellarWineUpdate`) and messages, so a save
 * is never turned down for a rule the form did not show. The drinking window is checked on its own too:
 * the schema compares the two years only once every other field passes, and the form says it at once.
 */
export function detailErrors(
  values: DetailValues,
  wine: CellarWine,
  locale: Locale,
  rates?: DutyRatesResponse,
): FieldErrors {
  const update = toUpdate(values, wine, locale, rates);
  const window = schemaErrors(CellarWineUpdate, {
    drinkingWindowFrom: update.drinkingWindowFrom,
    drinkingWindowTo: update.drinkingWindowTo,
  });
  const errors: FieldErrors = { ...window, ...schemaErrors(CellarWineUpdate, update) };
  for (const [field, key] of Object.entries(textErrors(values, wine, locale))) {
    // Too many decimals says more than the "Must be a number" the schema gives money it cannot read.
    const money = (MONEY_FIELDS as readonly string[]).includes(field);
    if (money || !errors[field]) errors[field] = translateMessage(key);
  }
  // A price typed without duties needs the alcohol (and today's rates) before it can be kept.
  const converted = typedDutyInclusive(values, wine, locale, rates);
  if (converted && !converted.ok && !errors.purchasePriceWovat)
    errors.purchasePriceWovat = i18n.t(DUTY_MISSING_KEYS[converted.missing]);
  return errors;
}
