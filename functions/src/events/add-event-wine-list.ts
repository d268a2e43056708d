import { EventWineListInput, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { organiserAccess } from './event-access';
import { addEventWineList } from './event-service';

export const handler = httpRoute(
  'POST /api/events/{eventId}/wine-lists',
  { params: pathIds('eventId'), body: EventWineListInput, access: organiserAccess },
  async (req) => ({ status: 201, payload: await addEventWineList(req.params.eventId ?? '', req.body, req) }),
);
