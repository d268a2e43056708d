import { httpRoute } from '../platform/http';
import { checkHealth, type PublicHealth } from './health-service';

export const handler = httpRoute('GET /api/health', {}, async (req) => {
  const { ok, table } = await checkHealth();
  // The details are for operators, in the log; anyone may call this route, so it tells them only the verdict.
  if (ok) req.log.debug('health', { table });
  else req.log.warn('health check failed', { table });
  const payload: PublicHealth = { ok };
  // Always 200 with the verdict inside, and never cached on the way.
  return { payload, headers: { 'cache-control': 'no-store' } };
});
