/**
 * An event's wine lists (SPEC §4: add, delete, edit, replace all; §5: batch import of ids). The lists
 * live in the event's item, so each change is one conditional write of the event; the limits are
 * checked on the lists as they will be, inside that write's read.
 */
import {
  EVENT_LIMITS,
  type EventWineIdsImport,
  type EventWineIdsLookup,
  type EventWineImportReport,
  type EventWineList,
  type EventWineListInput,
  type EventWineListsReplace,
  type EventWineListUpdate,
  parseWineIds,
  type WineEvent,
  withBounds,
} from '@kork/shared';
import { catalogDocs, winesByExternalNumbers } from '../catalog/search-service';
import { NotFoundError, ValidationError } from '../platform/errors';
import { catalogueWinesOfList } from '../wine-lists/wine-list-reads';
import { changeEvent, type EventRecord, listsOf, newListId, type StoredList } from './event-store';
import { type EventViewer, eventListView, eventWineOf, toWineEvent } from './event-views';

const listsFull = () => withBounds('eventListsFull', { max: EVENT_LIMITS.listsMax });
const listTooLong = () => withBounds('eventListTooLong', { max: EVENT_LIMITS.winesPerListMax });

/** Each id once, in the place it first had. */
function distinct(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** The ids, each once, all catalogue wines (else 400 `eventWinesUnknown` on `field`). */
async function catalogueIds(ids: readonly string[], field: string): Promise<string[]> {
  const unique = distinct(ids);
  const docs = await catalogDocs(unique);
  if (unique.some((id) => !docs.has(id))) throw new ValidationError({ [field]: 'eventWinesUnknown' });
  return unique;
}

export interface ListDraft {
  name: string;
  wineIds: string[];
}

/**
 * Drafts of every list (create, edit, replace all) checked against the catalogue; `field` names the
 * body's list field in errors (`wineLists`, `lists`).
 */
export async function checkedDrafts(drafts: readonly ListDraft[], field: string): Promise<ListDraft[]> {
  if (drafts.length > EVENT_LIMITS.listsMax) throw new ValidationError({ [field]: listsFull() });
  const checked: ListDraft[] = [];
  for (const [i, draft] of drafts.entries())
    checked.push({ name: draft.name, wineIds: await catalogueIds(draft.wineIds, `${field}.${i}.wineIds`) });
  return checked;
}

/** The drafts as stored lists: a list keeps its id when one of the same name was there before. */
export function storedLists(drafts: readonly ListDraft[], before: readonly StoredList[]): StoredList[] {
  const free = new Map<string, string>();
  for (const list of before) if (!free.has(list.name)) free.set(list.name, list.id);
  return drafts.map((draft) => {
    const id = free.get(draft.name);
    free.delete(draft.name);
    return { id: id ?? newListId(), name: draft.name, wineIds: [...draft.wineIds] };
  });
}

function listOf(record: EventRecord, listId: string): StoredList {
  const list = listsOf(record).find((l) => l.id === listId);
  if (!list) throw new NotFoundError();
  return list;
}

/** `PUT /api/events/{eventId}/wine-lists`: every list replaced in one write. */
export async function replaceEventWineLists(
  eventId: string,
  input: EventWineListsReplace,
  viewer: EventViewer,
): Promise<WineEvent> {
  const drafts = await checkedDrafts(input.lists, 'lists');
  const { after } = await changeEvent(eventId, viewer.principal, (record) => ({
    record: { ...record, wineLists: storedLists(drafts, listsOf(record)) },
  }));
  return toWineEvent(after, viewer, EVENT_LIMITS.relatedMax);
}

/** `POST /api/events/{eventId}/wine-lists`: a new list, its wines picked or copied from a cellar list. */
export async function addEventWineList(
  eventId: string,
  input: EventWineListInput,
  viewer: EventViewer,
): Promise<EventWineList> {
  const picked = await catalogueIds(input.wineIds ?? [], 'wineIds');
  let copied: string[] = [];
  if (input.fromWineListId) {
    // Only the caller's own cellar lists; their wines still in the catalogue.
    const ids = await catalogueWinesOfList(viewer.principal?.userId ?? '', input.fromWineListId);
    const docs = await catalogDocs(ids);
    copied = ids.filter((id) => docs.has(id));
  }
  const wineIds = distinct([...picked, ...copied]);
  if (wineIds.length > EVENT_LIMITS.winesPerListMax) throw new ValidationError({ wineIds: listTooLong() });
  const list: StoredList = { id: newListId(), name: input.name, wineIds };
  const { after } = await changeEvent(eventId, viewer.principal, (record) => {
    const lists = listsOf(record);
    if (lists.length >= EVENT_LIMITS.listsMax) throw new ValidationError({ wineLists: listsFull() });
    return { record: { ...record, wineLists: [...lists, list] } };
  });
  return eventListView(after, list, viewer);
}

/** `PATCH …/wine-lists/{listId}`: renames it and/or sets its wines. */
export async function updateEventWineList(
  eventId: string,
  listId: string,
  input: EventWineListUpdate,
  viewer: EventViewer,
): Promise<EventWineList> {
  const wineIds = input.wineIds ? await catalogueIds(input.wineIds, 'wineIds') : undefined;
  const { after } = await changeEvent(eventId, viewer.principal, (record) => {
    listOf(record, listId);
    const lists = listsOf(record).map((list) =>
      list.id === listId
        ? { ...list, name: input.name ?? list.name, wineIds: wineIds ?? list.wineIds }
        : list,
    );
    return { record: { ...record, wineLists: lists } };
  });
  return eventListView(after, listOf(after, listId), viewer);
}

/** `DELETE …/wine-lists/{listId}`. */
export async function deleteEventWineList(
  eventId: string,
  listId: string,
  viewer: EventViewer,
): Promise<void> {
  await changeEvent(eventId, viewer.principal, (record) => {
    listOf(record, listId);
    return { record: { ...record, wineLists: listsOf(record).filter((list) => list.id !== listId) } };
  });
}

/** The ids typed, parsed and looked up in the catalogue by Vinmonopolet number or Vectura id. */
async function lookUp(text: string) {
  const parsed = parseWineIds(text);
  if (parsed.ids.length > EVENT_LIMITS.importIdsMax)
    throw new ValidationError({ ids: withBounds('maxItems', { max: EVENT_LIMITS.importIdsMax }) });
  const found = await winesByExternalNumbers(parsed.ids);
  return { parsed, found, unknown: parsed.ids.filter((id) => !found.has(id)) };
}

/**
 * `POST …/wine-lists/{listId}/import`: the wines the ids name are added at the end of the list, in the
 * order given. A list that would pass its limit is left as it is (400).
 */
export async function importEventWineIds(
  eventId: string,
  listId: string,
  input: EventWineIdsImport,
  viewer: EventViewer,
): Promise<EventWineImportReport> {
  const { parsed, found, unknown } = await lookUp(input.ids);
  const { after, result } = await changeEvent(eventId, viewer.principal, (record) => {
    const list = listOf(record, listId);
    const onList = new Set(list.wineIds);
    const added: string[] = [];
    const alreadyListed: string[] = [];
    const wineIds = [...list.wineIds];
    for (const id of parsed.ids) {
      const doc = found.get(id);
      if (!doc) continue;
      if (onList.has(doc.id)) {
        alreadyListed.push(id);
        continue;
      }
      onList.add(doc.id);
      wineIds.push(doc.id);
      added.push(id);
    }
    if (wineIds.length > EVENT_LIMITS.winesPerListMax) throw new ValidationError({ ids: listTooLong() });
    const lists = listsOf(record).map((l) => (l.id === listId ? { ...l, wineIds } : l));
    return { record: { ...record, wineLists: lists }, result: { added, alreadyListed } };
  });
  return {
    list: await eventListView(after, listOf(after, listId), viewer),
    added: result.added,
    alreadyListed: result.alreadyListed,
    unknown,
    junk: parsed.junk,
  };
}

/** `POST /api/events/wine-ids`: the same lookup, nothing saved. */
export async function lookUpEventWineIds(
  input: EventWineIdsImport,
  viewer: EventViewer,
): Promise<EventWineIdsLookup> {
  const { parsed, found, unknown } = await lookUp(input.ids);
  const wines: EventWineIdsLookup['wines'] = [];
  const foundIds: string[] = [];
  for (const id of parsed.ids) {
    const doc = found.get(id);
    if (!doc) continue;
    wines.push(eventWineOf(doc, viewer));
    foundIds.push(id);
  }
  return { wines, foundIds, unknown, junk: parsed.junk, repeated: parsed.repeated };
}
