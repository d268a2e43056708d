import { DutyRatesQuery } from '@kork/shared';
import { httpRoute } from '../platform/http';
import { dutiesToday, dutyRatesOn } from './duties-service';

/**
 * The duty rates in force on a day (today in Norway, Europe/Oslo, without one), each with its unit,
 * validity and source. A day before the first known rate answers no rows: the screen says so.
 */
export const handler = httpRoute('GET /api/duties/rates', { query: DutyRatesQuery }, async (req) => ({
  payload: await dutyRatesOn(req.query.date ?? dutiesToday()),
}));
