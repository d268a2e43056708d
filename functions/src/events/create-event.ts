import { EventInput } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { createEvent } from './event-service';

export const handler = httpRoute('POST /api/events', { body: EventInput }, async (req) => ({
  status: 201,
  payload: await createEvent(req.body, req),
}));
