import { EventWineListsReplace, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { organiserAccess } from './event-access';
import { replaceEventWineLists } from './event-service';

export const handler = httpRoute(
  'PUT /api/events/{eventId}/wine-lists',
  { params: pathIds('eventId'), body: EventWineListsReplace, access: organiserAccess },
  async (req) => ({ payload: await replaceEventWineLists(req.params.eventId ?? '', req.body, req) }),
);
