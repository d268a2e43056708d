import { pathIds } from '@kork/shared';
import { publicProfile } from '../accounts/public-profiles';
import { httpRoute } from '../platform/http';
import { tastingStatistic } from './tasting-service';

export const handler = httpRoute('GET /api/users/{id}/profile', { params: pathIds('id') }, async (req) => {
  const id = req.params.id ?? '';
  return { payload: await publicProfile(id, await tastingStatistic(id)) };
});
