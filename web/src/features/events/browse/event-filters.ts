import { EVENT_LIMITS, type EventCategory, type EventsQuery, type EventWhen } from '@kork/shared';
import { isEventCategory } from '../event-text';

/** Cards on one page of /events. */
export const EVENTS_PER_PAGE = 12;
export const SEARCH_MAX = EVENT_LIMITS.nameMax;

/** What /events shows, as its address keeps it (`?when=past&category=tasting&place=Oslo…`). */
export interface EventFilters {
  when: EventWhen;
  search: string;
  category?: EventCategory;
  place?: string;
  from?: string;
  to?: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string | null): string | undefined {
  return value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/** The filters of an address; values that make no sense are left out rather than sent. */
export function filtersFromParams(params: URLSearchParams): EventFilters {
  const page = Number(params.get('page'));
  const place = params.get('place')?.trim().slice(0, EVENT_LIMITS.cityMax);
  const category = params.get('category');
  return {
    when: params.get('when') === 'past' ? 'past' : 'upcoming',
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX),
    category: isEventCategory(category) ? category : undefined,
    place: place || undefined,
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The address of some filters: defaults (upcoming, page 1, nothing chosen) are left out. */
export function paramsFromFilters(filters: EventFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.when === 'past') params.set('when', 'past');
  if (filters.search) params.set('search', filters.search);
  if (filters.category) params.set('category', filters.category);
  if (filters.place) params.set('place', filters.place);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The API's query for some filters. */
export function queryFromFilters(filters: EventFilters): EventsQuery {
  const query: EventsQuery = { when: filters.when, page: filters.page, resultsPerPage: EVENTS_PER_PAGE };
  if (filters.search) query.search = filters.search;
  if (filters.category) query.category = filters.category;
  if (filters.place) query.place = filters.place;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  return query;
}

/** Anything narrowing the list beyond upcoming or past. */
export function isFiltered(filters: EventFilters): boolean {
  return Boolean(filters.search || filters.category || filters.place || filters.from || filters.to);
}
