/**
 * Tasting notes (SPEC §3, §4): write, publish, save privately, update and delete. A published note
 * counts toward its wine's expert or community average; the note and the wine's sums change in one
 * transaction, so the averages always agree with the notes.
 */
import type { TastingInput, TastingNote, TastingUpdateInput, WineTastings } from '@kork/shared';
import { ulid } from 'ulid';
import { ownMediaKey } from '../accounts/account-images';
import { hiddenAccounts, publicNames } from '../accounts/public-profiles';
import { getWine, getWines } from '../catalog/wine-lookup';
import { wineRatingChangeItem } from '../catalog/wine-rating-items';
import { type EntityRecord, tables, transaction } from '../data/tables';
import { commitTransaction, isConditionFailure, laterThan, TransactionCanceled } from '../data/transactions';
import type { Principal } from '../platform/auth';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors';
import { byTastingDate, hasFilters, matchesFilters, type NoteFilters } from './note-filters';

export type NoteRecord = EntityRecord<'tastingNote'>;

/** What one note adds to its wine's sums. */
interface Contribution {
  expertCount: number;
  expertSum: number;
  communityCount: number;
  communitySum: number;
}

function contributionOf(
  note: Pick<NoteRecord, 'isPublished' | 'authorIsExpert' | 'points'> | undefined,
): Contribution {
  const none = { expertCount: 0, expertSum: 0, communityCount: 0, communitySum: 0 };
  if (!note?.isPublished) return none;
  return note.authorIsExpert
    ? { ...none, expertCount: 1, expertSum: note.points }
    : { ...none, communityCount: 1, communitySum: note.points };
}

function difference(after: Contribution, before: Contribution): Contribution {
  return {
    expertCount: after.expertCount - before.expertCount,
    expertSum: after.expertSum - before.expertSum,
    communityCount: after.communityCount - before.communityCount,
    communitySum: after.communitySum - before.communitySum,
  };
}

async function requireActiveWine(wineId: string) {
  const wine = await getWine(wineId);
  if (wine?.status !== 'active') throw new NotFoundError();
  return wine;
}

async function requireNote(id: string): Promise<NoteRecord> {
  const { data } = await tables('tastings').tastingNote.get({ id }).go({ consistent: true });
  if (!data) throw new NotFoundError();
  return data;
}

function assertAuthor(note: NoteRecord, actor: Principal): void {
  if (actor.role !== 'admin' && note.ownerId !== actor.userId) throw new ForbiddenError();
}

/** A note its author (or an admin) may change: 404 for an unknown note, 403 for anyone else. */
export async function changeableNote(id: string, actor: Principal): Promise<void> {
  assertAuthor(await requireNote(id), actor);
}

/** A note's photo is one its author uploaded: a picture in the author's own folder (or the one it has). */
function checkPhoto(photo: string | null | undefined, authorId: string, current?: string): void {
  if (!photo || photo === current) return;
  if (!ownMediaKey(photo, authorId)) throw new ValidationError({ photo: 'invalidValue' });
}

/** The author's other notes on the wine, as read: whether one keeps them among its experts decides the expert set. */
async function otherNotesOf(wineId: string, authorId: string, exceptId: string): Promise<NoteRecord[]> {
  const { data } = await tables('tastings').tastingNote.query.byWine({ wineId }).go({ pages: 'all' });
  return data.filter((n) => n.ownerId === authorId && n.id !== exceptId);
}

const keepsExpert = (notes: readonly NoteRecord[]) => notes.some((n) => n.isPublished && n.authorIsExpert);

/**
 * Condition checks that the author's other notes on the wine are still as they were read. A change
 * to the expert set is decided from them; two changes deciding from each other's old state cannot
 * both apply (one is cancelled and decides again from a fresh read).
 */
function unchanged(notes: readonly NoteRecord[]) {
  // biome-ignore lint/suspicious/noExplicitAny: ElectroDB's transaction entity type is not exported.
  return (entity: any) =>
    notes.map((n) =>
      entity
        .check({ id: n.id })
        // biome-ignore lint/suspicious/noExplicitAny: see above
        .where((attr: any, op: any) => op.eq(attr.updatedAt, n.updatedAt))
        .commit(),
    );
}

