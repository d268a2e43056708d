/**
 * Wine events (docs/events.md): the event and its wine lists in one item, written conditionally on its
 * version. Reads resolve the lists' catalogue wines with the viewer's prices.
 */
import type {
  EventCoverUpload,
  EventInput,
  EventsPage,
  EventsQuery,
  EventUpdate,
  EventWineIdsImport,
  EventWineIdsLookup,
  EventWineImportReport,
  EventWineList,
  EventWineListInput,
  EventWineListsReplace,
  EventWineListUpdate,
  WineEvent,
} from '@kork/shared';
import type { HttpRequest } from '../platform/http';

/** Who asks, in which currency and language: what every read and write needs from the request. */
export type EventViewer = Pick<HttpRequest, 'principal' | 'currency' | 'locale'>;

function notYet(): never {
  throw new Error('not implemented');
}

export async function listEvents(_query: EventsQuery, _viewer: EventViewer): Promise<EventsPage> {
  return notYet();
}

export async function createEvent(_input: EventInput, _viewer: EventViewer): Promise<WineEvent> {
  return notYet();
}

export async function getEvent(_eventId: string, _viewer: EventViewer): Promise<WineEvent> {
  return notYet();
}

export async function updateEvent(
  _eventId: string,
  _input: EventUpdate,
  _viewer: EventViewer,
): Promise<WineEvent> {
  return notYet();
}

export async function deleteEvent(_eventId: string, _viewer: EventViewer): Promise<void> {
  return notYet();
}

export async function uploadEventCover(_body: unknown, _viewer: EventViewer): Promise<EventCoverUpload> {
  return notYet();
}

export async function replaceEventWineLists(
  _eventId: string,
  _input: EventWineListsReplace,
  _viewer: EventViewer,
): Promise<WineEvent> {
  return notYet();
}

export async function addEventWineList(
  _eventId: string,
  _input: EventWineListInput,
  _viewer: EventViewer,
): Promise<EventWineList> {
  return notYet();
}

export async function updateEventWineList(
  _eventId: string,
  _listId: string,
  _input: EventWineListUpdate,
  _viewer: EventViewer,
): Promise<EventWineList> {
  return notYet();
}

export async function deleteEventWineList(
  _eventId: string,
  _listId: string,
  _viewer: EventViewer,
): Promise<void> {
  return notYet();
}

export async function importEventWineIds(
  _eventId: string,
  _listId: string,
  _input: EventWineIdsImport,
  _viewer: EventViewer,
): Promise<EventWineImportReport> {
  return notYet();
}

export async function lookUpEventWineIds(
  _input: EventWineIdsImport,
  _viewer: EventViewer,
): Promise<EventWineIdsLookup> {
  return notYet();
}
