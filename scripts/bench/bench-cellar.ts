/**
 * What the cellar benches share: the demo restaurant signed in with a caller for its cellar's routes, and
 * a large cellar written straight to the table (each wine with its ADDED entry, as adding it writes).
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { wholeCellarWritten } from '@kork/functions/cellar/kernel/cellar-changes';
import { type CellarWineRecord, historyRecord } from '@kork/functions/cellar/kernel/wine-records';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import type { LoginResult } from '@kork/shared';
import { ulid } from 'ulid';

export type CellarCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * The demo restaurant, signed in: its id, a caller for `/api/wine-cellars/users/{id}…` that throws on an
 * error, and that base address with the signed-in headers for calls that answer something else than JSON.
 */
export async function restaurantCellar(
  base: string,
): Promise<{ ownerId: string; call: CellarCall; cellarBase: string; auth: Record<string, string> }> {
  const headers = { 'x-api-key': 'kork-local-web', 'content-type': 'application/json' };
  await applySeeds([accountsSeed]);
  const login = (await (
    await fetch(`${base}/api/auth/log-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'restaurant@kork.local', password: 'Restaurant1' }),
    })
  ).json()) as { payload: LoginResult };
  const auth = { ...headers, authorization: `Bearer ${login.payload.access_token}` };
  const ownerId = login.payload.user.id;
  const cellarBase = `${base}/api/wine-cellars/users/${ownerId}`;
  const call = callerOf(auth, (path) => `${cellarBase}${path}`);
  return { ownerId, call, cellarBase, auth };
}

/** A caller that sends JSON to `url(path)` and gives the answer's payload, throwing on an error. */
export function callerOf(headers: Record<string, string>, url: (path: string) => string): CellarCall {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(url(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (JSON.parse(text) as { payload: T }).payload;
  };
}

/**
 * A count bench's cellar: `length` custom 75 cl wines of 1 to 12 bottles, spread round-robin over the
 * locations, each bought at `price(i)` minor units without VAT.
 */
export function countSheetWines(
  ownerId: string,
  cellarId: string,
  locationIds: readonly string[],
  length: number,
  price: (i: number) => number,
): CellarWineRecord[] {
  const now = new Date().toISOString();
  return Array.from({ length }, (_, i) => {
    const quantity = 1 + (i % 12);
    return {
      ownerId,
      id: ulid(),
      cellarId,
      source: 'CUSTOM',
      wineName: `Telleflaske ${i + 1}`,
      producerName: `Domaine ${i % 300}`,
      vintage: 1995 + (i % 29),
      bottleSize: 0.75,
      mainCategoryId: 'red',
      placements: { [locationIds[i % locationIds.length] as string]: quantity },
      quantity,
      own: { purchasePriceWovat: price(i) },
      createdAt: now,
      updatedAt: now,
    } as CellarWineRecord;
  });
}

/** Items in batches of 25, a few batches at once, sending again what the table left unprocessed. */
export async function putAll(
  entity: { put(items: object[]): { go(): Promise<{ unprocessed: unknown[] }> } },
  items: readonly object[],
): Promise<void> {
  const batches: object[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++] as object[];
      for (let round = 0; (await entity.put(batch).go()).unprocessed.length > 0; round++)
        if (round > 8) throw new Error('items left unprocessed');
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** The wines and their ADDED entries into the table, then the cellar's version raised once. */
export async function writeCellarWines(ownerId: string, wines: readonly CellarWineRecord[]): Promise<void> {
  const actor = { userId: ownerId, name: 'Bench' };
  await putAll(db().entities.cellarWine, wines);
  await putAll(
    db().entities.cellarHistory,
    wines.map((wine) => historyRecord(wine, 'ADDED', null, wine, actor)),
  );
  await wholeCellarWritten(ownerId);
}
