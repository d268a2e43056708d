import * as z from 'zod/mini';
import { MAIN_CATEGORIES } from '../catalog';
import { alcoholField, containerField } from '../duties';
import { LIMITS } from '../limits';
import { withBounds } from '../messages';
import {
  crossCheck,
  drinkingWindowYearField,
  idField,
  isStorableNumber,
  listField,
  moneyField,
  numberField,
  percentageField,
  QUANTITY_MAX,
  quantityField as quantityOf,
  textField,
  vintageField,
} from '../schema-primitives';
import { nullableId } from './fields';
import { PRICE_FORMATS } from './wines';

/** What the owner sends to add, change, delete and move cellar wines (SPEC §7 wines service). */

const text = (max: number) => z.optional(textField(max));
/** Optional text that may be cleared with null; `lines` keeps line breaks (notes). */
const nullableText = (max: number, lines = false) => z.optional(z.nullable(textField(max, { lines })));
const money = z.optional(z.nullable(moneyField));
const year = z.optional(z.nullable(drinkingWindowYearField));
const vintage = z.optional(z.nullable(vintageField));
const quantityField = quantityOf(0);
/** A relative change to a wine's bottles: "add 3" or "take 2" (−2), decided on the fresh count. */
const quantityChangeField = z
  .int({ error: (issue) => (issue.input === undefined ? 'required' : 'mustBeWholeNumber') })
  .check(
    z.gte(-QUANTITY_MAX, { error: withBounds('between', { min: -QUANTITY_MAX, max: QUANTITY_MAX }) }),
    z.lte(QUANTITY_MAX, { error: withBounds('between', { min: -QUANTITY_MAX, max: QUANTITY_MAX }) }),
    z.refine((value: number) => value !== 0, { error: 'quantityChangeZero' }),
  );
const bottleSizeField = z
  .number({ error: 'mustBeNumber' })
  .check(
    z.gt(0, { error: withBounds('moreThan', { min: 0 }) }),
    z.lt(LIMITS.bottleSizeBelow, { error: 'bottleSizeTooLarge' }),
    z.refine(isStorableNumber, { error: 'tooManyDecimals' }),
  );
const glassSizeField = z.optional(
  z.nullable(
    z
      .number({ error: 'mustBeNumber' })
      .check(
        z.gt(0, { error: withBounds('moreThan', { min: 0 }) }),
        z.lte(LIMITS.glassSizeMaxCl, { error: 'glassSizeTooLarge' }),
        z.refine(isStorableNumber, { error: 'tooManyDecimals' }),
      ),
  ),
);
/** SPEC §5: POS names have a character limit; Kork uses 40, what receipt printers fit on a line. */
export const POS_NAME_MAX = 40;

/** The largest par level, reorder point and case size the owner may set (docs/reorder.md). */
export const PAR_LEVEL_MAX = 10_000;
export const CASE_SIZE_MAX = 48;
/** `parLevel` / `reorderPoint`: whole bottles 0…PAR_LEVEL_MAX. */
export const parLevelField = numberField(0, PAR_LEVEL_MAX, { int: true });
/** `caseSize`: whole bottles 1…CASE_SIZE_MAX. */
export const caseSizeField = numberField(1, CASE_SIZE_MAX, { int: true });

