/**
 * What the API answers of an event: its card, its profile with the lists' catalogue wines priced for
 * the viewer, its organiser and its related events. Prices are for registered users only, in the
 * request's currency; an event showing HORECA prices shows a business account the price ex VAT it
 * would pay a wholesaler instead of the monopoly's.
 */
import {
  convertFromNokMinor,
  type EventOrganiser,
  type EventSummary,
  type EventWine,
  type EventWineList,
  foldText,
  horecaPriceFromRetail,
  isBusinessUserType,
  isPastEvent,
  type UserType,
  type WineEvent,
} from '@kork/shared';
import { hiddenAccounts, publicNames } from '../accounts/public-profiles';
import { catalogDocs, type SearchDoc, toRow } from '../catalog/search-service';
import type { HttpRequest } from '../platform/http';
import {
  canEdit,
  categoryOf,
  type EventRecord,
  eventsOfListing,
  listsOf,
  type StoredList,
  typeOf,
} from './event-store';

/** Who asks, in which currency and language: what every read and write needs from the request. */
export type EventViewer = Pick<HttpRequest, 'principal' | 'currency' | 'locale'>;

/** The cover's address for `<img>` (through the image service, as every stored picture). */
export function coverUrlOf(coverPhoto: string | undefined | null): string | undefined {
  return coverPhoto ? `/${coverPhoto}` : undefined;
}

/** The HORECA price replaces the monopoly price for a business viewer of an event that shows it. */
function showsHoreca(record: Pick<EventRecord, 'horecaPrices'>, viewer: EventViewer): boolean {
  return record.horecaPrices && viewer.principal?.role === 'business';
}

/** A catalogue wine as an event lists it for this viewer. */
export function eventWineOf(doc: SearchDoc, viewer: EventViewer, horeca = false): EventWine {
  const row: EventWine = toRow(doc, viewer);
  if (horeca) {
    delete row.price;
    if (doc.priceMinor !== undefined && doc.priceMinor > 0) {
      row.horecaPrice = convertFromNokMinor(horecaPriceFromRetail(doc.priceMinor), viewer.currency);
      row.currency = viewer.currency;
    } else delete row.currency;
  }
  return row;
}

/** Every catalogue wine the lists name, read once. */
export async function docsOfLists(lists: readonly StoredList[]): Promise<Map<string, SearchDoc>> {
  return catalogDocs([...new Set(lists.flatMap((list) => list.wineIds))]);
}

/** One list with its wines; a wine gone from the catalogue is left out of `wines`. */
export function listView(
  list: StoredList,
  docs: ReadonlyMap<string, SearchDoc>,
  viewer: EventViewer,
  horeca = false,
): EventWineList {
  const wines: EventWine[] = [];
  for (const id of list.wineIds) {
    const doc = docs.get(id);
    if (doc) wines.push(eventWineOf(doc, viewer, horeca));
  }
  return { id: list.id, name: list.name, wines, wineIds: [...list.wineIds] };
}

/** One list of an event as its routes answer it. */
export async function eventListView(
  record: EventRecord,
  list: StoredList,
  viewer: EventViewer,
): Promise<EventWineList> {
  return listView(list, await docsOfLists([list]), viewer, showsHoreca(record, viewer));
}

/** Events whose organiser is not being deleted: such an account's events show nowhere meanwhile. */
export async function withoutHiddenOrganisers(records: readonly EventRecord[]): Promise<EventRecord[]> {
  if (records.length === 0) return [];
  const hidden = await hiddenAccounts(records.map((record) => record.ownerId));
  return hidden.size === 0 ? [...records] : records.filter((record) => !hidden.has(record.ownerId));
}

/** The organisers of events by owner id: a business account shows its tasting location. */
export async function organisersOf(ownerIds: readonly string[]): Promise<Map<string, EventOrganiser>> {
  const names = await publicNames(ownerIds);
  const organisers = new Map<string, EventOrganiser>();
  for (const id of new Set(ownerIds)) {
    const person = names.get(id);
    if (!person) {
      organisers.set(id, { id, name: '', kind: 'user' });
      continue;
    }
    const business = isBusinessUserType(person.userType as UserType);
    const organiser: EventOrganiser = business
      ? { id, name: person.tastingLocationName || person.name, kind: 'tastingLocation' }
      : { id, name: person.name, kind: 'user' };
    if (person.image) organiser.image = person.image;
    organisers.set(id, organiser);
  }
  return organisers;
}

