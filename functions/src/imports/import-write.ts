/**
 * The write step of a batch import (docs/imports.md): the confirmed lines, in file order, into the
 * cellar. Each transaction of wines carries the job's guard, an update conditional on the job still
 * importing and on `writtenThrough` being where the transaction starts, which moves it past the lines
 * written. A cancel stops the write between transactions with every wine written whole; a redelivered
 * step starts after the last line written. A line the cellar does not take (a value out of bounds, a
 * wine gone from the catalogue) is marked with the reason, stored before the write moves past it, and
 * left out; the others are written. Purchase prices given without duties get each line's duties added
 * first (`import-duties.ts`); a line whose duties are unknown is refused the same way.
 *
 * The lines learn their wines (`ownWineId`) after the transactions. A step that ended in between left
 * lines at or before `writtenThrough` without their wine: the next delivery finds those wines in the
 * cellar first (`writtenWines`), so the outcome counts and links every line written.
 */
import {
  CellarWineInput,
  foldText,
  type ImportCounts,
  type ImportLine,
  lineExternalIds,
  type MessageKey,
  type ParsedWineLine,
} from '@kork/shared';
import { accountPrincipal } from '../accounts/account-lookup';
import { cellarOf } from '../cellar/cellar-service';
import { locationsOf } from '../cellar/kernel/locations';
import { inventoryOf } from '../cellar/kernel/wine-reads';
import type { CellarWineRecord } from '../cellar/kernel/wine-records';
import { rowsInCellar } from '../cellar/wines/cellar-wine-adds';
import {
  type ImportGuard,
  ImportGuardFailed,
  type ImportItem,
  ImportItemsRefused,
  importOwnWines,
} from '../cellar/wines/cellar-wine-imports';
import { writeItems } from '../data/tables';
import type { Principal } from '../platform/auth';
import { NotFoundError } from '../platform/errors';
import { withImportDuties } from './import-duties';
import type { StepContext } from './import-pipeline';
import {
  countLines,
  currentJob,
  type ImportJobRecord,
  isSkipped,
  linesOf,
  putLines,
  toImportJob,
  updateJob,
} from './import-store';

/** A bottle's size when the line does not say (litres). */
const DEFAULT_BOTTLE_SIZE = 0.75;

/** The owner as the write's principal: history entries name the owner, as when they add wines by hand. */
async function ownerPrincipal(ownerId: string): Promise<Principal> {
  const principal = await accountPrincipal(ownerId);
  if (!principal) throw new NotFoundError();
  return principal;
}

type Built = { item: ImportItem } | { error: NonNullable<ImportLine['error']> } | { existing: string };

/** The cellar's own fields a line brings, whichever wine it becomes. */
function ownFieldsOf(parsed: ParsedWineLine, locationId: string | undefined) {
  const note = [parsed.note, locationId ? undefined : parsed.location].filter(Boolean).join(' · ');
  return {
    quantity: parsed.quantity ?? 0,
    purchasePriceWvat: parsed.purchasePriceWvat,
    purchasePriceWovat: parsed.purchasePriceWovat,
    sellingPrice: parsed.sellingPrice,
    rating: parsed.rating,
    drinkingWindowFrom: parsed.drinkFrom,
    drinkingWindowTo: parsed.drinkTo,
    purchaseNote: note || undefined,
    locationId,
  };
}

/**
 * What a line becomes: a catalogue wine (SCAN_MATCHING_KORK), a wine typed as the line has it
 * (SCAN_MATCHING_CUSTOM; a line without a quantity is written with 0 bottles, as a wine list is), or
 * bottles added to the duplicate in the cellar. Checked with the cellar's own input rules.
 */
export function itemOf(line: ImportLine, locations: ReadonlyMap<string, string>): Built {
  const { parsed } = line;
  const locationId = parsed.location ? locations.get(foldText(parsed.location).trim()) : undefined;
  if (line.duplicate && line.onDuplicate === 'add') {
    const quantity = parsed.quantity ?? 0;
    if (quantity === 0) return { existing: line.duplicate.ownWineId };
    return { item: { kind: 'addTo', ownWineId: line.duplicate.ownWineId, quantity, locationId } };
  }
  const own = ownFieldsOf(parsed, locationId);
  // A duplicate added as new is a wine of its own: kept as the line has it.
  const catalog = line.choice.kind === 'catalog' && !line.duplicate ? line.choice : undefined;
  const input = catalog
    ? { source: 'KORK', wineId: catalog.wineId, ...own }
    : {
        source: 'CUSTOM',
        wineName: parsed.wineName,
        producerName: parsed.producer,
        vintage: parsed.vintage ?? undefined,
        bottleSize: parsed.bottleSize ?? DEFAULT_BOTTLE_SIZE,
        mainCategoryId: parsed.mainCategoryId,
        country: parsed.country,
        region: parsed.region,
        grapes: parsed.grapes?.map((name) => ({ name })),
        ...own,
      };
  const checked = CellarWineInput.safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return {
      error: {
        code: (issue?.message ?? 'invalidValue') as MessageKey,
        field: issue?.path.join('.') || undefined,
      },
    };
  }
  return { item: { kind: 'new', input: checked.data, externalIds: lineExternalIds(parsed) } };
}

