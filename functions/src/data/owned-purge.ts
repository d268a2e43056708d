/**
 * Removing what an account owns, for a domain that purges its own entities when the account is deleted
 * (account-deletion/purge.ts): each entity's items are read from the `owned` collection (gsi3) a page
 * at a time and deleted 25 to a BatchWriteItem, until none is left or the time given runs out.
 * Deleting an item twice is harmless, so an interrupted purge simply starts the entity again.
 */
import { allEntities, db } from './entities';

export type EntityName = keyof typeof allEntities;

/** The most items one BatchWriteItem may delete. */
export const BATCH_WRITE_MAX = 25;
const PAGE_SIZE = 100;
const UNPROCESSED_RETRIES = 8;

interface Deletable {
  query: Record<string, (key: { ownerId: string }) => { go(o: object): Promise<Page> }>;
  delete(items: Record<string, unknown>[]): { go(): Promise<{ unprocessed?: unknown[] }> };
}
interface Page {
  data: Record<string, unknown>[];
  cursor: string | null;
}

/** The entities that join the `owned` collection, with the name of the index that does. */
export function ownedEntityIndexes(): Map<EntityName, string> {
  const out = new Map<EntityName, string>();
  for (const [name, schema] of Object.entries(allEntities)) {
    for (const [index, def] of Object.entries(schema.indexes as Record<string, { collection?: unknown }>)) {
      const collections = Array.isArray(def.collection) ? def.collection : [def.collection];
      if (collections.includes('owned')) out.set(name as EntityName, index);
    }
  }
  return out;
}

/**
 * How many items of one entity the owner has, read from its part of the `owned` collection only (never
 * the whole collection: a restaurant's year of sales would be read to count its wine lists).
 */
export async function countOwned(ownerId: string, entity: EntityName): Promise<number> {
  const index = ownedEntityIndexes().get(entity);
  if (!index) throw new Error(`${entity} is not in the owned collection`);
  const query = (db().entities as unknown as Record<string, Deletable>)[entity]?.query[index];
  if (!query) throw new Error(`${entity} has no index ${index}`);
  const { data } = await query({ ownerId }).go({ pages: 'all', attributes: ['ownerId'] });
  return data.length;
}

/**
 * What an owner has in the `owned` collection, by entity: the first `limit` items, or every page.
 * The account deletion reads it to see what is left and to find the account's own last items.
 */
export async function ownedItems(
  ownerId: string,
  read: { limit: number } | { pages: 'all' },
): Promise<Record<string, Record<string, unknown>[]>> {
  // Without ElectroDB's filter on each member's entity name and version: with every domain's entities in
  // the collection it passes DynamoDB's 4 KB limit on a filter expression. Only the collection's members
  // write `owned` keys on gsi3, and ElectroDB still sorts each item to its entity by those attributes.
  const { data } = await db()
    .collections.owned({ ownerId })
    .go({ ...read, ignoreOwnership: true });
  return data as unknown as Record<string, Record<string, unknown>[]>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Deletes every item of `entities` that `ownerId` owns, 25 at a time; answers false when `deadline`
 * (epoch ms) came first and some may be left.
 */
export async function purgeOwned(
  ownerId: string,
  entities: readonly EntityName[],
  deadline: number,
): Promise<boolean> {
  const indexes = ownedEntityIndexes();
  for (const name of entities) {
    const index = indexes.get(name);
    if (!index) throw new Error(`${name} is not in the owned collection`);
    const entity = (db().entities as unknown as Record<string, Deletable>)[name] as Deletable;
    const query = entity.query[index];
    if (!query) throw new Error(`${name} has no index ${index}`);
    let cursor: string | null = null;
    do {
      if (Date.now() >= deadline) return false;
      const page: Page = await query({ ownerId }).go({ limit: PAGE_SIZE, cursor });
      for (let i = 0; i < page.data.length; i += BATCH_WRITE_MAX) {
        await deleteBatch(entity, page.data.slice(i, i + BATCH_WRITE_MAX));
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return true;
}

/** One BatchWriteItem of at most 25 deletes, sending again what DynamoDB left unprocessed. */
async function deleteBatch(entity: Deletable, items: Record<string, unknown>[]): Promise<void> {
  let left = items;
  for (let attempt = 0; left.length > 0; attempt++) {
    if (attempt > UNPROCESSED_RETRIES) throw new Error(`${left.length} deletes stayed unprocessed`);
    if (attempt > 0) await sleep(50 * 2 ** attempt);
    const { unprocessed = [] } = await entity.delete(left).go();
    left = unprocessed as Record<string, unknown>[];
  }
}
