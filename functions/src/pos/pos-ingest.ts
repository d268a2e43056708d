import type { PosSaleEvent, PosSaleOutcome } from '@kork/shared';

/** Records one till transaction as a sale (docs/pos.md). */
export async function ingestPosSale(
  _ownerId: string,
  event: PosSaleEvent,
  _source: { keyId?: string; name: string },
): Promise<PosSaleOutcome> {
  throw new Error(`POS sale intake is not ready (${event.posTransactionId})`);
}
