import { PosSaleEvent, pathIds } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { tillSale } from './till-sale';

/**
 * One till transaction for the cellar in the path, which must be the signing key's own (its cellar id
 * or its owner's id; 403 for any other): for tills configured with a cellar's address.
 */
export const handler = httpRoute(
  'POST /api/pos/{cellarId}/sales',
  { params: pathIds('cellarId'), body: PosSaleEvent },
  // The path's cellar is checked with the signature (pos-auth.ts), before the body is read.
  async (req) => tillSale(req.principal as Principal, req.body),
);
