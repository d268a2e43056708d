import { EventUpdate, pathIds } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { organiserAccess } from './event-access';
import { updateEvent } from './event-service';

export const handler = httpRoute(
  'PATCH /api/events/{eventId}',
  { params: pathIds('eventId'), body: EventUpdate, access: organiserAccess },
  async (req) => ({ payload: await updateEvent(req.params.eventId ?? '', req.body, req) }),
);
