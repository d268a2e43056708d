import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { deleteEvent } from './event-service';

export const handler = httpRoute(
  'DELETE /api/events/{eventId}',
  { params: pathIds('eventId') },
  async (req) => {
    await deleteEvent(req.params.eventId ?? '', req);
    return { status: 204 };
  },
);