/** How many times a note's change is decided again after another change to the same notes won. */
const NOTE_ATTEMPTS = 6;

/**
 * The wine's update inside a note's transaction (built by the catalogue), stamped when the change is
 * decided.
 */
function wineChange(wineId: string, delta: Contribution, expert: { add?: string; remove?: string }) {
  const now = new Date();
  return () => wineRatingChangeItem(wineId, delta, expert, now);
}

function clean<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;
}

async function toNotes(all: NoteRecord[], withWine = false): Promise<TastingNote[]> {
  const ownerIds = all.map((n) => n.ownerId);
  const [authors, hidden] = await Promise.all([publicNames(ownerIds), hiddenAccounts(ownerIds)]);
  // The notes of an account being deleted show nowhere while the purge removes them.
  const notes = all.filter((n) => !hidden.has(n.ownerId));
  const wines = withWine ? await getWines(notes.map((n) => n.wineId)) : new Map();
  return notes.map((note) => {
    const author = authors.get(note.ownerId);
    const wine = wines.get(note.wineId);
    return clean({
      id: note.id,
      wineId: note.wineId,
      authorId: note.ownerId,
      authorName: author?.name ?? '',
      authorImage: author?.image,
      authorIsExpert: note.authorIsExpert,
      points: note.points,
      date: note.date,
      text: note.text,
      photo: note.photo,
      drinkingWindowFrom: note.drinkingWindowFrom,
      drinkingWindowTo: note.drinkingWindowTo,
      isPublished: note.isPublished,
      createdAt: note.createdAt,
      updatedAt: note.updatedAt,
      wine: wine
        ? {
            // A wine without a vintage keeps `vintage: null` (shown as NV), so it is not cleaned away.
            ...clean({
              id: wine.id,
              name: wine.name,
              producer: wine.producer,
              mainCategoryId: wine.mainCategoryId,
              imageUrl: wine.imageUrl,
            }),
            vintage: wine.vintage ?? null,
          }
        : undefined,
    }) as TastingNote;
  });
}

/** `id`: a new ULID, or the quick rating's own id for the person and wine (wine-lover-service.ts). */
export async function createTasting(
  wineId: string,
  input: TastingInput,
  author: Principal,
  id: string = ulid(),
): Promise<TastingNote> {
  checkPhoto(input.photo, author.userId);
  await requireActiveWine(wineId);
  const [profile] = (await publicNames([author.userId])).values();
  const isExpert = profile?.isExpert ?? false;
  const now = new Date().toISOString();
  const note = clean({
    id,
    wineId,
    ownerId: author.userId,
    authorIsExpert: isExpert,
    points: input.points,
    date: input.date,
    text: input.text?.trim() || undefined,
    photo: input.photo ?? undefined,
    drinkingWindowFrom: input.drinkingWindowFrom ?? undefined,
    drinkingWindowTo: input.drinkingWindowTo ?? undefined,
    isPublished: input.isPublished,
    createdAt: now,
    updatedAt: now,
  }) as NoteRecord;
  const changeWine = wineChange(wineId, contributionOf(note), {
    add: note.isPublished && isExpert ? author.userId : undefined,
  });
  try {
    await commitTransaction(() =>
      transaction('tastings').write((entities) => [entities.tastingNote.create(note).commit(), changeWine()]),
    );
  } catch (error) {
    // The wine was deleted or merged between the read and the write.
    if (error instanceof TransactionCanceled && error.failedConditions.includes(1)) throw new NotFoundError();
    throw error;
  }
  return (await toNotes([note]))[0] as TastingNote;
}

