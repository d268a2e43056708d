/**
 * The catalogue in the table: load wines, upsert an import, read the change feed. The search index is
 * built from what this module reads; nothing here knows about Lambda or HTTP.
 */
import { createHash } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Wine, WineRatings } from '@kork/shared';
import { monotonicFactory } from 'ulid';
import { type EntityRecord, tables } from '../data/tables';
import { documentClient } from '../platform/dynamo';
import { env } from '../platform/env';
import type { ImportedWine } from './load/map-row';
import type { SearchDoc } from './search/types';

export type WineRecord = EntityRecord<'wine'>;

const nextUlid = monotonicFactory();

/** A unique, time-ordered stamp for the change feed. */
export function nextChangeSeq(now = new Date()): string {
  return `${now.toISOString()}#${nextUlid(now.getTime())}`;
}

export function newWineId(): string {
  return nextUlid();
}

function average(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

export function ratingsOf(
  wine: Pick<WineRecord, 'expertSum' | 'expertCount' | 'communitySum' | 'communityCount'>,
): WineRatings {
  const expertRating = average(wine.expertSum ?? 0, wine.expertCount ?? 0);
  const communityRating = average(wine.communitySum ?? 0, wine.communityCount ?? 0);
  return {
    rating: expertRating ?? communityRating,
    expertRating,
    expertCount: wine.expertCount ?? 0,
    communityRating,
    communityCount: wine.communityCount ?? 0,
  };
}

/** What the search index keeps of a wine. */
export function toSearchDoc(wine: WineRecord): SearchDoc {
  return {
    id: wine.id,
    name: wine.name,
    producer: wine.producer,
    vintage: wine.vintage ?? null,
    bottleSize: wine.bottleSize,
    mainCategoryId: wine.mainCategoryId,
    style: wine.style,
    country: wine.country,
    region: wine.region,
    subRegion: wine.subRegion,
    grapes: (wine.grapes ?? []).map((g) => g.name),
    food: wine.foodPairings ?? [],
    storeCategory: wine.storeCategory,
    priceMinor: wine.priceMinor,
    isAvailable: wine.isAvailable,
    isHorecaAvailable: wine.isHorecaAvailable,
    wholesaler: wine.wholesaler,
    imageUrl: wine.imageUrl,
    expertIds: [...(wine.expertIds ?? [])].sort(),
    ...ratingsOf(wine),
    createdAt: wine.createdAt,
    numbers: (wine.externalIds ?? []).filter((e) => e.kind === 'VinmonopoletID').map((e) => e.value),
    ...vecturaIdsOf(wine),
    contentHash: wine.contentHash,
  };
}

/** Only a wine with a Vectura id carries the field: the snapshot stays as small as it was. */
function vecturaIdsOf(wine: WineRecord): Pick<SearchDoc, 'vecturaIds'> {
  const ids = (wine.externalIds ?? []).filter((e) => e.kind === 'VecturaID').map((e) => e.value);
  return ids.length > 0 ? { vecturaIds: ids } : {};
}

/** The catalogue fields of a record, as the public API shows them. */
export function toWine(record: WineRecord): Wine {
  const {
    status: _status,
    mergedInto: _merged,
    expertCount: _ec,
    expertSum: _es,
    communityCount: _cc,
    communitySum: _cs,
    expertIds: _ei,
    contentHash: _h,
    createdAt: _c,
    updatedAt: _u,
    changeSeq: _s,
    ...wine
  } = record;
  return { ...wine, vintage: wine.vintage ?? null } as Wine;
}

export async function getWine(id: string): Promise<WineRecord | undefined> {
  const { data } = await tables('catalog').wine.get({ id }).go();
  return data ?? undefined;
}

/** Wines by id in one or more batch reads; missing ids are left out. */
export async function getWines(ids: readonly string[]): Promise<Map<string, WineRecord>> {
  const found = new Map<string, WineRecord>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    const { data } = await tables('catalog')
      .wine.get(unique.slice(i, i + 100).map((id) => ({ id })))
      .go();
    for (const wine of data) found.set(wine.id, wine);
  }
  return found;
}

