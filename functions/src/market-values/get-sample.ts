import { httpRoute } from '../platform/http';
import { marketValueSample } from './market-value-sample';

/** The sample a free account is shown: a fixed demo cellar valued with demo data, no person's data. */
export const handler = httpRoute('GET /api/market-value/sample', {}, async (req) => ({
  payload: await marketValueSample(req.currency),
}));