/** The cellar's locations by folded name (the first of a name wins). */
async function locationsByName(ownerId: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const location of await locationsOf(ownerId)) {
    if (location.deleting) continue;
    const key = foldText(location.name).trim();
    if (key && !found.has(key)) found.set(key, location.id);
  }
  return found;
}

/**
 * The guard of the transaction writing `items[first..last]`: it starts where the one before ended
 * (`writtenThrough` of the line before, or where this run started) and moves past its last line, with
 * the count of lines imported. Pure in its slice, so a transaction built again sends the same guard.
 */
function guardOf(
  job: ImportJobRecord,
  lineIndexes: readonly number[],
  start: number,
  counts: ImportCounts,
  total: number,
): ImportGuard {
  return ({ first, last }) => {
    const { importJob } = writeItems('imports');
    const imported = counts.imported + last + 1;
    const previous = first === 0 ? start : (lineIndexes[first - 1] as number);
    return [
      importJob
        .patch({ ownerId: job.ownerId, id: job.id })
        .set({
          writtenThrough: lineIndexes[last] as number,
          counts: { ...counts, imported },
          progress: { step: 'importing', done: imported, total },
          updatedAt: new Date().toISOString(),
        })
        .where((attr, op) => `${op.eq(attr.status, 'importing')} AND ${op.eq(attr.writtenThrough, previous)}`)
        .commit(),
    ];
  };
}

/** A line the write would take: confirmed, decided and not skipped, not written and not refused. */
const toWrite = (line: ImportLine) =>
  line.confirmed && !isSkipped(line) && line.choice.kind !== 'undecided' && !line.ownWineId && !line.error;

/** The custom wine a line's item made, as the cellar keeps it (cellar-wine-adds' `newRecords`). */
function madeOf(record: CellarWineRecord, input: Extract<ImportItem, { kind: 'new' }>['input']): boolean {
  if (input.source !== 'CUSTOM') return false;
  return (
    record.wineName === input.wineName &&
    (record.producerName ?? '') === (input.producerName?.trim() ?? '') &&
    (record.vintage ?? null) === (input.vintage ?? null) &&
    record.bottleSize === input.bottleSize
  );
}

/**
 * The wines of lines written by an earlier delivery that ended before storing them (`gap`: lines at or
 * before `writtenThrough` the write would take; a refused line's error is stored before the write moves
 * past it, so each of them was written). A duplicate's bottles went to the duplicate; a catalogue wine
 * to its row in the cellar; a custom line made a wine of its own (SCAN_MATCHING_CUSTOM, since the job was
 * made, no other line's): the one of the line's name, producer, vintage and size, the one with the line's
 * bottles first. A wine removed since is not found and its line stays without one.
 */
async function writtenWines(
  job: ImportJobRecord,
  lines: readonly ImportLine[],
  gap: readonly ImportLine[],
  locations: ReadonlyMap<string, string>,
): Promise<ImportLine[]> {
  const items = gap.map((line) => ({ line, built: itemOf(line, locations) }));
  const catalogIds = items.flatMap(({ built }) =>
    'item' in built && built.item.kind === 'new' && built.item.input.source === 'KORK'
      ? [built.item.input.wineId]
      : [],
  );
  const rows = await rowsInCellar(job.ownerId, catalogIds);
  const needsCustom = items.some(
    ({ built }) => 'item' in built && built.item.kind === 'new' && built.item.input.source === 'CUSTOM',
  );
  const taken = new Set(lines.flatMap((line) => [line.ownWineId, line.duplicate?.ownWineId]));
  const made = needsCustom
    ? (await inventoryOf(job.ownerId))
        .filter(
          (w) => w.source === 'SCAN_MATCHING_CUSTOM' && w.createdAt >= job.createdAt && !taken.has(w.id),
        )
        .sort((a, b) =>
          a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1,
        )
    : [];
  const found: ImportLine[] = [];
  for (const { line, built } of items) {
    const item = 'item' in built ? built.item : undefined;
    let ownWineId: string | undefined;
    if ('existing' in built) ownWineId = built.existing;
    else if (item?.kind === 'addTo') ownWineId = item.ownWineId;
    else if (item?.input.source === 'KORK') ownWineId = rows.get(item.input.wineId)?.id;
    else if (item) {
      const { input } = item;
      const same = made.filter((wine) => madeOf(wine, input));
      const wine = same.find((w) => w.quantity === input.quantity) ?? same[0];
      if (wine) made.splice(made.indexOf(wine), 1);
      ownWineId = wine?.id;
    }
    if (ownWineId) found.push({ ...line, ownWineId });
  }
  return found;
}