/** Every wine in change order, page by page (the snapshot build). */
export async function* allWines(): AsyncGenerator<WineRecord[]> {
  let cursor: string | null = null;
  do {
    const page: { data: WineRecord[]; cursor: string | null } = await tables('catalog')
      .wine.query.byChange({})
      .go({ cursor, limit: 1000 });
    yield page.data;
    cursor = page.cursor;
  } while (cursor);
}

/** Wines changed after `seq`, oldest first; at most `limit` (then `more` says the tail is longer). */
export async function changesSince(
  seq: string,
  limit = 2000,
): Promise<{ wines: WineRecord[]; more: boolean }> {
  const wines: WineRecord[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: WineRecord[]; cursor: string | null } = await tables('catalog')
      .wine.query.byChange({})
      .gt({ changeSeq: seq })
      .go({ cursor, limit: limit - wines.length });
    wines.push(...page.data);
    cursor = page.cursor;
  } while (cursor && wines.length < limit);
  return { wines, more: Boolean(cursor) };
}

export function contentHash(wine: ImportedWine): string {
  const sorted = Object.fromEntries(Object.entries(wine).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha1').update(JSON.stringify(sorted)).digest('base64url');
}

export interface UpsertSummary {
  created: number;
  updated: number;
  unchanged: number;
  priceChanges: number;
}

/** Runs `run` over `items` with at most `limit` at a time. */
async function inParallel<T>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  });
  await Promise.all(workers);
}

