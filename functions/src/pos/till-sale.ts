/** What the till's sales routes share: the call into the intake. */
import type { PosSaleEvent } from '@kork/shared';
import type { Principal } from '../platform/auth';
import type { HttpResult } from '../platform/http';
import { ingestPosSale } from './pos-ingest';

/** Takes the sale in as `POS: <key name>`: 201 when recorded now, 200 for a transaction that came before. */
export async function tillSale(principal: Principal, event: PosSaleEvent): Promise<HttpResult> {
  const outcome = await ingestPosSale(principal.userId, event, {
    keyId: principal.posKeyId,
    name: `POS: ${principal.posKeyName ?? principal.posKeyId}`,
  });
  return { status: outcome.status === 'recorded' ? 201 : 200, payload: outcome };
}
