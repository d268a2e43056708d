import { appConfig, mapConfigOf } from '@kork/shared';
import { httpRoute } from '../platform/http';

/** The map's tiles come from the deployment: CDK context in the cloud, the local origin's stand-in tiles on `npm start`. */
function mapConfig() {
  return mapConfigOf({
    tileUrl: process.env.MAP_TILE_URL,
    attribution: process.env.MAP_TILE_ATTRIBUTION,
    maxZoom: process.env.MAP_MAX_ZOOM,
  });
}

export const handler = httpRoute('GET /api/config', {}, async () => ({
  payload: appConfig(mapConfig()),
  headers: { 'cache-control': 'public, max-age=300' },
}));
