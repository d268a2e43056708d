/**
 * Creating, changing and deleting an event. Any signed-in user organises events; only the organiser or
 * an admin changes one. Every change is one write conditional on the version read (event-store.ts).
 */
import {
  EVENT_LIMITS,
  type EventInput,
  type EventSchedule,
  type EventUpdate,
  endsAfterStart,
  eventInstants,
  type WineEvent,
} from '@kork/shared';
import { retryOnConflict } from '../data/transactions';
import { UnauthorizedError, ValidationError } from '../platform/errors';
import { checkCover, dropCover } from './event-cover';
import { checkedDrafts, storedLists } from './event-lists';
import {
  changeEvent,
  deleteEventRecord,
  type EventRecord,
  editableEvent,
  listsOf,
  newEventId,
  putNewEvent,
} from './event-store';
import { type EventViewer, fold, toWineEvent } from './event-views';

/** The fields worked out from others: the listing, the name's key and the instants. */
function derived(
  record: Pick<EventRecord, 'type' | 'name'> & EventSchedule,
): Pick<EventRecord, 'listing' | 'nameKey' | 'startsAt' | 'endsAt'> {
  const { startsAt, endsAt } = eventInstants(record);
  return {
    listing: record.type === 'private' ? 'private' : 'public',
    nameKey: fold(record.name),
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(endsAt).toISOString(),
  };
}

/** `POST /api/events`: the caller organises it; its lists are saved in the same write. */
export async function createEvent(input: EventInput, viewer: EventViewer): Promise<WineEvent> {
  const principal = viewer.principal;
  if (!principal) throw new UnauthorizedError();
  checkCover(input.coverPhoto, undefined, principal);
  const drafts = await checkedDrafts(input.wineLists, 'wineLists');
  const now = new Date().toISOString();
  const { wineLists: _lists, coverPhoto, ...fields } = input;
  const record: EventRecord = {
    ...fields,
    ...derived(input),
    id: newEventId(),
    ownerId: principal.userId,
    wineLists: storedLists(drafts, []),
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  if (coverPhoto) record.coverPhoto = coverPhoto;
  await putNewEvent(record);
  return toWineEvent(record, viewer, EVENT_LIMITS.relatedMax);
}

/**
 * `PATCH /api/events/{eventId}`: any of the fields, checked on the event as it will be. With `version`
 * a change that came first answers 409; a replaced or removed cover's file is deleted after the write.
 */
export async function updateEvent(
  eventId: string,
  input: EventUpdate,
  viewer: EventViewer,
): Promise<WineEvent> {
  const { version, wineLists, coverPhoto, ...fields } = input;
  const drafts = wineLists ? await checkedDrafts(wineLists, 'wineLists') : undefined;
  const { before, after } = await changeEvent(
    eventId,
    viewer.principal,
    (record) => {
      checkCover(coverPhoto, record.coverPhoto, viewer.principal);
      const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      const next: EventRecord = { ...record, ...defined };
      if (!endsAfterStart(next)) throw new ValidationError({ endTime: 'eventEndsBeforeStart' });
      Object.assign(next, derived(next));
      if (coverPhoto !== undefined) {
        if (coverPhoto) next.coverPhoto = coverPhoto;
        else delete next.coverPhoto;
      }
      if (drafts) next.wineLists = storedLists(drafts, listsOf(record));
      return { record: next };
    },
    version,
  );
  if (before.coverPhoto && before.coverPhoto !== after.coverPhoto)
    await dropCover(before.coverPhoto, before.ownerId, viewer.principal);
  return toWineEvent(after, viewer, EVENT_LIMITS.relatedMax);
}

/** `DELETE /api/events/{eventId}`: the event and its cover. */
export async function deleteEvent(eventId: string, viewer: EventViewer): Promise<void> {
  const deleted = await retryOnConflict(async () => {
    const record = await editableEvent(eventId, viewer.principal);
    await deleteEventRecord(record);
    return record;
  });
  await dropCover(deleted.coverPhoto, deleted.ownerId, viewer.principal);
}
