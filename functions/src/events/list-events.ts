import { EventsQuery } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { listEvents } from './event-service';

export const handler = httpRoute('GET /api/events', { query: EventsQuery }, async (req) => ({
  payload: await listEvents(req.query, req),
}));
