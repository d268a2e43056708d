/**
 * Taking in a till's sale (docs/pos.md): one till transaction becomes one sale, once. Its lines are
 * resolved to the cellar's products (pos-products-resolve.ts); lines no product has are kept for the
 * owner to map, never dropped. The sale, its stock, the till transaction's marker and the kept lines
 * are one DynamoDB transaction (sales/till-sale-writes.ts): the same transaction id sent again, one
 * after the other or many at once, fails the marker's create and answers `duplicate` with the first
 * sale's id, from the marker the cancelled transaction returns. Nothing is read for the marker first.
 */
import { type Cellar, POS_LIMITS, type PosSaleEvent, type PosSaleOutcome } from '@kork/shared';
import { ulid } from 'ulid';
import { cellarOf } from '../cellar/cellar-service';
import type { Actor, CellarWineRecord } from '../cellar/kernel/wine-records';
import { tables, writeItems } from '../data/tables';
import { ValidationError } from '../platform/errors';
import { recordTillSale, type TillLine } from '../sales/till-sale-writes';
import { ProductResolver } from './pos-products-resolve';

export interface PosSource {
  /** The POS key the event came with; absent for an import by the owner. */
  keyId?: string;
  /** Who history names as having sold it ("POS: Bar till"). */
  name: string;
  /** The owner's user who imported or mapped it, when not a till. */
  userId?: string;
}

type EventLine = PosSaleEvent['lines'][number];

const DAY_MS = 86_400_000;

/** 400 `soldAtOutOfRange` unless the sale's time is within the last POS_LIMITS.soldAtDaysBack days (a day ahead allowed). */
export function assertSoldAt(soldAt: string, field = 'soldAt', now = Date.now()): void {
  const at = Date.parse(soldAt);
  if (!Number.isFinite(at) || at < now - POS_LIMITS.soldAtDaysBack * DAY_MS || at > now + DAY_MS)
    throw new ValidationError({ [field]: 'soldAtOutOfRange' });
}

/** What a till transaction taken in left: its sale (none when no line became one) and its kept lines. */
interface Marker {
  saleId?: string;
  needsMapping: number;
}

const markerFrom = (data: { saleId?: string; needsMapping?: number }): Marker => ({
  ...(data.saleId ? { saleId: data.saleId } : {}),
  needsMapping: data.needsMapping ?? 0,
});

/** The marker of a till transaction taken in. */
export async function markerOf(ownerId: string, posTransactionId: string): Promise<Marker | undefined> {
  const { data } = await tables('pos')
    .posTransaction.get({ ownerId, posTransactionId })
    .go({ consistent: true });
  return data ? markerFrom(data) : undefined;
}

export const actorOfSource = (source: PosSource): Actor => ({
  userId: source.userId ?? (source.keyId ? `pos:${source.keyId}` : 'pos'),
  name: source.name,
});

/** The till's entities as a transaction writes them. */
type PosWriteEntities = ReturnType<typeof writeItems<'pos'>>;

interface Intake {
  ownerId: string;
  posTransactionId: string;
  soldAt: string;
  lines: TillLine[];
  unmapped: EventLine[];
  source: PosSource;
  /** Items written with the sale besides the marker and the kept lines (mapping deletes the line it maps). */
  alsoItems?: { count: number; build: (entities: PosWriteEntities) => readonly unknown[] };
  /** The wines the lines' products were resolved from, as just read: the sale starts from them. */
  wines?: ReadonlyMap<string, CellarWineRecord>;
  /** The cellar, when the caller read it already. */
  cellar?: Cellar;
  /** The claim token `wines` were read under: the sale takes turns on its wines (till-sale-writes.ts). */
  claim?: string;
}

/** Writes one till transaction: the sale of its known lines, its marker, its kept lines. */
export async function takeIn(intake: Intake): Promise<PosSaleOutcome> {
  const { ownerId, posTransactionId, soldAt } = intake;
  const receivedAt = new Date().toISOString();
  const keep = (line: { productId: string; quantity: number; unitPrice: number }, id = ulid()) => ({
    ownerId,
    id,
    productId: line.productId,
    posTransactionId,
    soldAt,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    receivedAt,
  });
  // Ids fixed across attempts: a retry writes the same items.
  const kept = intake.unmapped.map((line) => keep(line));
  const cellar = intake.cellar ?? (await cellarOf(ownerId));
  // The marker found by this delivery: the earlier one's outcome.
  let earlier: Marker | undefined;
  const seen = (marker: Marker) => {
    earlier = marker;
    return marker.saleId ?? null;
  };
  const result = await recordTillSale(
    ownerId,
    {
      posTransactionId,
      date: soldAt.slice(0, 10),
      lines: intake.lines,
      actor: actorOfSource(intake.source),
      ...(intake.wines ? { wines: intake.wines } : {}),
      ...(intake.claim ? { claim: intake.claim } : {}),
    },
    cellar,
    {
      existing: async () => {
        const marker = await markerOf(ownerId, posTransactionId);
        return marker && seen(marker);
      },
      earlier: (item) => seen(markerFrom(item as { saleId?: string; needsMapping?: number })),
      extraItems: (missing) => 1 + kept.length + missing + (intake.alsoItems?.count ?? 0),
      extra: (saleId, missing) => [
        writeItems('pos')
          .posTransaction.create({
            ownerId,
            posTransactionId,
            ...(saleId ? { saleId } : {}),
            needsMapping: kept.length + missing.length,
            receivedAt,
          })
          .commit({ response: 'all_old' }),
        ...[...kept, ...missing.map((line) => keep(line))].map((line) =>
          writeItems('pos').posUnmappedLine.create(line).commit(),
        ),
        ...(intake.alsoItems?.build(writeItems('pos')) ?? []),
      ],
    },
  );
  const needsMapping =
    result.status === 'recorded'
      ? kept.length + result.missing
      : ((earlier ?? (await markerOf(ownerId, posTransactionId)))?.needsMapping ?? 0);
  return {
    posTransactionId,
    status: result.status,
    ...(result.saleId ? { saleId: result.saleId } : {}),
    needsMapping,
  };
}

/** Records one till transaction as a sale, once (docs/pos.md). */
export async function ingestPosSale(
  ownerId: string,
  event: PosSaleEvent,
  source: PosSource,
  // A till's event claims the wines it finds for its sale, so sales of one wine at once take turns.
  resolver = new ProductResolver(ownerId, ulid()),
): Promise<PosSaleOutcome> {
  assertSoldAt(event.soldAt);
  // A delivery seen before is found by the marker's create in the sale's transaction, not by a read.
  const [{ lines, unmapped }, cellar] = await Promise.all([resolver.resolve(event.lines), cellarOf(ownerId)]);
  return takeIn({
    ownerId,
    posTransactionId: event.posTransactionId,
    soldAt: event.soldAt,
    lines,
    unmapped,
    source,
    wines: await resolver.winesRead(),
    cellar,
    ...(resolver.claimToken ? { claim: resolver.claimToken } : {}),
  });
}
