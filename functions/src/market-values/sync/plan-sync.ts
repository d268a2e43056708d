/**
 * The `market-values` job (daily): every wine held in a paying cellar (Plus or Pro today), its valuation
 * key once however many cellars hold it, less the keys already valued today, sent to the `market-values`
 * queue in messages of `MARKET_VALUE_SYNC_BATCH` keys. Run twice on a day, the second run sends only
 * what the first did not value.
 */
import type { MarketValueSync } from '@kork/queue-messages';
import { MARKET_VALUE_SYNC_BATCH } from '@kork/shared';
import { queue } from '../../adapters/queue';
import { payingUserIds } from '../../billing/plan-service';
import { inventoryOf } from '../../cellar/kernel/wine-reads';
import { keysValuedOn } from '../valuation-writes';
import { type HeldWine, syncKeysOf } from './sync-keys';

/** `MARKET_VALUE_SYNC_BATCH` keys a message unless the environment says fewer (never more). */
export function batchSize(): number {
  const value = Number(process.env.MARKET_VALUE_SYNC_BATCH);
  return Number.isInteger(value) && value > 0
    ? Math.min(value, MARKET_VALUE_SYNC_BATCH)
    : MARKET_VALUE_SYNC_BATCH;
}

/** The day the sync values (UTC). */
export function syncDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The wines held in these accounts' cellars (bottles in stock). */
async function heldWines(ownerIds: readonly string[]): Promise<HeldWine[]> {
  const wines: HeldWine[] = [];
  for (const ownerId of ownerIds) {
    for (const wine of await inventoryOf(ownerId)) {
      if (wine.quantity <= 0) continue;
      wines.push({
        ...(wine.wineId ? { wineId: wine.wineId } : {}),
        wineName: wine.wineName,
        ...(wine.producerName ? { producerName: wine.producerName } : {}),
        vintage: wine.vintage ?? null,
        bottleSize: wine.bottleSize,
        ...(wine.vinmonopoletNumber ? { vinmonopoletNumber: wine.vinmonopoletNumber } : {}),
        externalIds: wine.externalIds,
      });
    }
  }
  return wines;
}

export interface SyncPlan {
  day: string;
  cellars: number;
  keys: number;
  alreadyValued: number;
  messages: number;
}

export async function planSync(now = new Date()): Promise<SyncPlan> {
  const day = syncDay(now);
  const owners = await payingUserIds(now);
  const keys = await syncKeysOf(await heldWines(owners));
  const valued = await keysValuedOn(
    keys.map((k) => k.key),
    day,
  );
  const due = keys.filter((k) => !valued.has(k.key));
  const size = batchSize();
  const messages: MarketValueSync[] = [];
  for (let i = 0; i < due.length; i += size) {
    messages.push({ name: 'market-values.sync', version: 1, day, keys: due.slice(i, i + size) });
  }
  if (messages.length > 0) await queue().send('market-values', messages);
  return {
    day,
    cellars: owners.length,
    keys: keys.length,
    alreadyValued: valued.size,
    messages: messages.length,
  };
}

export async function handler(): Promise<string> {
  const plan = await planSync();
  return `${plan.day}: ${plan.cellars} paying cellar(s), ${plan.keys} wine(s), ${plan.alreadyValued} already valued today, ${plan.messages} message(s) sent`;
}