/** Fields the owner sets on any cellar wine (create and update alike). */
const ownFields = {
  purchaseNote: nullableText(1000, true),
  purchasePriceWovat: money,
  purchasePriceWvat: money,
  sellingPrice: money,
  sellingPriceLocked: z.optional(z.boolean()),
  marketValue: money,
  drinkingWindowFrom: year,
  drinkingWindowTo: year,
  newCategorisation: nullableText(200),
  rating: z.optional(
    z.nullable(
      z
        .number({ error: 'invalidPoints' })
        .check(
          z.gte(50, { error: 'invalidPoints' }),
          z.lte(100, { error: 'invalidPoints' }),
          z.refine(isStorableNumber, { error: 'invalidPoints' }),
        ),
    ),
  ),
  pricePerGlass: money,
  glassSize: glassSizeField,
  privateNote: nullableText(2000, true),
  wineListCategoryId: nullableId,
  customListWineName: nullableText(200),
  customListProducerName: nullableText(200),
  posName: nullableText(POS_NAME_MAX),
  posGlassName: nullableText(POS_NAME_MAX),
  productId: nullableText(100),
  supplier: nullableText(200),
  showBottleSizeInList: z.optional(z.boolean()),
  priceFormat: z.optional(z.enum(PRICE_FORMATS, { error: 'invalidValue' })),
  /** Reordering (docs/reorder.md): bottles to fill up to, the level that calls for an order, a case. */
  parLevel: z.optional(z.nullable(parLevelField)),
  reorderPoint: z.optional(z.nullable(parLevelField)),
  caseSize: z.optional(z.nullable(caseSizeField)),
  /** Percent by volume, for the duties (docs/duties.md); a catalogue wine's own when absent. */
  alcohol: z.optional(z.nullable(alcoholField)),
  /** The container the packaging taxes and deposit go by; from the catalogue's packaging when absent. */
  container: z.optional(z.nullable(containerField)),
};

function windowInOrder(value: { drinkingWindowFrom?: number | null; drinkingWindowTo?: number | null }) {
  const { drinkingWindowFrom: from, drinkingWindowTo: to } = value;
  return from == null || to == null || from <= to;
}

/** A par level under the reorder point given with it would never order anything. */
function parOverReorderPoint(value: { parLevel?: number | null; reorderPoint?: number | null }) {
  const { parLevel, reorderPoint } = value;
  return parLevel == null || reorderPoint == null || parLevel >= reorderPoint;
}

/** A catalogue wine into the cellar: `{wineId, quantity, …}`. */
export const CatalogCellarWineInput = z.object({
  source: z.literal('KORK'),
  wineId: idField,
  quantity: quantityField,
  locationId: nullableId,
  ...ownFields,
});

/** A wine the owner types in: `{source: "CUSTOM", wineName, producerName, vintage, bottleSize, quantity, …}`. */
export const CustomCellarWineInput = z.object({
  source: z.literal('CUSTOM'),
  wineName: textField(200, { min: 1 }),
  producerName: text(200),
  vintage,
  bottleSize: bottleSizeField,
  quantity: quantityField,
  mainCategoryId: z.optional(z.enum(MAIN_CATEGORIES, { error: 'invalidValue' })),
  country: text(100),
  region: text(100),
  grapes: z.optional(
    z
      .array(z.object({ name: textField(100, { min: 1 }), share: z.optional(percentageField) }))
      .check(z.maxLength(30, { error: withBounds('maxItems', { max: 30 }) })),
  ),
  /** Rejected: custom wines cannot have a suggested drinking window (SPEC §5). */
  suggestedDrinkingWindowFrom: z.optional(z.never({ error: 'customWineNoSuggestedWindow' })),
  suggestedDrinkingWindowTo: z.optional(z.never({ error: 'customWineNoSuggestedWindow' })),
  locationId: nullableId,
  ...ownFields,
});

/** `POST …/own-wines`: a catalogue wine or a custom one. */
export const CellarWineInput = z.pipe(
  // A body without `source` names a catalogue wine (`{wineId, quantity}`).
  z.transform((value: unknown) =>
    value && typeof value === 'object' && !('source' in value) ? { ...value, source: 'KORK' } : value,
  ),
  z
    .discriminatedUnion('source', [CustomCellarWineInput, CatalogCellarWineInput], { error: 'invalidValue' })
    .check(
      crossCheck(['drinkingWindowFrom', 'drinkingWindowTo'], windowInOrder, {
        error: 'drinkUntilBeforeFrom',
        path: ['drinkingWindowTo'],
      }),
    ),
);
/** What a client sends: `source` may be left out for a catalogue wine. */
export type CellarWineInput =
  | z.input<typeof CustomCellarWineInput>
  | (Omit<z.input<typeof CatalogCellarWineInput>, 'source'> & { source?: 'KORK' });
