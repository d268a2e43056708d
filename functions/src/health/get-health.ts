import { httpRoute } from '../platform/http';
import { checkHealth } from './health-service';

export const handler = httpRoute('GET /api/health', {}, async () => {
  const health = await checkHealth();
  // Always 200 with the verdict inside: callers read `status` and `table.reachable`.
  return { payload: health };
});