/** `write`: the job's confirmed lines into the cellar, then `imported`. */
export async function writeStep(
  ownerId: string,
  importId: string,
  jobVersion: number,
  context: StepContext,
): Promise<void> {
  const job = await currentJob(ownerId, importId);
  if (job?.status !== 'importing' || job.version !== jobVersion) return;
  const lines = await linesOf(ownerId, importId);
  const locations = await locationsByName(ownerId);
  const principal = await ownerPrincipal(ownerId);
  const counts = toImportJob(job).counts;
  const total = job.progress ? (job.progress as { total: number }).total : counts.confirmed;
  const changed = new Map<number, ImportLine>();
  const gap = lines.filter((line) => toWrite(line) && line.index <= job.writtenThrough);
  if (gap.length > 0) {
    const found = await writtenWines(job, lines, gap, locations);
    for (const line of found) changed.set(line.index, line);
    context.log?.info('import lines written before found in the cellar', {
      importId,
      lines: gap.length,
      found: found.length,
    });
  }
  let pending: { line: ImportLine; item: ImportItem }[] = [];
  for (const line of lines) {
    if (!toWrite(line) || line.index <= job.writtenThrough) continue;
    const built = itemOf(line, locations);
    if ('item' in built) pending.push({ line, item: built.item });
    else if ('existing' in built) changed.set(line.index, { ...line, ownWineId: built.existing });
    else changed.set(line.index, { ...line, error: built.error });
  }
  if (job.purchasePrices === 'withoutDuties' && pending.length > 0) {
    const { kept, refused } = await withImportDuties(pending, (await cellarOf(ownerId)).baseCurrency);
    for (const { line, error } of refused) changed.set(line.index, { ...line, error });
    pending = kept;
    // Stored before a transaction moves `writtenThrough` past the refused lines.
    if (refused.length > 0) {
      await putLines(job, [...changed.values()]);
      changed.clear();
    }
  }
  let start = job.writtenThrough;
  let done = { ...counts };
  let stopped = false;
  try {
    while (pending.length > 0) {
      const lineIndexes = pending.map((p) => p.line.index);
      const guard = guardOf(job, lineIndexes, start, done, total);
      let written: string[];
      let refused: number[] = [];
      let refusal: ImportItemsRefused | undefined;
      try {
        written = await importOwnWines(
          ownerId,
          pending.map((p) => p.item),
          principal,
          guard,
        );
      } catch (error) {
        if (error instanceof ImportGuardFailed) {
          written = error.written;
          stopped = true;
        } else if (error instanceof ImportItemsRefused) {
          written = error.written;
          refused = error.indexes;
          refusal = error;
        } else throw error;
      }
      written.forEach((ownWineId, i) => {
        const { line } = pending[i] as { line: ImportLine };
        changed.set(line.index, { ...line, ownWineId });
      });
      if (written.length > 0) {
        start = lineIndexes[written.length - 1] as number;
        done = { ...done, imported: done.imported + written.length };
      }
      if (stopped || !refusal) break;
      const fields = (refusal.fields ?? {}) as Record<string, string>;
      for (const index of refused) {
        const { line } = pending[index] as { line: ImportLine };
        const [key, code] = Object.entries(fields).find(([k]) => k.startsWith(`items.${index}.`)) ?? [];
        const field = key?.split('.').slice(2).join('.') || undefined;
        changed.set(line.index, { ...line, error: { code: (code ?? 'invalidValue') as MessageKey, field } });
      }
      const skip = new Set(refused);
      const next = pending.filter((_, i) => i >= written.length && !skip.has(i));
      // Nothing refused that was not written already: the cellar refuses the same again; stop.
      if (next.length >= pending.length - written.length) throw refusal;
      // The errors are stored before the next transaction moves `writtenThrough` past their lines.
      await putLines(job, [...changed.values()]);
      changed.clear();
      pending = next;
    }
  } finally {
    if (changed.size > 0) await putLines(job, [...changed.values()]);
  }
  if (stopped) {
    context.log?.info('import write stopped by its guard', { importId, written: done.imported });
    return;
  }
  await finish(ownerId, importId);
}

/** The job `imported`, with its counts from its lines, unless it was cancelled meanwhile. */
async function finish(ownerId: string, importId: string): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const job = await currentJob(ownerId, importId);
    if (job?.status !== 'importing') return;
    const lines = await linesOf(ownerId, importId);
    const counts = countLines(lines, lines.filter((line) => line.ownWineId).length);
    try {
      await updateJob(job, { status: 'imported', counts, finishedAt: new Date().toISOString() }, [
        'progress',
      ]);
      return;
    } catch (error) {
      if (attempt === 7) throw error;
    }
  }
}
