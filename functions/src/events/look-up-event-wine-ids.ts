import { EventWineIdsLookupInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { lookUpEventWineIds } from './event-service';

export const handler = httpRoute(
  'POST /api/events/wine-ids',
  { body: EventWineIdsLookupInput },
  async (req) => ({
    payload: await lookUpEventWineIds(req.body, req),
  }),
);
