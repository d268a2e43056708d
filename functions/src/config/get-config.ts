import { appConfig } from '@kork/shared';
import { httpRoute } from '../platform/http';

const config = appConfig();

export const handler = httpRoute('GET /api/config', {}, async () => ({
  payload: config,
  headers: { 'cache-control': 'public, max-age=300' },
}));
