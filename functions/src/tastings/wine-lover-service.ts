/**
 * A wine lover's one-tap actions on a wine: the quick rating, kept as the person's tasting note on the
 * wine (a second tap changes that note, never writes another), and the "Want to try" list.
 */
import { createHash } from 'node:crypto';
import {
  type QuickRatingInput,
  type TastingNote,
  todayIso,
  WANT_TO_TRY_MAX,
  type WantToTryEntry,
} from '@kork/shared';
import { hiddenAccounts } from '../accounts/public-profiles';
import { getWine, getWines } from '../catalog/wine-lookup';
import { tables } from '../data/tables';
import { isConditionFailure } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors';
import { createTasting, updateTasting } from './tasting-service';

/** The person's latest note on the wine, if they wrote one. */
async function latestNoteOn(wineId: string, ownerId: string) {
  const { data } = await tables('tastings')
    .tastingNote.query.byOwner({ ownerId })
    .where(({ wineId: wine }, { eq }) => eq(wine, wineId))
    .go({ pages: 'all', order: 'desc' });
  return data[0];
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The id of the note a first quick rating writes: the same for one person and one wine, so two first
 * taps at once (two devices) write one note; the second finds it taken and changes it instead.
 */
export function quickRatingNoteId(ownerId: string, wineId: string): string {
  const digest = createHash('sha256').update(`${ownerId}#${wineId}`).digest();
  let id = 'Q';
  for (let i = 0; i < 25; i++) id += CROCKFORD[(digest[i] ?? 0) % 32];
  return id;
}

const RATING_ATTEMPTS = 5;

/**
 * The quick rating: points only. The person's latest note on the wine takes the new points; without
 * one, a published note dated today is written, so the rating counts in the community's average. A tap
 * that meets another at the same moment is decided again on what the other wrote: the last one wins.
 */
export async function rateWine(
  wineId: string,
  input: QuickRatingInput,
  actor: Principal,
): Promise<TastingNote> {
  const quickId = quickRatingNoteId(actor.userId, wineId);
  let known: string | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      const noteId = known ?? (await latestNoteOn(wineId, actor.userId))?.id;
      if (noteId) return await updateTasting(noteId, { points: input.points }, actor);
      return await createTasting(
        wineId,
        { points: input.points, date: todayIso(), isPublished: true },
        actor,
        quickId,
      );
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= RATING_ATTEMPTS) throw error;
      // The other tap's note: written under the same id, readable at once by its key.
      known = (await noteExists(quickId)) ? quickId : known;
    }
  }
}

async function noteExists(id: string): Promise<boolean> {
  const { data } = await tables('tastings')
    .tastingNote.get({ id })
    .go({ attributes: ['id'], consistent: true });
  return Boolean(data);
}

async function requireActiveWine(wineId: string): Promise<void> {
  const wine = await getWine(wineId);
  if (wine?.status !== 'active') throw new NotFoundError();
}

/** Adds a wine to the person's list; a wine already there stays as it was (the same entry, not a second). */
export async function addWantToTry(ownerId: string, wineId: string): Promise<WantToTryEntry> {
  const entity = tables('tastings').wantToTry;
  const { data: existing } = await entity.get({ ownerId, wineId }).go();
  if (existing) return { wineId, addedAt: existing.addedAt };
  await requireActiveWine(wineId);
  const { data: all } = await entity.query.byOwner({ ownerId }).go({ pages: 'all', attributes: ['wineId'] });
  if (all.length >= WANT_TO_TRY_MAX) {
    throw new ValidationError({ wineId: `wantToTryFull|max=${WANT_TO_TRY_MAX}` });
  }
  const addedAt = new Date().toISOString();
  try {
    await entity.create({ ownerId, wineId, addedAt }).go();
    return { wineId, addedAt };
  } catch (error) {
    // Added by another tap at the same moment: that entry is the one.
    if (!isConditionFailure(error)) throw error;
    const { data } = await entity.get({ ownerId, wineId }).go();
    return { wineId, addedAt: data?.addedAt ?? addedAt };
  }
}

/** Takes a wine off the list; taking off a wine that is not there changes nothing. */
export async function removeWantToTry(ownerId: string, wineId: string): Promise<void> {
  await tables('tastings').wantToTry.delete({ ownerId, wineId }).go();
}

/**
 * A person's list, newest first, with the wines as the catalogue has them: a merged wine as the one it
 * was merged into, a deleted one left out. Profiles are public (SPEC §2), and so is the list; an account being deleted
 * shows none.
 */
export async function wantToTryList(ownerId: string): Promise<{ rows: WantToTryEntry[]; count: number }> {
  if ((await hiddenAccounts([ownerId])).has(ownerId)) throw new NotFoundError();
  const { data } = await tables('tastings')
    .wantToTry.query.byOwner({ ownerId })
    .go({ pages: 'all', order: 'desc' });
  const wines = await getWines(data.map((entry) => entry.wineId));
  // A wine merged into another lives on as the survivor (once, however many duplicates were listed).
  const survivors = await getWines(
    [...wines.values()].flatMap((w) => (w.status === 'merged' && w.mergedInto ? [w.mergedInto] : [])),
  );
  const rows: WantToTryEntry[] = [];
  const seen = new Set<string>();
  for (const entry of data) {
    const listed = wines.get(entry.wineId);
    const wine = listed?.status === 'merged' && listed.mergedInto ? survivors.get(listed.mergedInto) : listed;
    if (wine?.status !== 'active' || seen.has(wine.id)) continue;
    seen.add(wine.id);
    const shown: NonNullable<WantToTryEntry['wine']> = {
      id: wine.id,
      name: wine.name,
      vintage: wine.vintage ?? null,
      mainCategoryId: wine.mainCategoryId,
    };
    if (wine.producer) shown.producer = wine.producer;
    if (wine.imageUrl) shown.imageUrl = wine.imageUrl;
    rows.push({ wineId: entry.wineId, addedAt: entry.addedAt, wine: shown });
  }
  return { rows, count: rows.length };
}