export async function updateTasting(
  id: string,
  input: TastingUpdateInput,
  actor: Principal,
): Promise<TastingNote> {
  const first = await requireNote(id);
  assertAuthor(first, actor);
  checkPhoto(input.photo, first.ownerId, first.photo);
  for (let attempt = 0; ; attempt++) {
    const before = attempt === 0 ? first : await requireNote(id);
    // The note itself changed since the person read it: theirs would overwrite another change.
    if (before.updatedAt !== first.updatedAt) throw new ConflictError();
    try {
      return await applyUpdate(before, input);
    } catch (error) {
      if (!(error instanceof TransactionCanceled) || attempt + 1 >= NOTE_ATTEMPTS) throw error;
    }
  }
}

async function applyUpdate(before: NoteRecord, input: TastingUpdateInput): Promise<TastingNote> {
  const id = before.id;
  const after = { ...before, updatedAt: laterThan(before.updatedAt) } as {
    -readonly [K in keyof NoteRecord]: NoteRecord[K];
  };
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    (after as Record<string, unknown>)[key] = value === null ? undefined : value;
  }
  if (typeof after.text === 'string') after.text = after.text.trim() || undefined;
  if (
    after.drinkingWindowFrom != null &&
    after.drinkingWindowTo != null &&
    after.drinkingWindowFrom > after.drinkingWindowTo
  ) {
    throw new ValidationError({ drinkingWindowTo: 'drinkUntilBeforeFrom' });
  }
  const expertBefore = before.isPublished && before.authorIsExpert;
  const expertAfter = after.isPublished && after.authorIsExpert;
  const others = expertBefore !== expertAfter ? await otherNotesOf(before.wineId, before.ownerId, id) : [];
  const remove = expertBefore && !expertAfter && !keepsExpert(others) ? before.ownerId : undefined;
  const changeWine = wineChange(before.wineId, difference(contributionOf(after), contributionOf(before)), {
    add: !expertBefore && expertAfter ? before.ownerId : undefined,
    remove,
  });
  const { id: _id, ...fields } = after;
  const removed = (['text', 'photo', 'drinkingWindowFrom', 'drinkingWindowTo'] as const).filter(
    (key) => before[key] !== undefined && after[key] === undefined,
  );
  await commitTransaction(() =>
    transaction('tastings').write((entities) => {
      let patch = entities.tastingNote
        .patch({ id })
        .set(clean(fields) as never)
        .where(({ updatedAt }, { eq }) => eq(updatedAt, before.updatedAt));
      if (removed.length > 0) patch = patch.remove(removed as never);
      return [patch.commit(), changeWine(), ...unchanged(others)(entities.tastingNote)];
    }),
  );
  return (await toNotes([after]))[0] as TastingNote;
}

export async function deleteTasting(id: string, actor: Principal): Promise<void> {
  const note = await requireNote(id);
  assertAuthor(note, actor);
  await removeNote(note);
}

/**
 * Deletes a note and takes it out of its wine's sums in one transaction. The delete is conditional on
 * the note as read, so two deletes (or a delete racing a publish) cannot both change the sums: the
 * loser reads again, and finds the note gone (404) or deletes what it is now.
 */
/** Removes one note with its wine's averages, retried on a concurrent change (also the account purge's step). */
export async function removeNote(first: NoteRecord): Promise<void> {
  let note = first;
  for (let attempt = 0; ; attempt++) {
    try {
      await removeOnce(note);
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceled) || attempt + 1 >= NOTE_ATTEMPTS) throw error;
      const { data } = await tables('tastings').tastingNote.get({ id: first.id }).go();
      if (!data) throw new NotFoundError();
      note = data;
    }
  }
}

