import { PosSaleEvent } from '@kork/shared';
import type { Principal } from '../platform/auth';
import { httpRoute } from '../platform/http';
import { tillSale } from './till-sale';

/** One till transaction for the signing key's cellar: 201 recorded, 200 when it came before. */
export const handler = httpRoute('POST /api/pos/sales', { body: PosSaleEvent }, async (req) =>
  tillSale(req.principal as Principal, req.body),
);
