import { EventWineIdsImport, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { organiserAccess } from './event-access';
import { importEventWineIds } from './event-service';

export const handler = httpRoute(
  'POST /api/events/{eventId}/wine-lists/{listId}/import',
  { params: pathIds('eventId', 'listId'), body: EventWineIdsImport, access: organiserAccess },
  async (req) => ({
    payload: await importEventWineIds(req.params.eventId ?? '', req.params.listId ?? '', req.body, req),
  }),
);
