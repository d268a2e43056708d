/**
 * Creating, changing and deleting lists, and recording what a download printed. Every write is
 * conditional: a list's changes on the version they were decided on (read again and decided anew when
 * another change came first, so two people adding wines at once both count), its creation on the
 * cellar's list count.
 */
import {
  DEFAULT_WINE_LIST_LAYOUT,
  type Locale,
  type MessageKey,
  type NewWineListInput,
  UNCATEGORIZED,
  WINE_LIST_LIMITS,
  type WineList,
  type WineListDetail,
  type WineListEntry,
  type WineListLayout,
  type WineListPatch,
  withBounds,
} from '@kork/shared';
import { ulid } from 'ulid';
import { deleteImage } from '../accounts/account-images';
import { cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { tables, transaction } from '../data/tables';
import {
  commitTransaction,
  isConditionFailure,
  laterThan,
  retryOnConflict,
  TransactionCanceled,
} from '../data/transactions';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { invalidateListPage } from './list-page-cdn';
import {
  addPublicIndex,
  catalogueIdsOf,
  dropPublicIndex,
  reconcilePublicIndex,
} from './wine-list-public-index';
import { detailOf, winesById } from './wine-list-reads';
import {
  type CategoryView,
  categoryViewOfOwner,
  layoutOf,
  listRecordOf,
  normalLayout,
  type PrintRecord,
  packRecord,
  priceText,
  toWineList,
  type WineListRecord,
} from './wine-list-store';

/** Rounds a change is decided again in while other changes of the same list come first. */
const LIST_WRITE_ATTEMPTS = 40;

const bound = (key: MessageKey, max: number) => withBounds(key, { max }) as MessageKey;

function tooLong(field: string): ValidationError {
  const text = bound('wineListTooLong', WINE_LIST_LIMITS.winesMax);
  return new ValidationError({ [field]: text }, { key: text });
}

function notInCellar(field: string): ValidationError {
  return new ValidationError({ [field]: 'winesNotInCellar' }, { key: 'winesNotInCellar' });
}

/** Unknown cellar wine ids answer 400 (and nothing changes). */
function assertInCellar(
  field: string,
  ids: readonly string[] | undefined,
  known: ReadonlyMap<string, unknown>,
) {
  if (ids?.some((id) => !known.has(id))) throw notInCellar(field);
}

function unique(ids: Iterable<string>): string[] {
  return [...new Set(ids)];
}

/** Keeps the index and answers; the index is brought in step best-effort (reads check lists anyway). */
async function afterWrite(record: WineListRecord, log?: (error: unknown) => void): Promise<void> {
  try {
    await reconcilePublicIndex(record);
  } catch (error) {
    log?.(error);
  }
  await invalidateListPage(record.id);
}

/** `POST …/wine-lists`: a new list, or a copy of another of the owner's lists under a new name. */
/**
 * A new list, empty or a copy of another (its wines and page setup). A list made from nothing prints in
 * `language`, its creator's, until its page setup says otherwise.
 */
export async function createWineList(
  ownerId: string,
  input: NewWineListInput,
  language?: Locale,
): Promise<WineList> {
  const snapshot = await cellarSnapshot(ownerId);
  const wines = winesById(snapshot);
  assertInCellar('ownWineIds', input.ownWineIds, wines);
  let source: WineListRecord | undefined;
  if (input.copyOf) {
    const { data } = await tables('wine-lists')
      .wineList.get({ ownerId, id: input.copyOf })
      .go({ consistent: true });
    if (!data) throw new ValidationError({ copyOf: 'notFound' });
    source = data;
  }
  const ownWineIds = unique(input.ownWineIds ?? source?.ownWineIds ?? []);
  if (ownWineIds.length > WINE_LIST_LIMITS.winesMax) throw tooLong('ownWineIds');
  const layout: WineListLayout = input.layout
    ? normalLayout(input.layout)
    : source
      ? layoutOf(source)
      : { ...DEFAULT_WINE_LIST_LAYOUT };
  if (!layout.language && language && !source) layout.language = language;
  const now = new Date().toISOString();
  const record = {
    ownerId,
    id: ulid(),
    name: input.name,
    isPublic: input.isPublic ?? false,
    ownWineIds,
    layout,
    version: 0,
    createdAt: now,
    updatedAt: now,
  };
  if (record.isPublic) await addPublicIndex(ownerId, record.id, catalogueIdsOf(ownWineIds, wines));
  try {
    await commitTransaction(() =>
      transaction('wine-lists').write(({ wineList, wineListCounter }) => [
        // An upsert (not an update) so the first list's counter carries its `owned` index keys too.
        wineListCounter
          .upsert({ ownerId })
          .add({ count: 1 })
          .where(
            (attr, op) =>
              `${op.notExists(attr.count)} OR ${op.lt(attr.count, WINE_LIST_LIMITS.listsMax as number)}`,
          )
          .commit(),
        wineList.create(record).commit(),
      ]),
    );
  } catch (error) {
    if (error instanceof TransactionCanceled && error.failedConditions.includes(0)) {
      const text = bound('wineListsFull', WINE_LIST_LIMITS.listsMax);
      throw new ValidationError({ name: text }, { key: text });
    }
    throw error;
  }
  if (record.isPublic) await afterWrite(record as WineListRecord);
  return toWineList(record as WineListRecord);
}

/** The chosen wines after a patch, decided on the fresh list. */
function chosenAfter(
  current: readonly string[],
  patch: WineListPatch,
  snapshot: Awaited<ReturnType<typeof cellarSnapshot>>,
  categories: CategoryView,
): string[] {
  const chosen = [...(patch.ownWineIds ?? current)];
  chosen.push(...(patch.addOwnWineIds ?? []));
  if (patch.addCategoryIds && patch.addCategoryIds.length > 0) {
    const ids = categories.withDescendants(patch.addCategoryIds.filter((id) => id !== UNCATEGORIZED));
    const none = patch.addCategoryIds.includes(UNCATEGORIZED);
    for (const wine of snapshot.wines) {
      if (wine.wineListCategoryId ? ids.has(wine.wineListCategoryId) : none) chosen.push(wine.id);
    }
  }
  if (patch.addAllInStock) for (const wine of snapshot.wines) if (wine.quantity > 0) chosen.push(wine.id);
  const removed = new Set(patch.removeOwnWineIds ?? []);
  return unique(chosen).filter((id) => !removed.has(id));
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * `PATCH …/wine-lists/{listId}`: the change decided on a fresh read and written conditional on the
 * list's version; decided again when another change came first, unless the request named the version
 * it expects (then 409 `wineListChanged`).
 */
export async function updateWineList(
  ownerId: string,
  listId: string,
  patch: WineListPatch,
  locale: Locale,
): Promise<WineListDetail> {
  const [snapshot, categories] = await Promise.all([cellarSnapshot(ownerId), categoryViewOfOwner(ownerId)]);
  const wines = winesById(snapshot);
  assertInCellar('ownWineIds', patch.ownWineIds, wines);
  assertInCellar('addOwnWineIds', patch.addOwnWineIds, wines);
  if (patch.addCategoryIds?.some((id) => id !== UNCATEGORIZED && !categories.known.has(id)))
    throw new ValidationError({ addCategoryIds: 'invalidValue' });
  const layout = patch.layout ? normalLayout(patch.layout) : undefined;
  const step = async () => {
    const record = await listRecordOf(ownerId, listId);
    if (patch.expectedVersion !== undefined && record.version !== patch.expectedVersion)
      throw new ListChanged();
    const changes: {
      name?: string;
      isPublic?: boolean;
      layout?: WineListLayout;
      ownWineIds?: string[];
    } = {};
    if (patch.name !== undefined && patch.name !== record.name) changes.name = patch.name;
    if (patch.isPublic !== undefined && patch.isPublic !== record.isPublic) changes.isPublic = patch.isPublic;
    if (layout && JSON.stringify(layout) !== JSON.stringify(layoutOf(record))) changes.layout = layout;
    const chosen = chosenAfter(record.ownWineIds, patch, snapshot, categories);
    if (chosen.length > WINE_LIST_LIMITS.winesMax) throw tooLong('ownWineIds');
    if (!sameIds(chosen, record.ownWineIds)) changes.ownWineIds = chosen;
    if (Object.keys(changes).length === 0) return { record, written: false };
    const after = {
      ...record,
      ...changes,
      version: record.version + 1,
      updatedAt: laterThan(record.updatedAt),
    } as WineListRecord;
    if (after.isPublic) await addPublicIndex(ownerId, listId, catalogueIdsOf(after.ownWineIds, wines));
    try {
      await tables('wine-lists')
        .wineList.patch({ ownerId, id: listId })
        .set({ ...changes, version: after.version, updatedAt: after.updatedAt })
        .where((attr, op) => op.eq(attr.version, record.version))
        .go();
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError();
      throw error;
    }
    return { record: after, written: true };
  };
  let outcome: Awaited<ReturnType<typeof step>>;
  try {
    outcome = await retryOnConflict(step, patch.expectedVersion === undefined ? LIST_WRITE_ATTEMPTS : 1);
  } catch (error) {
    if (
      error instanceof ListChanged ||
      (patch.expectedVersion !== undefined && error instanceof ConflictError)
    )
      throw new ConflictError({ key: 'wineListChanged' });
    throw error;
  }
  if (outcome.written) await afterWrite(outcome.record);
  return detailOf(outcome.record, snapshot, categories, locale);
}

/** The list is not at the version the request expected (not a ConflictError: it is not tried again). */
class ListChanged extends Error {}

/** `DELETE …/wine-lists/{listId}`: the list, its print record, its logo and its index items. */
export async function deleteWineList(ownerId: string, listId: string): Promise<void> {
  const record = await listRecordOf(ownerId, listId);
  try {
    await commitTransaction(() =>
      transaction('wine-lists').write(({ wineList, wineListCounter, wineListPrint }) => [
        wineList
          .delete({ ownerId, id: listId })
          .where((attr, op) => op.exists(attr.id))
          .commit(),
        wineListCounter.update({ ownerId }).subtract({ count: 1 }).commit(),
        wineListPrint.delete({ ownerId, listId }).commit(),
      ]),
    );
  } catch (error) {
    // Deleted by another request meanwhile.
    if (error instanceof TransactionCanceled && error.failedConditions.includes(0)) throw new NotFoundError();
    throw error;
  }
  await deleteImage(record.logo, ownerId);
  await dropPublicIndex(ownerId, listId);
  await invalidateListPage(listId);
}

/**
 * Records what a download printed (the entries it printed, with their printed prices) and when, for
 * "changed since last print". The list must still exist (404 otherwise); its version is not raised, so
 * a download never makes an open editor's next change a conflict.
 */
export async function recordPrint(ownerId: string, listId: string, entries: WineListEntry[]): Promise<void> {
  const record: PrintRecord = {};
  for (const entry of entries) {
    if (!entry.printed) continue;
    record[entry.ownWineId] = {
      price: priceText(entry.printedBottlePrice, entry.printedGlassPrice),
      name: entry.name,
    };
  }
  const printedAt = new Date().toISOString();
  try {
    await commitTransaction(() =>
      transaction('wine-lists').write(({ wineList, wineListPrint }) => [
        wineList.patch({ ownerId, id: listId }).set({ lastPrintedAt: printedAt }).commit(),
        wineListPrint.put({ ownerId, listId, printedAt, record: packRecord(record) }).commit(),
      ]),
    );
  } catch (error) {
    if (error instanceof TransactionCanceled && error.failedConditions.includes(0)) throw new NotFoundError();
    throw error;
  }
}
