import * as z from 'zod/mini';
import { httpRoute } from '../platform/http';
import { removeCellarImage } from './cellar-images';

const Query = z.object({ image: z.string({ error: 'required' }).check(z.minLength(1), z.maxLength(300)) });

export const handler = httpRoute(
  'DELETE /api/wine-cellars/users/{id}/cellars/{cellarId}/images',
  { owner: 'id', query: Query },
  async (req) => ({
    payload: await removeCellarImage(req.params.id ?? '', req.params.cellarId ?? '', req.query.image),
  }),
);
