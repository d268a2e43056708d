/**
 * Wine events (docs/events.md): the event and its wine lists in one item, written conditionally on its
 * version. Reads resolve the lists' catalogue wines with the viewer's prices. The domain's public face:
 * handlers and other domains call these.
 */
import { EVENT_LIMITS, type WineEvent } from '@kork/shared';
import { NotFoundError } from '../platform/errors';
import { requireEvent } from './event-store';
import { type EventViewer, toWineEvent, withoutHiddenOrganisers } from './event-views';

export { uploadEventCover } from './event-cover';
export {
  addEventWineList,
  deleteEventWineList,
  importEventWineIds,
  lookUpEventWineIds,
  replaceEventWineLists,
  updateEventWineList,
} from './event-lists';
export { eventSearchHits, listEvents } from './event-search';
export type { EventViewer } from './event-views';
export { createEvent, deleteEvent, updateEvent } from './event-writes';

/** `GET /api/events/{eventId}`: anyone with the id (a private event's link) reads it. */
export async function getEvent(eventId: string, viewer: EventViewer): Promise<WineEvent> {
  const [record] = await withoutHiddenOrganisers([await requireEvent(eventId)]);
  // An organiser being deleted: the event is as good as gone.
  if (!record) throw new NotFoundError();
  return toWineEvent(record, viewer, EVENT_LIMITS.relatedMax);
}
