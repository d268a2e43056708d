import { MergeWinesInput } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { mergeWines } from './admin-service';

export const handler = httpRoute('POST /api/admin/wines/merge', { body: MergeWinesInput }, async (req) => ({
  payload: await mergeWines(req.body, req.principal as Principal),
}));
