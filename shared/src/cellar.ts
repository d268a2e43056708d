import * as z from 'zod/mini';
import { MAIN_CATEGORIES, type MainCategory } from './catalog';
import { CURRENCY_CODES, type CurrencyCode } from './currencies';
import { LIMITS } from './limits';
import { withBounds } from './messages';
import { isStorableNumber, percentageField } from './schema-primitives';

/**
 * A person's cellar (SPEC §3 Cellar): base currency, default glass size and the VAT percentage per wine
 * style. Every private and business account has exactly one.
 */

/** The styles a cellar sets VAT for: the catalogue's main categories. */
export const VAT_STYLES = MAIN_CATEGORIES;

/**
 * Norwegian default: alcoholic drinks carry the standard 25 % VAT (the "25" and "1.25" of SPEC §9), and
 * so do alcohol-free wines sold by restaurants.
 */
export const NORWEGIAN_VAT_PERCENTAGE = 25;

export const DEFAULT_GLASS_SIZE_CL = 15;

export function defaultVats(): Record<MainCategory, number> {
  return Object.fromEntries(VAT_STYLES.map((style) => [style, NORWEGIAN_VAT_PERCENTAGE])) as Record<
    MainCategory,
    number
  >;
}

export interface Cellar {
  id: string;
  ownerId: string;
  baseCurrency: CurrencyCode;
  /** Centilitres, at most 99. */
  defaultGlassSize: number;
  vats: Record<MainCategory, number>;
  /**
   * Stock counts take tenths of a bottle for open bottles (3.4); else whole bottles only. On for a
   * business account unless its owner turns it off.
   */
  countTenths: boolean;
  images: string[];
  createdAt: string;
  updatedAt: string;
}

export interface CellarVat {
  style: MainCategory;
  percentage: number;
}

/** A VAT percentage, 0–100. */
const vatField = percentageField;

/** `PATCH /api/wine-cellars/cellars/{id}`: any of the settings. */
export const CellarSettingsInput = z.object({
  baseCurrency: z.optional(z.enum(CURRENCY_CODES, { error: 'invalidValue' })),
  defaultGlassSize: z.optional(
    z
      .number({ error: 'mustBeNumber' })
      .check(
        z.gt(0, { error: withBounds('moreThan', { min: 0 }) }),
        z.lte(LIMITS.glassSizeMaxCl, { error: 'glassSizeTooLarge' }),
        z.refine(isStorableNumber, { error: 'tooManyDecimals' }),
      ),
  ),
  vats: z.optional(z.partialRecord(z.enum(VAT_STYLES, { error: 'invalidValue' }), vatField)),
  countTenths: z.optional(z.boolean({ error: 'mustBeTrueOrFalse' })),
});
export type CellarSettingsInput = z.infer<typeof CellarSettingsInput>;

/** A price with VAT from one without, in minor units, rounded to the nearest unit. */
export function withVat(exVatMinor: number, percentage: number): number {
  return Math.round((exVatMinor * (100 + percentage)) / 100);
}

/** A price without VAT from one with it, in minor units, rounded to the nearest unit. */
export function withoutVat(incVatMinor: number, percentage: number): number {
  return Math.round((incVatMinor * 100) / (100 + percentage));
}
