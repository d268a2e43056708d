import {
  EVENT_LIMITS,
  type EventCategory,
  EventInput,
  type EventType,
  type EventUpdate,
  endsAfterStart,
  isClockTime,
  isIsoDate,
  type WineEvent,
  type WineRow,
  wineDisplayName,
  withBounds,
} from '@kork/shared';
import { type FieldErrors, schemaErrors, translateMessage } from '../../../lib/form-schema';

/**
 * The event dialog's values as typed, the lists being built in its third step, and what is sent: checked
 * with the API's own schema (`EventInput`), one step at a time. Pure, for tests.
 */

export interface EventFormValues {
  type: EventType;
  horecaPrices: boolean;
  name: string;
  /** Empty until one is chosen. */
  category: EventCategory | '';
  description: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  location: string;
  city: string;
  website: string;
  ticketLink: string;
  /** The stored path of the uploaded cover, or null for none. */
  coverPhoto: string | null;
}

/** A catalogue wine on a list being built: its id and the name it is shown by. */
export interface DraftWine {
  id: string;
  name: string;
}

/** A list being built: `key` tells lists apart while their names are typed. */
export interface DraftList {
  key: string;
  name: string;
  wines: DraftWine[];
}

export const STEPS = ['about', 'when', 'lists', 'more'] as const;
export type EventStep = (typeof STEPS)[number];

/** The fields each step asks for (by the schema's top-level names). */
export const STEP_FIELDS: Record<EventStep, readonly string[]> = {
  about: ['type', 'name', 'category', 'description', 'coverPhoto'],
  when: ['startDate', 'startTime', 'endDate', 'endTime', 'location', 'city'],
  lists: ['wineLists'],
  more: ['website', 'ticketLink', 'horecaPrices'],
};

/** The step a field (or a server error's path, `wineLists.0.name`) belongs to. */
export function stepOfField(field: string): number {
  const root = field.split('.')[0] ?? '';
  const index = STEPS.findIndex((step) => STEP_FIELDS[step].includes(root));
  return index;
}

export const EMPTY_VALUES: EventFormValues = {
  type: 'public',
  horecaPrices: false,
  name: '',
  category: '',
  description: '',
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  location: '',
  city: '',
  website: '',
  ticketLink: '',
  coverPhoto: null,
};

/** The form as it starts: empty for a new event, the event as saved for an edit. */
export function eventFormValues(event?: WineEvent): EventFormValues {
  if (!event) return { ...EMPTY_VALUES };
  return {
    type: event.type,
    horecaPrices: event.horecaPrices,
    name: event.name,
    category: event.category,
    description: event.description,
    startDate: event.startDate,
    startTime: event.startTime,
    endDate: event.endDate,
    endTime: event.endTime,
    location: event.location,
    city: event.city,
    website: event.website,
    ticketLink: event.ticketLink,
    coverPhoto: event.coverPhoto,
  };
}

let draftKeys = 0;

export function newDraftKey(): string {
  draftKeys += 1;
  return `draft-${draftKeys}`;
}

/** How a catalogue wine is named on a list being built ("Vietti Barolo Cannubi 2019"). */
export function draftWineOf(row: Pick<WineRow, 'id' | 'name' | 'producer' | 'vintage'>): DraftWine {
  return {
    id: row.id,
    name: wineDisplayName({ wineName: row.name, producerName: row.producer, vintage: row.vintage }),
  };
}

/** The event's lists as saved, to edit. */
export function draftListsOf(event?: WineEvent): DraftList[] {
  return (event?.wineLists ?? []).map((list) => ({
    key: newDraftKey(),
    name: list.name,
    wines: list.wines.map(draftWineOf),
  }));
}

/** The request's body from the form (before the schema reads it). */
export function toEventInput(values: EventFormValues, lists: readonly DraftList[]) {
  return {
    ...values,
    wineLists: lists.map((list) => ({ name: list.name, wineIds: list.wines.map((wine) => wine.id) })),
  };
}

/** Wines added to a list where they are not yet, up to the list's limit; what did not fit is counted. */
export function addWines(
  list: DraftList,
  wines: readonly DraftWine[],
): { list: DraftList; added: DraftWine[]; alreadyListed: DraftWine[]; overflow: number } {
  const ids = new Set(list.wines.map((wine) => wine.id));
  const added: DraftWine[] = [];
  const alreadyListed: DraftWine[] = [];
  let overflow = 0;
  for (const wine of wines) {
    if (ids.has(wine.id)) {
      alreadyListed.push(wine);
      continue;
    }
    if (list.wines.length + added.length >= EVENT_LIMITS.winesPerListMax) {
      overflow += 1;
      continue;
    }
    ids.add(wine.id);
    added.push(wine);
  }
  return { list: { ...list, wines: [...list.wines, ...added] }, added, alreadyListed, overflow };
}

/** A wine moved one place up (-1) or down (+1) on its list. */
export function moveWine(list: DraftList, index: number, by: -1 | 1): DraftList {
  const target = index + by;
  if (target < 0 || target >= list.wines.length) return list;
  const wines = [...list.wines];
  const [wine] = wines.splice(index, 1);
  if (wine) wines.splice(target, 0, wine);
  return { ...list, wines };
}

/** The limits' messages in the visitor's language. */
export function listsFullMessage(): string {
  return translateMessage(withBounds('eventListsFull', { max: EVENT_LIMITS.listsMax }));
}

export function listFullMessage(): string {
  return translateMessage(withBounds('eventListTooLong', { max: EVENT_LIMITS.winesPerListMax }));
}

/**
 * "The end must be after the start" once all four parts are typed in full, checked with the shared rule
 * as they are typed; undefined otherwise.
 */
export function scheduleError(values: EventFormValues): string | undefined {
  const { startDate, startTime, endDate, endTime } = values;
  if (![startDate, endDate].every(isIsoDate) || ![startTime, endTime].every(isClockTime)) return undefined;
  return endsAfterStart({ startDate, startTime, endDate, endTime })
    ? undefined
    : translateMessage('eventEndsBeforeStart');
}

/** The translated message of each failing field of some steps (all of them when none are named). */
export function eventErrors(
  values: EventFormValues,
  lists: readonly DraftList[],
  steps: readonly EventStep[] = STEPS,
): FieldErrors {
  const only = steps.flatMap((step) => STEP_FIELDS[step]);
  return schemaErrors(EventInput, toEventInput(values, lists), only);
}

/** The input as the API reads it, when the form is valid. */
export function parsedEvent(values: EventFormValues, lists: readonly DraftList[]): EventInput | null {
  const result = EventInput.safeParse(toEventInput(values, lists));
  return result.success ? result.data : null;
}

/** The edit's body: every field, the lists replaced, with the version read. */
export function eventUpdate(input: EventInput, version: number): EventUpdate {
  return { ...input, version };
}