/** Writes items in batches of 25, `WRITE_CONCURRENCY` batches at a time. */
async function putAll<E extends { put(items: object[]): { go(): Promise<{ unprocessed: unknown[] }> } }>(
  entity: E,
  items: object[],
): Promise<void> {
  const batches: object[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  await inParallel(batches, WRITE_CONCURRENCY, async (batch) => {
    const { unprocessed } = await entity.put(batch).go();
    if (unprocessed.length > 0) throw new Error(`${unprocessed.length} items were not written`);
  });
}

const WRITE_CONCURRENCY = 16;
const TRANSACTION_CONCURRENCY = 4;

/**
 * The table item ElectroDB would write for a wine (a unit test holds the two equal). A bulk import
 * builds items this way because ElectroDB's per-item validation costs ~0.7 ms a wine, a third of an
 * import's time.
 */
export function wineItem(wine: WineRecord): Record<string, unknown> {
  const item: Record<string, unknown> = {
    isAvailable: true,
    isHorecaAvailable: false,
    expertCount: 0,
    expertSum: 0,
    communityCount: 0,
    communitySum: 0,
    externalIds: [],
    grapes: [],
    foodPairings: [],
  };
  for (const [key, value] of Object.entries(wine))
    if (value !== undefined && value !== null) item[key] = value;
  const experts = wine.expertIds ?? [];
  if (experts.length > 0) item.expertIds = new Set(experts);
  else delete item.expertIds;
  item.pk = `$kork#id_${wine.id.toLowerCase()}`;
  item.sk = '$wine_1';
  item.gsi2pk = '$kork';
  item.gsi2sk = `$wine_1#changeseq_${wine.changeSeq.toLowerCase()}`;
  item.__edb_e__ = 'wine';
  item.__edb_v__ = '1';
  return item;
}

/**
 * Writes raw items 100 to a transaction, a few transactions at a time. One request per 100 items: on
 * DynamoDB Local's disk store each request is a commit, so this is about four times faster than
 * 25-item batches (and costs two write units an item in the cloud, which an import can afford).
 */
async function writeItems(items: Record<string, unknown>[]): Promise<void> {
  const table = env.tableName();
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 100) chunks.push(items.slice(i, i + 100));
  await inParallel(chunks, TRANSACTION_CONCURRENCY, async (chunk) => {
    const command = new TransactWriteCommand({
      TransactItems: chunk.map((Item) => ({ Put: { TableName: table, Item } })),
    });
    for (let attempt = 0; ; attempt++) {
      try {
        await documentClient().send(command);
        return;
      } catch (error) {
        // A tasting note written to one of these wines at the same moment: try again.
        const name = (error as { name?: string }).name;
        if (
          attempt >= 5 ||
          (name !== 'TransactionCanceledException' && name !== 'TransactionConflictException')
        )
          throw error;
        await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }
  });
}

/**
 * An import's writes carry change stamps that all sort before `snapshotSeq`, so the snapshot written at
 * its end holds them and the change feed after it holds only what others wrote meanwhile.
 */
export class ImportStamp {
  readonly startedAt = new Date();
  readonly prefix = this.startedAt.toISOString();
  /** Sorts after every stamp of this import (`~` is after every ULID character). */
  readonly snapshotSeq = `${this.prefix}#~`;
  next(): string {
    return `${this.prefix}#${nextUlid(this.startedAt.getTime())}`;
  }
}

/**
 * Upserts catalogue wines by their Vinmonopolet number, against `known` (number → the current search
 * document, from the index): new numbers become new wines, changed rows rewrite the wine (keeping its
 * id, ratings and creation time), a changed price is recorded, unchanged rows cost nothing. Deleted and
 * merged wines are left alone. Answers the written wines' records.
 */
export async function upsertCatalogWines(
  wines: readonly ImportedWine[],
  known: ReadonlyMap<string, SearchDoc>,
  stamp: ImportStamp,
): Promise<{ summary: UpsertSummary; written: WineRecord[] }> {
  const summary: UpsertSummary = { created: 0, updated: 0, unchanged: 0, priceChanges: 0 };
  const changedIds = new Set<string>();
  for (const wine of wines) {
    const doc = known.get(wine.vinmonopoletNumber ?? '');
    if (doc && doc.contentHash !== contentHash(wine)) changedIds.add(doc.id);
  }
  const current = await getWines([...changedIds]);
  const wineItems: WineRecord[] = [];
  const priceItems: object[] = [];
  const now = stamp.startedAt.toISOString();
  for (const wine of wines) {
    const number = wine.vinmonopoletNumber;
    if (!number) continue;
    const hash = contentHash(wine);
    const doc = known.get(number);
    if (doc) {
      const record = current.get(doc.id);
      // A number a merge moved onto its survivor keeps the survivor's own row; deleted wines stay deleted.
      if (
        doc.contentHash === hash ||
        !record ||
        record.status !== 'active' ||
        record.vinmonopoletNumber !== number
      ) {
        summary.unchanged++;
        continue;
      }
      if (record.priceMinor !== wine.priceMinor) {
        summary.priceChanges++;
        priceItems.push({
          wineId: record.id,
          changedAt: now,
          currency: wine.priceCurrency ?? record.priceCurrency ?? 'NOK',
          oldMinor: record.priceMinor,
          newMinor: wine.priceMinor,
        });
      }
      summary.updated++;
      wineItems.push({
        ...(wine as WineRecord),
        vintage: wine.vintage ?? undefined,
        id: record.id,
        status: 'active',
        externalIds: record.externalIds,
        expertCount: record.expertCount,
        expertSum: record.expertSum,
        communityCount: record.communityCount,
        communitySum: record.communitySum,
        expertIds: record.expertIds,
        imageUrl: wine.imageUrl ?? record.imageUrl,
        contentHash: hash,
        createdAt: record.createdAt,
        updatedAt: now,
        changeSeq: stamp.next(),
      });
      continue;
    }
    summary.created++;
    wineItems.push({
      ...(wine as WineRecord),
      vintage: wine.vintage ?? undefined,
      id: newWineId(),
      status: 'active',
      expertCount: 0,
      expertSum: 0,
      communityCount: 0,
      communitySum: 0,
      contentHash: hash,
      createdAt: now,
      updatedAt: now,
      changeSeq: stamp.next(),
    });
  }
  await writeItems(wineItems.map(wineItem));
  await putAll(tables('catalog').winePriceChange, priceItems);
  return { summary, written: wineItems };
}