async function removeOnce(note: NoteRecord): Promise<void> {
  const wasExpert = note.isPublished && note.authorIsExpert;
  const others = wasExpert ? await otherNotesOf(note.wineId, note.ownerId, note.id) : [];
  const remove = wasExpert && !keepsExpert(others) ? note.ownerId : undefined;
  const wine = await getWine(note.wineId);
  const deleteNote =
    // biome-ignore lint/suspicious/noExplicitAny: ElectroDB's transaction entity type is not exported.
    (entity: any) =>
      entity
        .delete({ id: note.id })
        // biome-ignore lint/suspicious/noExplicitAny: see above
        .where((attr: any, op: any) => `${op.exists(attr.id)} AND ${op.eq(attr.updatedAt, note.updatedAt)}`)
        .commit();
  if (wine?.status !== 'active') {
    await commitTransaction(() =>
      transaction('tastings').write((entities) => [deleteNote(entities.tastingNote)]),
    );
    return;
  }
  const changeWine = wineChange(note.wineId, difference(contributionOf(undefined), contributionOf(note)), {
    remove,
  });
  await commitTransaction(() =>
    transaction('tastings').write((entities) => [
      deleteNote(entities.tastingNote),
      changeWine(),
      ...unchanged(others)(entities.tastingNote),
    ]),
  );
}

/** A wine's published notes, experts apart from the community, and the viewer's own notes. */
export async function wineTastings(wineId: string, viewer: Principal | undefined): Promise<WineTastings> {
  const { data } = await tables('tastings')
    .tastingNote.query.byWine({ wineId })
    .go({ pages: 'all', order: 'desc' });
  const notes = await toNotes(data);
  return {
    expert: notes.filter((n) => n.isPublished && n.authorIsExpert),
    community: notes.filter((n) => n.isPublished && !n.authorIsExpert),
    mine: viewer ? notes.filter((n) => n.authorId === viewer.userId) : [],
  };
}

/**
 * A person's notes, the newest tasting first; others see only the published ones. With filters, the
 * notes are matched with their wines before the page is cut.
 */
export async function userTastings(
  userId: string,
  viewer: Principal | undefined,
  page: number,
  perPage: number,
  publishedOnly = false,
  filters: NoteFilters = {},
): Promise<{ rows: TastingNote[]; count: number }> {
  const { data } = await tables('tastings')
    .tastingNote.query.byOwner({ ownerId: userId })
    .go({ pages: 'all', order: 'desc' });
  const own = !publishedOnly && viewer && (viewer.userId === userId || viewer.role === 'admin');
  const visible = (own ? data : data.filter((n) => n.isPublished)).sort(byTastingDate);
  const cut = <T>(list: T[]) => list.slice((page - 1) * perPage, page * perPage);
  if (!hasFilters(filters)) return { rows: await toNotes(cut(visible), true), count: visible.length };
  const found = (await toNotes(visible, true)).filter((note) => matchesFilters(note, filters));
  return { rows: cut(found), count: found.length };
}

/** The ids of the wines a person has written notes on (`isReviewedByMe`). */
export async function reviewedWineIds(userId: string): Promise<Set<string>> {
  const { data } = await tables('tastings')
    .tastingNote.query.byOwner({ ownerId: userId })
    .go({ pages: 'all', attributes: ['wineId'] });
  return new Set(data.map((n) => n.wineId));
}

/** Published notes, their average, and how many wines they cover: the public profile's statistic. */
export async function tastingStatistic(userId: string) {
  const { data } = await tables('tastings')
    .tastingNote.query.byOwner({ ownerId: userId })
    .go({ pages: 'all' });
  const published = data.filter((n) => n.isPublished);
  const sum = published.reduce((total, n) => total + n.points, 0);
  return {
    tastings: published.length,
    averagePoints: published.length > 0 ? Math.round((sum / published.length) * 10) / 10 : null,
    wines: new Set(published.map((n) => n.wineId)).size,
  };
}

/** Moves a duplicate wine's notes onto the survivor (admin merge). Answers how many moved. */
export async function moveTastings(fromWineId: string, toWineId: string): Promise<number> {
  const { data } = await tables('tastings')
    .tastingNote.query.byWine({ wineId: fromWineId })
    .go({ pages: 'all' });
  let moved = 0;
  for (const note of data) {
    try {
      await tables('tastings')
        .tastingNote.patch({ id: note.id })
        .set({ wineId: toWineId, createdAt: note.createdAt })
        .go();
      moved++;
    } catch (error) {
      // Deleted by its author meanwhile: nothing to move.
      if (!isConditionFailure(error)) throw error;
    }
  }
  return moved;
}
