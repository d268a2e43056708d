/**
 * What the writes to a cellar's wines share: own fields from an input, location checks, the wine as it
 * is now, and the stale outcome of a write that another change came before.
 */
import { purchasePrices, UNCATEGORIZED } from '@kork/shared';
import { tables } from '../../data/tables';
import { ValidationError } from '../../platform/errors';
import { type CellarWineRecord, OWN_FIELD_NAMES, type OwnFields } from './wine-records';

/** Own fields from an input: nulls and empty text dropped, purchase prices derived from each other. */
export function ownFieldsOf(
  input: Partial<Record<keyof OwnFields, unknown>>,
  base: OwnFields,
  vat: number,
): OwnFields {
  const own: Record<string, unknown> = { ...base };
  for (const field of OWN_FIELD_NAMES) {
    if (!(field in input) || input[field] === undefined) continue;
    const value = typeof input[field] === 'string' ? (input[field] as string).trim() : input[field];
    if (value === null || value === '') delete own[field];
    else own[field] = value;
  }
  const purchaseGiven = 'purchasePriceWovat' in input || 'purchasePriceWvat' in input;
  if (purchaseGiven) {
    const prices = purchasePrices(
      {
        purchasePriceWovat: input.purchasePriceWovat as number | null | undefined,
        purchasePriceWvat:
          input.purchasePriceWovat === undefined
            ? (input.purchasePriceWvat as number | null | undefined)
            : undefined,
      },
      vat,
    );
    for (const key of ['purchasePriceWovat', 'purchasePriceWvat'] as const) {
      if (prices[key] == null) delete own[key];
      else own[key] = prices[key];
    }
    // The selling price is not changed here: a new purchase price puts the wine under price review
    // (docs/pricing.md), where the owner approves a proposed price or keeps the current one.
  }
  const from = own.drinkingWindowFrom as number | undefined;
  const to = own.drinkingWindowTo as number | undefined;
  if (from != null && to != null && from > to)
    throw new ValidationError({ drinkingWindowTo: 'drinkUntilBeforeFrom' });
  return own as OwnFields;
}

/** Whether a location id names one of this cellar's locations (none and Uncategorized always do). */
export function isKnownLocation(locationIds: Set<string>, locationId: string | null | undefined): boolean {
  return !locationId || locationId === UNCATEGORIZED || locationIds.has(locationId);
}

export function assertLocation(
  locationIds: Set<string>,
  locationId: string | null | undefined,
  field: string,
): void {
  if (!isKnownLocation(locationIds, locationId)) throw new ValidationError({ [field]: 'unknownLocation' });
}

export function locationKey(locationId: string | null | undefined): string | null {
  return !locationId || locationId === UNCATEGORIZED ? null : locationId;
}

/** A wine as it is now (strongly consistent), for a write to decide on. */
export async function currentWine(ownerId: string, id: string): Promise<CellarWineRecord | undefined> {
  const { data } = await tables('cellar').cellarWine.get({ ownerId, id }).go({ consistent: true });
  return data ?? undefined;
}

/** Another request changed what this one sets since it was read: it is not written over it (409). */
export const STALE = Symbol('stale');
