import { EventWineListUpdate, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { updateEventWineList } from './event-service';

export const handler = httpRoute(
  'PATCH /api/events/{eventId}/wine-lists/{listId}',
  { params: pathIds('eventId', 'listId'), body: EventWineListUpdate },
  async (req) => ({
    payload: await updateEventWineList(req.params.eventId ?? '', req.params.listId ?? '', req.body, req),
  }),
);
