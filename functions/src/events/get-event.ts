import { pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { getEvent } from './event-service';

export const handler = httpRoute(
  'GET /api/events/{eventId}',
  { params: pathIds('eventId') },
  async (req) => ({
    payload: await getEvent(req.params.eventId ?? '', req),
  }),
);
