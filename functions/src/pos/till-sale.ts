/** What the till's sales routes share: the key's cellar check and the call into the intake. */
import type { PosSaleEvent } from '@kork/shared';
import { cellarOf } from '../cellar/cellar-service';
import type { Principal } from '../platform/auth';
import { ForbiddenError } from '../platform/errors';
import type { HttpResult } from '../platform/http';
import { ingestPosSale } from './pos-ingest';

/** A cellar named in a till's path: the key's cellar by its id, or by its owner's id. Else 403. */
export async function assertTillCellar(principal: Principal, cellarId: string): Promise<void> {
  if (cellarId === principal.userId) return;
  const cellar = await cellarOf(principal.userId);
  if (cellar.id !== cellarId) throw new ForbiddenError();
}

/** Takes the sale in as `POS: <key name>`: 201 when recorded now, 200 for a transaction that came before. */
export async function tillSale(principal: Principal, event: PosSaleEvent): Promise<HttpResult> {
  const outcome = await ingestPosSale(principal.userId, event, {
    keyId: principal.posKeyId,
    name: `POS: ${principal.posKeyName ?? principal.posKeyId}`,
  });
  return { status: outcome.status === 'recorded' ? 201 : 200, payload: outcome };
}
