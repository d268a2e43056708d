import type { EventsQuery } from '@kork/shared';
import { queryOptions } from '@tanstack/react-query';
import { listWineLists } from '../../wine-lists/api/wine-lists';
import { searchWines } from '../../wines/api/search-wines';
import { eventKeys, getEvent, listEvents } from './events';

/**
 * Wine events' reads as query options, one per endpoint. Who asks is part of the keys: an organiser may
 * see their own events differently, and prices depend on who asks (monopoly or HORECA) and the currency.
 */

/** `GET /events`: a page of events for the filters. */
export function eventsQuery(query: EventsQuery, viewer: string) {
  return queryOptions({
    queryKey: [...eventKeys.list(query), viewer],
    queryFn: ({ signal }) => listEvents(query, signal),
  });
}

/** `GET /events/{id}`: one event with its wine lists. */
export function eventQuery(eventId: string, viewer: string, currency: string) {
  return queryOptions({
    queryKey: [...eventKeys.event(eventId), viewer, currency],
    queryFn: ({ signal }) => getEvent(eventId, signal),
  });
}

/** Catalogue wines to put on an event's list, found by name. */
export function eventWineSearchQuery(term: string, resultsPerPage: number) {
  return queryOptions({
    queryKey: ['event-wine-search', term] as const,
    queryFn: ({ signal }) => searchWines({ search: term, resultsPerPage, isAvailable: false }, signal),
    staleTime: 60_000,
  });
}

/** The organiser's own wine lists, to copy one onto an event (`userId` empty: nobody signed in). */
export function organiserWineListsQuery(userId: string) {
  return queryOptions({
    queryKey: ['wine-lists', userId, 'rows'] as const,
    queryFn: ({ signal }) => listWineLists(userId, signal),
    enabled: userId !== '',
  });
}