export type ParsedCellarWineInput = z.output<typeof CellarWineInput>;

/**
 * `POST …/own-wines` adds one wine a person picked: it comes with at least one bottle ("Must be at least 1").
 * A batch import (`BulkCreateInput`) may carry wines at 0 bottles, as a wine list or price list does.
 */
export const NewCellarWineInput = CellarWineInput.check(
  crossCheck(['quantity'], (value: { quantity: number }) => value.quantity >= 1, {
    error: withBounds('atLeast', { min: 1 }),
    path: ['quantity'],
  }),
);

/** Wines one `bulk_create` call takes; the web client sends larger imports in chunks it can cancel between. */
export const BULK_CREATE_MAX = 500;

export const BulkCreateInput = z.object({
  ownWines: listField(CellarWineInput, BULK_CREATE_MAX, { min: 1 }),
});
export type BulkCreateInput = z.infer<typeof BulkCreateInput>;

/**
 * `PATCH …/own-wines/{id}`: any own field, and for custom wines the wine's own fields. `quantity` sets the
 * total; the difference is taken from or added to `locationId` (default: where most bottles are).
 */
export const CellarWineUpdate = z
  .object({
    ...ownFields,
    quantity: z.optional(quantityField),
    /** Bottles to add (negative: to take) on the count the change meets, exclusive with `quantity`. */
    addQuantity: z.optional(quantityChangeField),
    locationId: nullableId,
    wineName: z.optional(textField(200, { min: 1 })),
    producerName: nullableText(200),
    vintage,
    bottleSize: z.optional(bottleSizeField),
    mainCategoryId: z.optional(z.enum(MAIN_CATEGORIES, { error: 'invalidValue' })),
    country: nullableText(100),
    region: nullableText(100),
  })
  .check(
    crossCheck(['drinkingWindowFrom', 'drinkingWindowTo'], windowInOrder, {
      error: 'drinkUntilBeforeFrom',
      path: ['drinkingWindowTo'],
    }),
    crossCheck(['parLevel', 'reorderPoint'], parOverReorderPoint, {
      error: 'parUnderReorderPoint',
      path: ['parLevel'],
    }),
    crossCheck(
      ['quantity', 'addQuantity'],
      (value) => value.quantity === undefined || value.addQuantity === undefined,
      {
        error: 'changeQuantityOnce',
        path: ['addQuantity'],
      },
    ),
  );
export type CellarWineUpdate = z.infer<typeof CellarWineUpdate>;

/** Wines one delete takes. */
export const DELETE_MAX = 1000;

/** `DELETE …/own-wines?includeId=a,b,c`. */
export const DeleteCellarWinesQuery = z.object({
  includeId: z.pipe(
    z.pipe(
      textField(20_000, { min: 1 }),
      z.transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ),
    listField(idField, DELETE_MAX, { min: 1 }),
  ),
});

/** Moves one `POST …/own-wines/move` takes; each is one transaction with its history. */
export const MOVE_MAX = 50;

/** Move `quantity` bottles of a wine from one location to another (null: Uncategorized). */
export const MoveInput = z.object({
  moves: z
    .array(
      z.object({
        ownWineId: idField,
        fromLocationId: z.nullable(idField),
        toLocationId: z.nullable(idField),
        quantity: quantityOf(1),
      }),
    )
    .check(
      z.minLength(1, { error: 'required' }),
      z.maxLength(MOVE_MAX, { error: withBounds('maxItems', { max: MOVE_MAX }) }),
    ),
});
export type MoveInput = z.infer<typeof MoveInput>;
