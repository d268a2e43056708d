/**
 * The warm catalogue index of one function instance: loaded from the snapshot on first use (the built
 * index, no build), then kept current by reading the change feed at most every `CATALOG_REFRESH_MS`
 * (1 s by default). Rating changes are applied in place; any other change rebuilds the index from the
 * documents it holds, which are gathered by id only then (a loaded index makes its wines lazily).
 */
import { optionalEnv } from '../platform/env';
import { changesSince, toSearchDoc } from './catalog-store';
import { buildCatalogIndex, type CatalogIndex } from './search/catalog-index';
import type { SearchDoc, SearchDocStats } from './search/types';
import {
  indexOf,
  type LoadedSnapshot,
  readSnapshot,
  refreshSnapshot,
  type SearchSnapshot,
} from './search-snapshot';

interface State {
  index: CatalogIndex;
  /**
   * The wines by id, once a change needs a rebuild or an import asks (`docsOf`); until then the index
   * holds them. When present it is ahead of the index by the changes a rebuild is pending for.
   */
  docs?: Map<string, SearchDoc>;
  lastSeq: string;
  checkedAt: number;
  /** Bumped whenever the set of wines or their catalogue fields change (not for ratings). */
  generation: number;
}

let state: State | undefined;
let loading: Promise<State> | undefined;
let catchingUp: Promise<void> | undefined;

/** How often an instance reads the change feed (`CATALOG_REFRESH_MS`, 0: on every request). */
export function refreshMs(): number {
  return Number(optionalEnv('CATALOG_REFRESH_MS', '1000'));
}

function fromSnapshot(snapshot: SearchSnapshot | LoadedSnapshot, generation = 1): State {
  return {
    index: 'index' in snapshot ? snapshot.index : indexOf(snapshot),
    lastSeq: snapshot.lastSeq,
    checkedAt: 0,
    generation,
  };
}

/** The state's wines by id, gathered from the index the first time. */
function docsOf(current: State): Map<string, SearchDoc> {
  current.docs ??= new Map([...current.index.docs()].map((doc) => [doc.id, doc]));
  return current.docs;
}

async function load(): Promise<State> {
  const loaded = fromSnapshot((await readSnapshot()) ?? (await refreshSnapshot()));
  await catchUp(loaded);
  return loaded;
}

const STAT_KEYS = [
  'expertIds',
  'rating',
  'expertRating',
  'expertCount',
  'communityRating',
  'communityCount',
] as const;

function statsOf(doc: SearchDoc): SearchDocStats {
  return {
    expertIds: doc.expertIds,
    rating: doc.rating,
    expertRating: doc.expertRating,
    expertCount: doc.expertCount,
    communityRating: doc.communityRating,
    communityCount: doc.communityCount,
  };
}

function sameCatalogFields(a: SearchDoc, b: SearchDoc): boolean {
  const strip = (doc: SearchDoc) => {
    const copy: Record<string, unknown> = { ...doc };
    for (const key of STAT_KEYS) delete copy[key];
    return JSON.stringify(copy);
  };
  return strip(a) === strip(b);
}

async function catchUp(current: State): Promise<void> {
  const { wines: changes, more } = await changesSince(current.lastSeq);
  current.checkedAt = Date.now();
  if (more) {
    // A long tail (an import elsewhere): its fresh snapshot is quicker than the feed.
    const snapshot = await readSnapshot();
    if (snapshot && snapshot.lastSeq > current.lastSeq) {
      current.docs = undefined;
      Object.assign(current, fromSnapshot(snapshot, current.generation + 1));
      return catchUp(current);
    }
  }
  if (changes.length === 0) return;
  let rebuild = false;
  for (const wine of changes) {
    if (wine.changeSeq > current.lastSeq) current.lastSeq = wine.changeSeq;
    const old = current.docs ? current.docs.get(wine.id) : current.index.get(wine.id);
    if (wine.status !== 'active') {
      if (old) {
        docsOf(current).delete(wine.id);
        rebuild = true;
      }
      continue;
    }
    const doc = toSearchDoc(wine);
    if (old && sameCatalogFields(old, doc)) {
      current.index.updateStats(wine.id, statsOf(doc));
      current.docs?.set(wine.id, doc);
    } else {
      docsOf(current).set(wine.id, doc);
      rebuild = true;
    }
  }
  if (rebuild) {
    current.index = buildCatalogIndex([...docsOf(current).values()]);
    current.generation++;
  }
}

/** The instance's index, current to within the refresh interval. */
export async function catalogIndex(): Promise<{ index: CatalogIndex; generation: number; revision: string }> {
  if (!state) {
    loading ??= load();
    try {
      state = await loading;
    } finally {
      loading = undefined;
    }
  }
  const current = state;
  if (Date.now() - current.checkedAt >= refreshMs()) {
    catchingUp ??= catchUp(current).finally(() => {
      catchingUp = undefined;
    });
    await catchingUp;
  }
  // `revision` changes with every change the index applies, in place or by a rebuild.
  return {
    index: current.index,
    generation: current.generation,
    revision: `${current.generation}:${current.lastSeq}`,
  };
}

/** The catalogue as the index holds it (current to now), for an import to compare against. */
export async function currentCatalog(): Promise<{ docs: ReadonlyMap<string, SearchDoc>; lastSeq: string }> {
  await catalogIndex();
  const current = state as State;
  if (current.checkedAt < Date.now()) await catchUp(current);
  return { docs: docsOf(current), lastSeq: current.lastSeq };
}

/** Takes a snapshot just written (after an import) as this instance's index. */
export function installSnapshot(snapshot: SearchSnapshot): void {
  state = fromSnapshot(snapshot, (state?.generation ?? 0) + 1);
  state.checkedAt = Date.now();
}

/** Forgets the loaded index (tests that reset the table). */
export function resetCatalogIndex(): void {
  state = undefined;
  loading = undefined;
  catchingUp = undefined;
}
