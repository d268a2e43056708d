import { pathIds, QuickRatingInput } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { rateWine } from './wine-lover-service';

/** The quick rating: points only, kept as the person's tasting note on the wine. */
export const handler = httpRoute(
  'PUT /api/wines/{id}/my-rating',
  { params: pathIds('id'), body: QuickRatingInput },
  async (req) => ({
    payload: await rateWine(req.params.id ?? '', req.body, req.principal as Principal),
  }),
);
