import { pathIds, textField } from '@kork/shared';
import * as z from 'zod/mini';
import { httpRoute } from '../platform/http';
import { removeCellarImage } from './cellar-images';

const Query = z.object({ image: textField(300, { min: 1 }) });

export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/cellars/{cellarId}/images',
  { params: pathIds('id', 'cellarId'), owner: 'id', query: Query },
  async (req) => ({
    payload: await removeCellarImage(req.params.id ?? '', req.params.cellarId ?? '', req.query.image),
  }),
);
