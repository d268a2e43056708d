import { EventWineListUpdate, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { organiserAccess } from './event-access';
import { updateEventWineList } from './event-service';

export const handler = httpRoute(
  'PATCH /api/events/{eventId}/wine-lists/{listId}',
  { params: pathIds('eventId', 'listId'), body: EventWineListUpdate, access: organiserAccess },
  async (req) => ({
    payload: await updateEventWineList(req.params.eventId ?? '', req.params.listId ?? '', req.body, req),
  }),
);