export function toSummary(record: EventRecord, organiser: EventOrganiser): EventSummary {
  const lists = listsOf(record);
  const summary: EventSummary = {
    id: record.id,
    type: typeOf(record),
    name: record.name,
    category: categoryOf(record),
    startDate: record.startDate,
    endDate: record.endDate,
    startTime: record.startTime,
    endTime: record.endTime,
    location: record.location,
    city: record.city,
    organiser,
    wineCount: new Set(lists.flatMap((list) => list.wineIds)).size,
    listCount: lists.length,
  };
  const coverUrl = coverUrlOf(record.coverPhoto);
  if (coverUrl) summary.coverUrl = coverUrl;
  return summary;
}

/** Cards of several events, with their organisers read once. */
export async function summariesOf(records: readonly EventRecord[]): Promise<EventSummary[]> {
  const organisers = await organisersOf(records.map((record) => record.ownerId));
  return records.map((record) =>
    toSummary(record, organisers.get(record.ownerId) ?? { id: record.ownerId, name: '', kind: 'user' }),
  );
}

/** Upcoming first (soonest first), then past ones (latest first). */
export function upcomingFirst(records: EventRecord[], now = Date.now()): EventRecord[] {
  const upcoming = records.filter((record) => !isPastEvent(record, now));
  const past = records.filter((record) => isPastEvent(record, now));
  upcoming.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id));
  past.sort((a, b) => b.startsAt.localeCompare(a.startsAt) || a.id.localeCompare(b.id));
  return [...upcoming, ...past];
}

/** A city or a name as the filters and searches compare them: case, accents and spacing ignored. */
export const fold = (text: string) => foldText(text).replace(/\s+/g, ' ').trim();

/** Public events sharing the organiser, the category or the city; upcoming first; never the event itself. */
async function relatedTo(record: EventRecord, limit: number): Promise<EventRecord[]> {
  const city = fold(record.city);
  const candidates = (await withoutHiddenOrganisers(await eventsOfListing('public'))).filter(
    (other) =>
      other.id !== record.id &&
      (other.ownerId === record.ownerId || other.category === record.category || fold(other.city) === city),
  );
  // The closest first within each of upcoming and past: same organiser, then city, then category.
  const score = (other: EventRecord) =>
    (other.ownerId === record.ownerId ? 4 : 0) +
    (fold(other.city) === city ? 2 : 0) +
    (other.category === record.category ? 1 : 0);
  const now = Date.now();
  const ordered = upcomingFirst(candidates, now);
  const rank = new Map(ordered.map((other, i) => [other.id, i]));
  return ordered
    .sort(
      (a, b) =>
        Number(isPastEvent(a, now)) - Number(isPastEvent(b, now)) ||
        score(b) - score(a) ||
        (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0),
    )
    .slice(0, limit);
}

/** `GET /api/events/{eventId}` and what every write of the event answers. */
export async function toWineEvent(
  record: EventRecord,
  viewer: EventViewer,
  relatedMax: number,
): Promise<WineEvent> {
  const lists = listsOf(record);
  const [docs, related] = await Promise.all([
    docsOfLists(lists),
    relatedMax > 0 ? relatedTo(record, relatedMax) : Promise.resolve([]),
  ]);
  const [summary, ...relatedSummaries] = await summariesOf([record, ...related]);
  const horeca = showsHoreca(record, viewer);
  return {
    ...(summary as EventSummary),
    horecaPrices: record.horecaPrices,
    description: record.description,
    website: record.website,
    ticketLink: record.ticketLink,
    coverPhoto: record.coverPhoto ?? null,
    wineLists: lists.map((list) => listView(list, docs, viewer, horeca)),
    canEdit: canEdit(record, viewer.principal),
    related: relatedSummaries,
    currency: viewer.currency,
    version: record.version,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
