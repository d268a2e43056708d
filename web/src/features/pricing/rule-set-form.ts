import {
  type CurrencyCode,
  type Locale,
  overlappingRange,
  type PriceAdjustment,
  type PriceBasis,
  type PriceDirection,
  type PriceKind,
  type PriceRounding,
  type PriceRuleSet,
  PriceRuleSetInput,
} from '@kork/shared';
import { type FieldErrors, schemaErrors, translateMessage } from '../../lib/form-schema';
import { minorText, moneyTextError, numberText, schemaMoney, schemaNumber } from '../../lib/number-text';

/**
 * The rule set editor's values: numbers as the text typed (the shared NumberField never rewrites it),
 * money in the cellar's major units. `toRuleSetInput` turns them into the schema's input, money as exact
 * integer minor units, and `ruleSetErrors` names every broken rule at the field a person typed it in.
 */

export type GlassKind = PriceKind | 'unchanged';

export interface RangeValues {
  /** A stable React key for the row. */
  key: string;
  from: string;
  /** Empty: and above. */
  to: string;
  sellingKind: PriceKind;
  sellingValue: string;
  glassKind: GlassKind;
  glassValue: string;
}

export interface RuleSetValues {
  name: string;
  basis: PriceBasis;
  direction: PriceDirection;
  rounding: PriceRounding;
  ranges: RangeValues[];
  categoryIds: string[];
  locationIds: string[];
  /** Never lower a price. */
  raiseOnly: boolean;
  excludeCategoryIds: string[];
  excludeWineIds: string[];
}

let rangeKeys = 0;

export function emptyRange(from = ''): RangeValues {
  rangeKeys += 1;
  return {
    key: `range-${rangeKeys}`,
    from,
    to: '',
    sellingKind: 'percentage',
    sellingValue: '',
    glassKind: 'percentage',
    glassValue: '',
  };
}

export function emptyRuleSet(): RuleSetValues {
  return {
    name: '',
    basis: 'incVat',
    direction: 'increase',
    rounding: 'endsIn9',
    ranges: [emptyRange('0')],
    categoryIds: [],
    locationIds: [],
    raiseOnly: false,
    excludeCategoryIds: [],
    excludeWineIds: [],
  };
}

function adjustmentText(adjustment: PriceAdjustment, code: CurrencyCode, locale: Locale): string {
  return adjustment.kind === 'fixed'
    ? minorText(adjustment.value, code, locale)
    : numberText(adjustment.value, locale);
}

/** A saved set as the editor's starting values (`copyOf`: a duplicate, named as such). */
export function ruleSetValues(
  set: PriceRuleSet,
  code: CurrencyCode,
  locale: Locale,
  name: string = set.name,
): RuleSetValues {
  return {
    name,
    basis: set.basis,
    direction: set.direction,
    rounding: set.rounding,
    ranges: set.ranges.map((range) => ({
      ...emptyRange(),
      from: minorText(range.from, code, locale),
      to: range.to === null ? '' : minorText(range.to, code, locale),
      sellingKind: range.sellingPrice.kind,
      sellingValue: adjustmentText(range.sellingPrice, code, locale),
      glassKind: range.glassPrice?.kind ?? 'unchanged',
      glassValue: range.glassPrice ? adjustmentText(range.glassPrice, code, locale) : '',
    })),
    categoryIds: set.categoryIds ?? [],
    locationIds: set.locationIds ?? [],
    raiseOnly: set.raiseOnly,
    excludeCategoryIds: set.excludeCategoryIds ?? [],
    excludeWineIds: set.excludeWineIds ?? [],
  };
}

/** A typed amount: minor units of money for `fixed`, percent for `percentage`. */
function amount(kind: PriceKind, text: string, code: CurrencyCode, locale: Locale): number | null {
  return kind === 'fixed' ? schemaMoney(text, code, locale) : schemaNumber(text, locale);
}

/**
 * What the editor sends: the shared schema's input. Money goes as integer minor units read digit by digit
 * from the text (no float multiplication); an empty "to" is the open top range.
 */
export function toRuleSetInput(values: RuleSetValues, code: CurrencyCode, locale: Locale): PriceRuleSetInput {
  return {
    name: values.name.trim(),
    basis: values.basis,
    direction: values.direction,
    rounding: values.rounding,
    ranges: values.ranges.map((range) => ({
      from: schemaMoney(range.from, code, locale) as number,
      to: range.to.trim() === '' ? null : schemaMoney(range.to, code, locale),
      sellingPrice: {
        kind: range.sellingKind,
        value: amount(range.sellingKind, range.sellingValue, code, locale) as number,
      },
      ...(range.glassKind === 'unchanged'
        ? {}
        : {
            glassPrice: {
              kind: range.glassKind,
              value: amount(range.glassKind, range.glassValue, code, locale) as number,
            },
          }),
    })),
    ...(values.categoryIds.length > 0 ? { categoryIds: values.categoryIds } : {}),
    ...(values.locationIds.length > 0 ? { locationIds: values.locationIds } : {}),
    raiseOnly: values.raiseOnly,
    ...(values.excludeCategoryIds.length > 0 ? { excludeCategoryIds: values.excludeCategoryIds } : {}),
    ...(values.excludeWineIds.length > 0 ? { excludeWineIds: values.excludeWineIds } : {}),
  };
}

/** A schema (or API) field path as the editor's own: `ranges.0.sellingPrice.value` → `ranges.0.sellingValue`. */
export function formField(path: string): string {
  return path
    .replace(/\.sellingPrice(\.value|\.kind)?$/, (_, part?: string) =>
      part === '.kind' ? '.sellingKind' : '.sellingValue',
    )
    .replace(/\.glassPrice(\.value|\.kind)?$/, (_, part?: string) =>
      part === '.kind' ? '.glassKind' : '.glassValue',
    );
}

/** Field messages keyed by the editor's paths; the editor shows each beside its field. */
export function mapFieldErrors(errors: FieldErrors): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [path, text] of Object.entries(errors)) {
    const field = formField(path);
    if (!mapped[field]) mapped[field] = text;
  }
  return mapped;
}

/**
 * Every broken rule of the values, from the shared schema, at the field it concerns. Overlapping ranges
 * are named at the later range's start; money with more decimals than the currency has at its field.
 */
export function ruleSetErrors(values: RuleSetValues, code: CurrencyCode, locale: Locale): FieldErrors {
  const input = toRuleSetInput(values, code, locale);
  const errors = mapFieldErrors(schemaErrors(PriceRuleSetInput, input));
  if (errors.ranges && input.ranges.length > 0) {
    const readable = input.ranges.every((range) => Number.isFinite(range.from));
    const later = readable ? overlappingRange(input.ranges) : undefined;
    if (later !== undefined) {
      errors[`ranges.${later}.from`] ??= errors.ranges;
      delete errors.ranges;
    }
  }
  values.ranges.forEach((range, index) => {
    const checks: [string, string][] = [
      ['from', range.from],
      ['to', range.to],
    ];
    if (range.sellingKind === 'fixed') checks.push(['sellingValue', range.sellingValue]);
    if (range.glassKind === 'fixed') checks.push(['glassValue', range.glassValue]);
    for (const [field, text] of checks) {
      const decimals = moneyTextError(text, code, locale);
      if (decimals) errors[`ranges.${index}.${field}`] = translateMessage(decimals);
    }
  });
  return errors;
}
