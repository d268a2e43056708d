import * as z from 'zod/mini';
import type { WineRow } from './catalog';
import type { CurrencyCode } from './currencies';
import { withBounds } from './messages';
import {
  crossCheck,
  idField,
  isIsoDate,
  listField,
  mediaKeyField,
  numberField,
  textField,
} from './schema-primitives';

/**
 * Wine events (SPEC §1–§4, docs/events.md): a tasting, a dinner or a fair with its wine lists, public
 * (listed and found by everyone) or private (reachable only by its link or an exact search for its
 * name). Dates and times are the organiser's wall clock in Norway (`EVENT_TIME_ZONE`); the instants they
 * mean are worked out here, so "upcoming" and "past" agree on both sides.
 *
 * This file is the contract; the rules' tests live in events.test.ts.
 */

export const EVENT_TIME_ZONE = 'Europe/Oslo';

export const EVENT_TYPES = ['public', 'private'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_CATEGORIES = ['tasting', 'dinner', 'fair', 'course', 'festival', 'other'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export const EVENT_LIMITS = {
  nameMax: 120,
  descriptionMax: 4000,
  locationMax: 200,
  cityMax: 80,
  urlMax: 500,
  /** Wine lists of one event. */
  listsMax: 10,
  listNameMax: 80,
  /** Wines of one list. */
  winesPerListMax: 150,
  /** Characters of one batch of ids to import. */
  importTextMax: 5000,
  /** Ids of one batch. */
  importIdsMax: 300,
  /** Earliest and latest year an event may be dated. */
  yearMin: 2000,
  yearsAhead: 5,
  /** Rows of one page of `GET /api/events`. */
  resultsPerPageMax: 100,
  /** Related events on a profile. */
  relatedMax: 6,
} as const;

// — Dates and times —

/** `HH:mm`, 00:00–23:59. */
export function isClockTime(value: string): boolean {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  return Boolean(match) && Number(match?.[1]) < 24 && Number(match?.[2]) < 60;
}

/** Minutes Oslo is ahead of UTC at a UTC instant (60 in winter, 120 in summer). */
function osloOffsetMinutes(utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: EVENT_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
}

/**
 * The instant (epoch ms) of a wall-clock date and time in Oslo. On the two nights a year the clock
 * changes, a time that does not exist (02:30 in late March) is read with summer time (00:30 UTC), and a
 * time that happens twice (02:30 in late October) as its second reading (01:30 UTC).
 */
export function osloInstant(date: string, time: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets a day before and after cover both sides of a clock change that night; a reading is
  // right when Oslo's offset at that instant is the one it assumed.
  const before = osloOffsetMinutes(wall - 86_400_000);
  const after = osloOffsetMinutes(wall + 86_400_000);
  const readings = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => wall - instant === osloOffsetMinutes(instant) * 60_000);
  return readings.length > 0 ? Math.max(...readings) : wall - after * 60_000;
}

export interface EventSchedule {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

/** The event's start and end instants (epoch ms). */
export function eventInstants(schedule: EventSchedule): { startsAt: number; endsAt: number } {
  return {
    startsAt: osloInstant(schedule.startDate, schedule.startTime),
    endsAt: osloInstant(schedule.endDate, schedule.endTime),
  };
}

/** SPEC §2: the end comes after the start. */
export function endsAfterStart(schedule: EventSchedule): boolean {
  const { startsAt, endsAt } = eventInstants(schedule);
  return endsAt > startsAt;
}

/** Past once its end has passed; upcoming (or on now) until then. */
export function isPastEvent(schedule: EventSchedule, now: number = Date.now()): boolean {
  return eventInstants(schedule).endsAt <= now;
}

// — Wine ids to import (SPEC §5) —

export interface ParsedWineIds {
  /** Distinct ids in the order given: digits only (Vinmonopolet numbers, Vectura ids). */
  ids: string[];
  /** Pieces that are not an id ("abc", "12-4"), as typed. */
  junk: string[];
  /** Ids given more than once, listed once each. */
  repeated: string[];
}

/**
 * SPEC §5: Vinmonopolet numbers or Vectura ids separated by commas or semicolons. Spaces around a piece
 * and empty pieces are ignored; a piece with spaces inside ("1001 201") is read without them, as numbers
 * are often grouped; anything else that is not 1–12 digits is junk.
 */
export function parseWineIds(text: string): ParsedWineIds {
  const ids: string[] = [];
  const junk: string[] = [];
  const repeated = new Set<string>();
  const seen = new Set<string>();
  for (const raw of text.split(/[,;\n\r]+/)) {
    const piece = raw.trim();
    if (!piece) continue;
    const compact = piece.replace(/\s+/g, '');
    if (!/^\d{1,12}$/.test(compact)) {
      junk.push(piece);
      continue;
    }
    if (seen.has(compact)) repeated.add(compact);
    else {
      seen.add(compact);
      ids.push(compact);
    }
  }
  return { ids, junk, repeated: [...repeated] };
}

// — Schemas —

function yearBounds(now: Date = new Date()) {
  return {
    min: `${EVENT_LIMITS.yearMin}-01-01`,
    max: `${now.getUTCFullYear() + EVENT_LIMITS.yearsAhead}-12-31`,
  };
}

const eventDateField = z.string({ error: 'invalidDate' }).check(
  z.maxLength(10, { error: 'invalidDate' }),
  z.refine(isIsoDate, { error: 'invalidDate', abort: true }),
  z.refine(
    (value: string) => {
      const { min, max } = yearBounds();
      return value >= min && value <= max;
    },
    { error: () => withBounds('dateBetween', yearBounds()) },
  ),
);

const clockTimeField = z
  .string({ error: 'invalidTime' })
  .check(z.maxLength(5, { error: 'invalidTime' }), z.refine(isClockTime, { error: 'invalidTime' }));

/** An http(s) address, or empty for none. */
export function isWebAddress(value: string): boolean {
  if (value === '') return true;
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return Boolean(url.hostname) && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const webAddressField = textField(EVENT_LIMITS.urlMax).check(
  z.refine(isWebAddress, { error: 'invalidWebAddress' }),
);

/**
 * Where an uploaded cover lives (`POST /api/events/covers` answers it): a media key, so no `..`,
 * escapes, backslashes or empty parts; null removes the cover.
 */
const coverPhotoField = z.nullable(mediaKeyField);

const wineIdsField = listField(idField, EVENT_LIMITS.winesPerListMax, { tooMany: 'eventListTooLong' });

/** One list as a whole: its name and its catalogue wines in order. */
const wineListDraft = z.strictObject(
  { name: textField(EVENT_LIMITS.listNameMax, { min: 1 }), wineIds: wineIdsField },
  { error: 'unknownField' },
);

/** Every list of an event at once (create, edit in steps, replace all). */
const wineListsField = listField(wineListDraft, EVENT_LIMITS.listsMax, { tooMany: 'eventListsFull' });

const eventFields = {
  type: z.enum(EVENT_TYPES, { error: 'invalidValue' }),
  horecaPrices: z.boolean({ error: 'invalidValue' }),
  name: textField(EVENT_LIMITS.nameMax, { min: 1 }),
  category: z.enum(EVENT_CATEGORIES, { error: 'invalidValue' }),
  description: textField(EVENT_LIMITS.descriptionMax, { lines: true }),
  startDate: eventDateField,
  endDate: eventDateField,
  startTime: clockTimeField,
  endTime: clockTimeField,
  /** The location line: venue and address ("Vinbaren, Torggata 5"). */
  location: textField(EVENT_LIMITS.locationMax, { min: 1 }),
  /** The place the filter offers ("Oslo"). */
  city: textField(EVENT_LIMITS.cityMax, { min: 1 }),
  website: webAddressField,
  ticketLink: webAddressField,
  coverPhoto: coverPhotoField,
};

const endAfterStart = crossCheck<Partial<EventSchedule>>(
  ['startDate', 'endDate', 'startTime', 'endTime'],
  (input: unknown) => {
    const value = input as Partial<EventSchedule>;
    return (
      !value.startDate ||
      !value.endDate ||
      !value.startTime ||
      !value.endTime ||
      endsAfterStart(value as EventSchedule)
    );
  },
  { error: 'eventEndsBeforeStart', path: ['endTime'] },
);

/** `POST /api/events`. `website`, `ticketLink` and `description` may be empty; `coverPhoto` may be null. */
export const EventInput = z
  .strictObject(
    {
      ...eventFields,
      description: z._default(eventFields.description, ''),
      website: z._default(eventFields.website, ''),
      ticketLink: z._default(eventFields.ticketLink, ''),
      coverPhoto: z._default(eventFields.coverPhoto, null),
      /** The lists built in the dialog's third step, saved with the event in one write. */
      wineLists: z._default(wineListsField, []),
    },
    { error: 'unknownField' },
  )
  .check(endAfterStart);
export type EventInput = z.infer<typeof EventInput>;

/**
 * `PATCH /api/events/{eventId}`: any of the fields, with the version read (409 when another change came
 * first). The end-after-start rule is checked on the event as it will be.
 */
export const EventUpdate = z
  .strictObject(
    {
      ...Object.fromEntries(Object.entries(eventFields).map(([key, field]) => [key, z.optional(field)])),
      version: z.optional(numberField(0, 1_000_000_000, { int: true })),
      /** When given, every list is replaced with these in the same write (the dialog's edit). */
      wineLists: z.optional(wineListsField),
    } as { [K in keyof typeof eventFields]: z.ZodMiniOptional<(typeof eventFields)[K]> } & {
      version: z.ZodMiniOptional<ReturnType<typeof numberField>>;
      wineLists: z.ZodMiniOptional<typeof wineListsField>;
    },
    { error: 'unknownField' },
  )
  .check(endAfterStart);
export type EventUpdate = z.infer<typeof EventUpdate>;

export const EVENT_WHEN = ['upcoming', 'past'] as const;
export type EventWhen = (typeof EVENT_WHEN)[number];

/** `GET /api/events`: upcoming (soonest first) or past (latest first), filtered. */
export const EventsQuery = z.object({
  /** Words of the name, organiser, location or city; an exact name also finds a private event. */
  search: z.optional(textField(EVENT_LIMITS.nameMax)),
  when: z.optional(z.enum(EVENT_WHEN, { error: 'invalidValue' })),
  category: z.optional(z.enum(EVENT_CATEGORIES, { error: 'invalidValue' })),
  /** The city, as `EventsPage.cities` lists them (case and accents ignored). */
  place: z.optional(textField(EVENT_LIMITS.cityMax)),
  /** Events on or after this day, and on or before `to` (by their dates in Oslo). */
  from: z.optional(eventDateField),
  to: z.optional(eventDateField),
  /** Events of one organiser (their profile's "events" list). */
  organiserId: z.optional(idField),
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
  resultsPerPage: z.optional(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(EVENT_LIMITS.resultsPerPageMax)),
  ),
});
export type EventsQuery = z.infer<typeof EventsQuery>;

/**
 * `POST /api/events/{eventId}/wine-lists`: a new list by name, with the catalogue wines picked by search
 * (`wineIds`) or copied from one of the organiser's cellar wine lists (`fromWineListId`; its catalogue
 * wines, in its order).
 */
export const EventWineListInput = z.strictObject(
  {
    name: textField(EVENT_LIMITS.listNameMax, { min: 1 }),
    wineIds: z.optional(wineIdsField),
    fromWineListId: z.optional(idField),
  },
  { error: 'unknownField' },
);
export type EventWineListInput = z.infer<typeof EventWineListInput>;

/** `PATCH …/wine-lists/{listId}`: rename, and/or set its wines (in this order). */
export const EventWineListUpdate = z.strictObject(
  {
    name: z.optional(textField(EVENT_LIMITS.listNameMax, { min: 1 })),
    wineIds: z.optional(wineIdsField),
  },
  { error: 'unknownField' },
);
export type EventWineListUpdate = z.infer<typeof EventWineListUpdate>;

/** `PUT /api/events/{eventId}/wine-lists`: the event's lists, all replaced at once (§4 replace all). */
export const EventWineListsReplace = z.strictObject({ lists: wineListsField }, { error: 'unknownField' });
export type EventWineListsReplace = z.infer<typeof EventWineListsReplace>;

/** `POST …/wine-lists/{listId}/import`: ids separated by commas or semicolons (§5). */
export const EventWineIdsImport = z.strictObject(
  { ids: textField(EVENT_LIMITS.importTextMax, { min: 1, lines: true }) },
  { error: 'unknownField' },
);
export type EventWineIdsImport = z.infer<typeof EventWineIdsImport>;

/**
 * `POST /api/events/wine-ids`: the same ids looked up without saving, for a list still being built in
 * the dialog; it answers `EventWineIdsLookup`.
 */
export const EventWineIdsLookupInput = EventWineIdsImport;
export type EventWineIdsLookupInput = EventWineIdsImport;

// — What the API answers —

export interface EventOrganiser {
  id: string;
  /** The tasting location's name for a business account, else the person's name. */
  name: string;
  /** `tastingLocation` links to /restaurants/{id}, `user` to /users/{id}. */
  kind: 'tastingLocation' | 'user';
  image?: string;
}

/** A wine on an event's list: the catalogue row, with the HORECA price when the event shows it. */
export interface EventWine extends WineRow {
  /**
   * The HORECA price ex VAT in the request's currency: only when the event's `horecaPrices` is on and the
   * viewer is a business account (then `price` is left out).
   */
  horecaPrice?: number;
}

export interface EventWineList {
  id: string;
  name: string;
  /** The catalogue wines in the organiser's order; a wine gone from the catalogue is left out. */
  wines: EventWine[];
  wineIds: string[];
}

/** One card of `GET /api/events`. */
export interface EventSummary {
  id: string;
  type: EventType;
  name: string;
  category: EventCategory;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  location: string;
  city: string;
  /** The cover's address for `<img>`, when there is one. */
  coverUrl?: string;
  organiser: EventOrganiser;
  wineCount: number;
  listCount: number;
}

/** `GET /api/events/{eventId}`. */
export interface WineEvent extends EventSummary {
  horecaPrices: boolean;
  description: string;
  website: string;
  ticketLink: string;
  /** The stored path of the cover (what `coverPhoto` takes back). */
  coverPhoto: string | null;
  wineLists: EventWineList[];
  /** The viewer is the organiser or an admin. */
  canEdit: boolean;
  /** Same organiser, category or city; public and upcoming first; never this one. */
  related: EventSummary[];
  /** The currency of `price` and `horecaPrice`. */
  currency: CurrencyCode;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/events`: `{rows, count}` and the cities the public events are in, for the place filter. */
export interface EventsPage {
  rows: EventSummary[];
  count: number;
  cities: string[];
}

/** `POST …/wine-lists/{listId}/import`. */
export interface EventWineImportReport {
  list: EventWineList;
  /** Ids that found a catalogue wine and were added (in the order given). */
  added: string[];
  /** Ids already on the list. */
  alreadyListed: string[];
  /** Ids no catalogue wine has (neither a Vinmonopolet number nor a Vectura id). */
  unknown: string[];
  /** Pieces that are not ids. */
  junk: string[];
}

/** `POST /api/events/wine-ids`: the wines the ids name, and what named none. */
export interface EventWineIdsLookup {
  /** The wines found, in the order their ids were given (one per id). */
  wines: EventWine[];
  /** For each found wine, the id that named it (same order as `wines`). */
  foundIds: string[];
  unknown: string[];
  junk: string[];
  repeated: string[];
}

/** `POST /api/events/covers`: the stored path for `coverPhoto`, and its address to show. */
export interface EventCoverUpload {
  coverPhoto: string;
  coverUrl: string;
}
