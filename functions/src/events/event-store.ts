/**
 * The event item (entities/wine-event.ts): reading it, its random ids, and every change as one write
 * conditional on the version read. A change without a version from the client reads again and retries
 * when another change came first; a change carrying the version the client read answers 409 instead.
 */
import { randomBytes } from 'node:crypto';
import type { EventCategory, EventType } from '@kork/shared';
import { type EntityRecord, tables } from '../data/tables';
import { isConditionFailure, laterThan, retryOnConflict } from '../data/transactions';
import { assertOwner, type Principal } from '../platform/auth';
import { ConflictError, NotFoundError } from '../platform/errors';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export type EventRecord = Mutable<EntityRecord<'wineEvent'>>;

/** One list as stored in the item. */
export interface StoredList {
  id: string;
  name: string;
  wineIds: string[];
}

/** Attempts of a change that retries on conflict: many people may edit one event's lists at once. */
const CHANGE_ATTEMPTS = 30;

/** An unguessable, URL-safe id (128 random bits, 22 characters): a private event's link is its secret. */
export function newEventId(): string {
  return randomBytes(16).toString('base64url');
}

/** A list's id: random too (96 bits), short in its address. */
export function newListId(): string {
  return randomBytes(12).toString('base64url');
}

export function listsOf(record: Pick<EventRecord, 'wineLists'>): StoredList[] {
  return (Array.isArray(record.wineLists) ? record.wineLists : []) as StoredList[];
}

export function typeOf(record: Pick<EventRecord, 'type'>): EventType {
  return record.type === 'private' ? 'private' : 'public';
}

export function categoryOf(record: Pick<EventRecord, 'category'>): EventCategory {
  return record.category as EventCategory;
}

/** The event as stored now (strongly consistent), or undefined. */
export async function readEvent(eventId: string): Promise<EventRecord | undefined> {
  const { data } = await tables('events').wineEvent.get({ id: eventId }).go({ consistent: true });
  return data ?? undefined;
}

export async function requireEvent(eventId: string): Promise<EventRecord> {
  const record = await readEvent(eventId);
  if (!record) throw new NotFoundError();
  return record;
}

/** The viewer may change the event: its organiser or an admin. */
export function canEdit(record: Pick<EventRecord, 'ownerId'>, principal: Principal | undefined): boolean {
  return Boolean(principal && (principal.role === 'admin' || principal.userId === record.ownerId));
}

/** The event, for a change by its organiser or an admin: 404 unknown, 403 anyone else. */
export async function editableEvent(eventId: string, principal: Principal | undefined): Promise<EventRecord> {
  const record = await requireEvent(eventId);
  assertOwner(principal, record.ownerId);
  return record;
}

/** Writes a new event; its id is random, so an existing item means a clash worth failing loudly. */
export async function putNewEvent(record: EventRecord): Promise<void> {
  const { coverPhoto, ...fields } = record;
  await tables('events')
    .wineEvent.create(coverPhoto ? { ...fields, coverPhoto } : fields)
    .go();
}

/** Writes `after` over `before`, only if the item is still at `before.version` (else ConflictError). */
async function writeOver(before: EventRecord, after: EventRecord): Promise<void> {
  const { id, coverPhoto, ...fields } = after;
  const base = tables('events')
    .wineEvent.patch({ id })
    .set(coverPhoto ? { ...fields, coverPhoto } : fields);
  const write = !coverPhoto && before.coverPhoto ? base.remove(['coverPhoto']) : base;
  try {
    await write.where((attr, op) => op.eq(attr.version, before.version)).go();
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
}

export interface EventChange<T> {
  before: EventRecord;
  after: EventRecord;
  /** What the change worked out besides the item (an import's report). */
  result: T;
}

/**
 * Reads the event, checks the viewer may change it, applies `change` and writes the result on the
 * version read, with `version` bumped and `updatedAt` moved on. `expectedVersion` (the version the
 * client read) makes a different version, or a change that lands first, a 409; without it the step
 * runs again on a fresh read. A change that leaves the event as it was writes nothing. `change` must not
 * write anything itself: it may run more than once.
 */
export async function changeEvent<T = undefined>(
  eventId: string,
  principal: Principal | undefined,
  change: (
    record: EventRecord,
  ) => { record: EventRecord; result?: T } | Promise<{ record: EventRecord; result?: T }>,
  expectedVersion?: number,
): Promise<EventChange<T>> {
  const step = async (): Promise<EventChange<T>> => {
    const before = await editableEvent(eventId, principal);
    if (expectedVersion !== undefined && before.version !== expectedVersion) throw new ConflictError();
    const { record, result } = await change(structuredClone(before));
    // A change that changes nothing (an import of ids already listed) writes nothing and keeps the version.
    if (JSON.stringify(record) === JSON.stringify(before))
      return { before, after: before, result: result as T };
    const after: EventRecord = {
      ...record,
      id: before.id,
      ownerId: before.ownerId,
      createdAt: before.createdAt,
      version: before.version + 1,
      updatedAt: laterThan(before.updatedAt),
    };
    await writeOver(before, after);
    return { before, after, result: result as T };
  };
  return expectedVersion === undefined ? retryOnConflict(step, CHANGE_ATTEMPTS) : step();
}

/** Deletes the event as read (conditional on its version, so a change in between is not lost silently). */
export async function deleteEventRecord(record: EventRecord): Promise<void> {
  try {
    await tables('events')
      .wineEvent.delete({ id: record.id })
      .where((attr, op) => op.eq(attr.version, record.version))
      .go();
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
}

/** Every event of one listing (`public` or `private`), by start. */
export async function eventsOfListing(listing: EventType): Promise<EventRecord[]> {
  const { data } = await tables('events').wineEvent.query.byListing({ listing }).go({ pages: 'all' });
  return data;
}

/** Every event whose folded name is exactly `nameKey`. */
export async function eventsNamed(nameKey: string): Promise<EventRecord[]> {
  if (!nameKey) return [];
  const { data } = await tables('events').wineEvent.query.byName({ nameKey }).go({ pages: 'all' });
  return data;
}

/** Every event of one organiser. */
export async function eventsOfOwner(ownerId: string): Promise<EventRecord[]> {
  const { data } = await tables('events').wineEvent.query.byOwner({ ownerId }).go({ pages: 'all' });
  return data;
}
