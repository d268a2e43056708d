/**
 * Catalogue wines as other domains may read them: one or many by id, or every wine page by page (a
 * seed's walk), as stored; and the facts the duties are worked out from, for many wines in one read.
 */
import { tables } from '../data/tables';

export type { WineRecord } from './catalog-store';
export { allWines, getWine, getWines } from './catalog-store';

/** What the duties on a catalogue wine's bottle go by (docs/duties.md). */
export interface WineDutyFacts {
  /** Percent by volume, when the catalogue knows it. */
  alcohol?: number;
  /** The catalogue's packaging text ("Engangsflasker av glass", "BIB under 4 ltr"). */
  packaging?: string;
}

/** Batch gets of at most 100 keys; what DynamoDB leaves unprocessed is asked for again, a few times. */
const BATCH = 100;
const ROUNDS = 8;

/** Batch reads in flight at once: a 5,000-wine cellar's 50 batches in about 13 rounds. */
const PARALLEL = 4;

async function readBatch(ids: readonly string[], found: Map<string, WineDutyFacts>): Promise<void> {
  let pending = ids.map((id) => ({ id }));
  for (let round = 0; pending.length > 0; round++) {
    if (round >= ROUNDS) throw new Error('Catalogue wines were left unprocessed');
    const { data, unprocessed } = await tables('catalog')
      .wine.get(pending)
      .go({ attributes: ['id', 'alcohol', 'packaging'] });
    for (const wine of data) {
      found.set(wine.id, {
        ...(typeof wine.alcohol === 'number' ? { alcohol: wine.alcohol } : {}),
        ...(wine.packaging ? { packaging: wine.packaging } : {}),
      });
    }
    pending = (unprocessed ?? []) as typeof pending;
  }
}

/**
 * The alcohol and packaging of many catalogue wines in batch reads of only those two fields, a few at a
 * time; unknown ids are left out.
 */
export async function wineDutyFacts(ids: readonly string[]): Promise<Map<string, WineDutyFacts>> {
  const found = new Map<string, WineDutyFacts>();
  const unique = [...new Set(ids)].filter((id) => id.length > 0);
  const batches: string[][] = [];
  for (let i = 0; i < unique.length; i += BATCH) batches.push(unique.slice(i, i + BATCH));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await readBatch(batches[next++] as string[], found);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, batches.length) }, worker));
  return found;
}
