/**
 * Finding events: `GET /api/events` and the events of the navbar's global search. Public events are
 * read whole from their listing partition and filtered in memory (a few hundred items at most at this
 * scale: docs/events.md); a private event is found only by its exact name, or by its organiser.
 */
import {
  type EventsPage,
  type EventsQuery,
  type EventWhen,
  eventInstants,
  isPastEvent,
  matchesFoldedName,
  type SearchHit,
} from '@kork/shared';
import { type EventRecord, eventsNamed, eventsOfListing, eventsOfOwner } from './event-store';
import {
  type EventViewer,
  fold,
  organisersOf,
  summariesOf,
  upcomingFirst,
  withoutHiddenOrganisers,
} from './event-views';

const RESULTS_PER_PAGE = 24;
const SEARCH_HITS = 5;

function byWhen(records: EventRecord[], when: EventWhen, now: number): EventRecord[] {
  if (when === 'past')
    return records
      .filter((record) => isPastEvent(record, now))
      .sort((a, b) => b.startsAt.localeCompare(a.startsAt) || a.id.localeCompare(b.id));
  return records
    .filter((record) => !isPastEvent(record, now))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id));
}

/** The distinct cities of the public events, as first written, sorted. */
function citiesOf(records: readonly EventRecord[]): string[] {
  const cities = new Map<string, string>();
  for (const record of records) {
    const key = fold(record.city);
    if (key && !cities.has(key)) cities.set(key, record.city.trim());
  }
  return [...cities.values()].sort((a, b) => a.localeCompare(b, 'nb'));
}

/** `GET /api/events`: public events (and the caller's own private ones on their organiser filter). */
export async function listEvents(query: EventsQuery, viewer: EventViewer): Promise<EventsPage> {
  const search = query.search ? fold(query.search) : '';
  const own = query.organiserId && query.organiserId === viewer.principal?.userId;
  const [publicEvents, named, owned] = await Promise.all([
    eventsOfListing('public'),
    search ? eventsNamed(search) : Promise.resolve([]),
    own ? eventsOfOwner(query.organiserId as string) : Promise.resolve([]),
  ]);
  const byId = new Map<string, EventRecord>();
  for (const record of await withoutHiddenOrganisers([...publicEvents, ...named, ...owned]))
    byId.set(record.id, record);
  const organisers = await organisersOf([...new Set([...byId.values()].map((record) => record.ownerId))]);
  const words = search.split(' ').filter(Boolean);
  const place = query.place ? fold(query.place) : '';
  const matching = [...byId.values()].filter((record) => {
    if (query.category && record.category !== query.category) return false;
    if (place && fold(record.city) !== place) return false;
    if (query.from && record.endDate < query.from) return false;
    if (query.to && record.startDate > query.to) return false;
    if (query.organiserId && record.ownerId !== query.organiserId) return false;
    if (words.length > 0 && record.nameKey !== search) {
      // An exact name finds any event; words find public ones by name, organiser, location or city.
      if (record.listing !== 'public') return false;
      const text = fold(
        [record.name, organisers.get(record.ownerId)?.name ?? '', record.location, record.city].join(' '),
      );
      if (!words.every((word) => text.includes(word))) return false;
    }
    return true;
  });
  const ordered = byWhen(matching, query.when ?? 'upcoming', Date.now());
  const perPage = query.resultsPerPage ?? RESULTS_PER_PAGE;
  const start = ((query.page ?? 1) - 1) * perPage;
  return {
    rows: await summariesOf(ordered.slice(start, start + perPage)),
    count: ordered.length,
    cities: citiesOf(publicEvents),
  };
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/Oslo',
});

/** "12 Dec 2026 · Oslo". */
function detailOf(record: EventRecord): string {
  const day = DAY_FORMAT.format(new Date(eventInstants(record).startsAt));
  return [day, record.city].filter(Boolean).join(' · ');
}

/**
 * The global search's events for a folded query: public events whose name matches, and private ones
 * whose name is exactly the query; upcoming first, at most five.
 */
export async function eventSearchHits(query: string): Promise<SearchHit[]> {
  const folded = fold(query);
  if (!folded) return [];
  const [publicEvents, named] = await Promise.all([eventsOfListing('public'), eventsNamed(folded)]);
  const found = new Map<string, EventRecord>();
  for (const record of publicEvents)
    if (matchesFoldedName(record.nameKey, folded)) found.set(record.id, record);
  for (const record of named) found.set(record.id, record);
  const shown = await withoutHiddenOrganisers([...found.values()]);
  return upcomingFirst(shown)
    .slice(0, SEARCH_HITS)
    .map((record) => {
      const hit: SearchHit = {
        kind: 'wineEvent',
        id: record.id,
        name: record.name,
        detail: detailOf(record),
      };
      if (record.coverPhoto) hit.imageUrl = `/${record.coverPhoto}`;
      return hit;
    });
}
