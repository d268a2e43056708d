import { appConfig, mapConfigOf, signInConfigOf } from '@kork/shared';
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
  payload: appConfig(
    mapConfig(),
    // The client ids the sign-in routes accept (CDK context in the cloud, the emulator's on `npm start`).
    signInConfigOf({
      google: process.env.GOOGLE_CLIENT_IDS,
      apple: process.env.APPLE_CLIENT_IDS,
      emulator: process.env.SIGN_IN_EMULATOR,
    }),
  ),
  headers: { 'cache-control': 'public, max-age=300' },
}));
