import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { deleteEventWineList } from './event-service';

export const handler = httpRoute(
  'DELETE /api/events/{eventId}/wine-lists/{listId}',
  { params: pathIds('eventId', 'listId') },
  async (req) => {
    await deleteEventWineList(req.params.eventId ?? '', req.params.listId ?? '', req);
    return { status: 204 };
  },
);
