import type { ExchangeRates } from '@kork/shared';
import { httpRoute } from '../../platform/http';
import { latestRates } from './exchange-rate-service';

/**
 * The newest day's exchange rates with their date and source. The web converts amounts kept in a
 * cellar's base currency into the viewer's currency with these (for display only) and names the rate
 * and its date beside them.
 */
export const handler = httpRoute('GET /api/exchange-rates', {}, async () => {
  const rates = await latestRates();
  const payload: ExchangeRates = { date: rates.date, source: rates.source, nokPerUnit: rates.nokPerUnit };
  return { payload, headers: { 'cache-control': 'public, max-age=300' } };
});
