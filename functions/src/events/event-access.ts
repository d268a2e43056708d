/**
 * Who may change an event, decided before a request's body is read (`RouteSpec.access`): its organiser
 * or an admin (404 for an unknown event, 403 for anyone else), and on a list's routes a list the event
 * has (404 otherwise). The change itself decides again on the event as it is when written.
 */
import { NotFoundError } from '../platform/errors';
import type { HttpRequest } from '../platform/http';
import { type EventRecord, editableEvent, listsOf } from './event-store';

export async function organiserAccess(
  req: HttpRequest<unknown, unknown, { eventId?: string; listId?: string }>,
): Promise<EventRecord> {
  const record = await editableEvent(req.params.eventId ?? '', req.principal);
  const { listId } = req.params;
  if (listId !== undefined && !listsOf(record).some((list) => list.id === listId)) throw new NotFoundError();
  return record;
}
