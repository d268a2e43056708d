/**
 * Saved price rule sets (docs/pricing.md): create, read, change, delete, and which one is the cellar's
 * default. The default is one attribute of the cellar's pricing settings, so two sets can never both
 * be it; the same item counts the sets, so a cellar never has more than PRICE_RULE_LIMITS.ruleSetsMax
 * (the count and the set are written in one transaction).
 */
import {
  type MessageKey,
  PRICE_RULE_LIMITS,
  type PriceRuleSet,
  type PriceRuleSetInput,
  type PriceRuleSetUpdate,
  UNCATEGORIZED,
  withBounds,
} from '@kork/shared';
import { ulid } from 'ulid';
import { categoryIdsOf } from '../cellar/categories/category-service';
import { locationIdsOf } from '../cellar/kernel/locations';
import { type EntityRecord, tables, transaction } from '../data/tables';
import { commitTransaction, laterThan, retryOnConflict, TransactionCanceled } from '../data/transactions';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';

export type RuleSetRecord = EntityRecord<'priceRuleSet'>;
type SettingsRecord = EntityRecord<'pricingSettings'>;

export function toRuleSet(record: RuleSetRecord, defaultId: string | undefined): PriceRuleSet {
  return {
    id: record.id,
    name: record.name,
    basis: record.basis as PriceRuleSet['basis'],
    direction: record.direction as PriceRuleSet['direction'],
    rounding: record.rounding as PriceRuleSet['rounding'],
    ranges: record.ranges as PriceRuleSet['ranges'],
    ...(record.categoryIds ? { categoryIds: record.categoryIds as string[] } : {}),
    ...(record.locationIds ? { locationIds: record.locationIds as string[] } : {}),
    raiseOnly: record.raiseOnly === true,
    ...(record.excludeCategoryIds ? { excludeCategoryIds: record.excludeCategoryIds as string[] } : {}),
    ...(record.excludeWineIds ? { excludeWineIds: record.excludeWineIds as string[] } : {}),
    isDefault: record.id === defaultId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

export async function settingsOf(ownerId: string): Promise<SettingsRecord | undefined> {
  const { data } = await tables('pricing').pricingSettings.get({ ownerId }).go({ consistent: true });
  return data ?? undefined;
}

export async function ruleSetRecordOf(ownerId: string, id: string): Promise<RuleSetRecord | undefined> {
  const { data } = await tables('pricing').priceRuleSet.get({ ownerId, id }).go({ consistent: true });
  return data ?? undefined;
}

/** A rule set of this cellar, else 404 (another cellar's id is simply not found in this one). */
export async function ruleSetOf(ownerId: string, id: string): Promise<PriceRuleSet> {
  const [record, settings] = await Promise.all([ruleSetRecordOf(ownerId, id), settingsOf(ownerId)]);
  if (!record) throw new NotFoundError();
  return toRuleSet(record, settings?.defaultRuleSetId);
}

/** The cellar's default rule set, if it has one. */
export async function defaultRuleSetOf(ownerId: string): Promise<PriceRuleSet | undefined> {
  const settings = await settingsOf(ownerId);
  if (!settings?.defaultRuleSetId) return undefined;
  const record = await ruleSetRecordOf(ownerId, settings.defaultRuleSetId);
  return record ? toRuleSet(record, settings.defaultRuleSetId) : undefined;
}

export async function listRuleSets(ownerId: string): Promise<{ rows: PriceRuleSet[]; count: number }> {
  const [{ data }, settings] = await Promise.all([
    tables('pricing').priceRuleSet.query.byOwnerKey({ ownerId }).go({ pages: 'all', consistent: true }),
    settingsOf(ownerId),
  ]);
  const rows = data.map((record) => toRuleSet(record, settings?.defaultRuleSetId));
  return { rows, count: rows.length };
}

/** Filters must name this cellar's categories and locations (`uncategorized` always does): else 400. */
async function checkFilters(
  ownerId: string,
  input: {
    categoryIds?: string[] | null;
    locationIds?: string[] | null;
    excludeCategoryIds?: string[] | null;
  },
): Promise<void> {
  const [categories, locations] = await Promise.all([
    input.categoryIds?.length || input.excludeCategoryIds?.length ? categoryIdsOf(ownerId) : undefined,
    input.locationIds?.length ? locationIdsOf(ownerId) : undefined,
  ]);
  const fields: Record<string, MessageKey> = {};
  const unknown = (known: Set<string> | undefined, ids: string[] | null | undefined) =>
    (ids ?? []).findIndex((id) => id !== UNCATEGORIZED && !known?.has(id));
  const category = unknown(categories, input.categoryIds);
  if (category >= 0) fields[`categoryIds.${category}`] = 'unknownCategory';
  const location = unknown(locations, input.locationIds);
  if (location >= 0) fields[`locationIds.${location}`] = 'unknownLocation';
  const excluded = unknown(categories, input.excludeCategoryIds);
  if (excluded >= 0) fields[`excludeCategoryIds.${excluded}`] = 'unknownCategory';
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

const full = () => withBounds('ruleSetsFull', { max: PRICE_RULE_LIMITS.ruleSetsMax }) as MessageKey;
const distinct = (ids: readonly string[]) => [...new Set(ids)];

/** `POST …/price-rules`: 400 `ruleSetsFull` past the limit; `isDefault` makes it the default. */
export async function createRuleSet(ownerId: string, input: PriceRuleSetInput): Promise<PriceRuleSet> {
  await checkFilters(ownerId, input);
  const now = new Date().toISOString();
  const record: RuleSetRecord = {
    ownerId,
    id: ulid(),
    name: input.name,
    basis: input.basis,
    direction: input.direction,
    rounding: input.rounding,
    ranges: input.ranges,
    ...(input.categoryIds?.length ? { categoryIds: distinct(input.categoryIds) } : {}),
    ...(input.locationIds?.length ? { locationIds: distinct(input.locationIds) } : {}),
    ...(input.raiseOnly ? { raiseOnly: true } : {}),
    ...(input.excludeCategoryIds?.length ? { excludeCategoryIds: distinct(input.excludeCategoryIds) } : {}),
    ...(input.excludeWineIds?.length ? { excludeWineIds: distinct(input.excludeWineIds) } : {}),
    createdAt: now,
    updatedAt: now,
  };
  try {
    await commitTransaction(() =>
      transaction('pricing').write(({ priceRuleSet, pricingSettings }) => [
        // An upsert so the first set's settings item carries its `owned` index keys too.
        pricingSettings
          .upsert({ ownerId, updatedAt: now, ...(input.isDefault ? { defaultRuleSetId: record.id } : {}) })
          .add({ ruleSetCount: 1 })
          .where(
            (attr, op) =>
              `${op.notExists(attr.ruleSetCount)} OR ${op.lt(attr.ruleSetCount, PRICE_RULE_LIMITS.ruleSetsMax as number)}`,
          )
          .commit(),
        priceRuleSet.create(record).commit(),
      ]),
    );
  } catch (error) {
    if (error instanceof TransactionCanceled && error.failedConditions.includes(0))
      throw new ValidationError({ name: full() }, { key: full() });
    throw error;
  }
  return toRuleSet(record, input.isDefault ? record.id : undefined);
}

/**
 * `PATCH …/price-rules/{ruleSetId}`: decided on a fresh read, written conditional on the set's
 * `updatedAt` (decided again when another change came first). `isDefault: true` makes it the default,
 * `false` clears the default when it is this set.
 */
export async function updateRuleSet(
  ownerId: string,
  id: string,
  patch: PriceRuleSetUpdate,
): Promise<PriceRuleSet> {
  await checkFilters(ownerId, patch);
  return retryOnConflict(async () => {
    const [before, settings] = await Promise.all([ruleSetRecordOf(ownerId, id), settingsOf(ownerId)]);
    if (!before) throw new NotFoundError();
    const after: Record<string, unknown> = { ...before, updatedAt: laterThan(before.updatedAt) };
    for (const field of ['name', 'basis', 'direction', 'rounding', 'ranges'] as const)
      if (patch[field] !== undefined) after[field] = patch[field];
    if (patch.raiseOnly === true) after.raiseOnly = true;
    else if (patch.raiseOnly === false) delete after.raiseOnly;
    for (const field of ['categoryIds', 'locationIds', 'excludeCategoryIds', 'excludeWineIds'] as const) {
      const ids = patch[field];
      if (ids === undefined) continue;
      if (ids === null || ids.length === 0) delete after[field];
      else after[field] = distinct(ids);
    }
    const wasDefault = settings?.defaultRuleSetId === id;
    const isDefault = patch.isDefault ?? wasDefault;
    const now = new Date().toISOString();
    await commitTransaction(() =>
      transaction('pricing').write(({ priceRuleSet, pricingSettings }) => [
        priceRuleSet
          .put(after as RuleSetRecord)
          .where((attr, op) => op.eq(attr.updatedAt, before.updatedAt))
          .commit(),
        ...(isDefault && !wasDefault
          ? [pricingSettings.upsert({ ownerId, updatedAt: now, defaultRuleSetId: id }).commit()]
          : []),
        ...(!isDefault && wasDefault
          ? [
              pricingSettings
                .patch({ ownerId })
                .set({ updatedAt: now })
                .remove(['defaultRuleSetId'])
                .where((attr, op) => op.eq(attr.defaultRuleSetId, id))
                .commit(),
            ]
          : []),
      ]),
    );
    return toRuleSet(after as RuleSetRecord, isDefault ? id : undefined);
  }).catch((error) => {
    if (error instanceof ConflictError) throw new ConflictError();
    throw error;
  });
}

/** `DELETE …/price-rules/{ruleSetId}`: the default is cleared with it. */
export async function deleteRuleSet(ownerId: string, id: string): Promise<void> {
  await retryOnConflict(async () => {
    const settings = await settingsOf(ownerId);
    const wasDefault = settings?.defaultRuleSetId === id;
    const now = new Date().toISOString();
    try {
      await commitTransaction(() =>
        transaction('pricing').write(({ priceRuleSet, pricingSettings }) => [
          priceRuleSet
            .delete({ ownerId, id })
            .where((attr, op) => op.exists(attr.id))
            .commit(),
          wasDefault
            ? pricingSettings
                .patch({ ownerId })
                .set({ updatedAt: now })
                .subtract({ ruleSetCount: 1 })
                .remove(['defaultRuleSetId'])
                .where((attr, op) => op.eq(attr.defaultRuleSetId, id))
                .commit()
            : pricingSettings
                .patch({ ownerId })
                .set({ updatedAt: now })
                .subtract({ ruleSetCount: 1 })
                .where(
                  (attr, op) =>
                    `${op.notExists(attr.defaultRuleSetId)} OR ${op.ne(attr.defaultRuleSetId, id)}`,
                )
                .commit(),
        ]),
      );
    } catch (error) {
      if (error instanceof TransactionCanceled && error.failedConditions.includes(0))
        throw new NotFoundError();
      throw error;
    }
  });
}
