import type {
  EventCoverUpload,
  EventInput,
  EventsPage,
  EventsQuery,
  EventUpdate,
  EventWineIdsLookup,
  EventWineImportReport,
  EventWineList,
  EventWineListInput,
  EventWineListsReplace,
  EventWineListUpdate,
  WineEvent,
} from '@kork/shared';
import { api } from '../../../lib/api-client';

/**
 * Wine events' calls (docs/events.md). Query keys live in `eventKeys`; any change of an event or its
 * lists invalidates `eventKeys.all` (lists, profiles and related events all show it).
 */

export const eventKeys = {
  all: ['events'] as const,
  list: (query: EventsQuery) => ['events', 'list', query] as const,
  event: (eventId: string) => ['events', 'event', eventId] as const,
};

const e = encodeURIComponent;
const lists = (eventId: string) => `/events/${e(eventId)}/wine-lists`;

export function listEvents(query: EventsQuery, signal?: AbortSignal): Promise<EventsPage> {
  return api.get<EventsPage>('/events', { query: query as Record<string, string | number>, signal });
}

export function getEvent(eventId: string, signal?: AbortSignal): Promise<WineEvent> {
  return api.get<WineEvent>(`/events/${e(eventId)}`, { signal });
}

export function createEvent(input: EventInput): Promise<WineEvent> {
  return api.post<WineEvent>('/events', { body: input });
}

export function updateEvent(eventId: string, input: EventUpdate): Promise<WineEvent> {
  return api.patch<WineEvent>(`/events/${e(eventId)}`, { body: input });
}

export function deleteEvent(eventId: string): Promise<void> {
  return api.delete<void>(`/events/${e(eventId)}`);
}

/** Uploads a cover photo before (or while) the event is saved; its `coverPhoto` goes in the event. */
export function uploadEventCover(file: File): Promise<EventCoverUpload> {
  const form = new FormData();
  form.append('image', file);
  return api.post<EventCoverUpload>('/events/covers', { body: form });
}

export function replaceEventWineLists(eventId: string, input: EventWineListsReplace): Promise<WineEvent> {
  return api.put<WineEvent>(lists(eventId), { body: input });
}

export function addEventWineList(eventId: string, input: EventWineListInput): Promise<EventWineList> {
  return api.post<EventWineList>(lists(eventId), { body: input });
}

export function updateEventWineList(
  eventId: string,
  listId: string,
  input: EventWineListUpdate,
): Promise<EventWineList> {
  return api.patch<EventWineList>(`${lists(eventId)}/${e(listId)}`, { body: input });
}

export function deleteEventWineList(eventId: string, listId: string): Promise<void> {
  return api.delete<void>(`${lists(eventId)}/${e(listId)}`);
}

/** Batch import: Vinmonopolet numbers or Vectura ids separated by commas or semicolons (SPEC §5). */
export function importEventWineIds(
  eventId: string,
  listId: string,
  ids: string,
): Promise<EventWineImportReport> {
  return api.post<EventWineImportReport>(`${lists(eventId)}/${e(listId)}/import`, { body: { ids } });
}

/** Looks ids up for a list still being built (nothing is saved): the wines found and what was not. */
export function lookUpEventWineIds(ids: string): Promise<EventWineIdsLookup> {
  return api.post<EventWineIdsLookup>('/events/wine-ids', { body: { ids } });
}
