/**
 * The needs-mapping list (docs/pos.md): till lines whose product id no cellar product has, kept until
 * the owner says what the id means. Mapping an id stores it for the sales to come, and turns each line
 * waiting for it into a till sale of its own (`<till transaction id>#<line id>`, so mapping again or at
 * the same time records it once), deleting the waiting line in the same transaction.
 */
import type { PosMappingInput, PosMappingOutcome, PosUnmappedList, PosUnmappedProduct } from '@kork/shared';
import { tables } from '../data/tables';
import { ValidationError } from '../platform/errors';
import { type PosSource, takeIn } from './pos-ingest';
import { ProductResolver } from './pos-products-resolve';

const CONCURRENCY = 4;

async function waitingLines(ownerId: string) {
  const { data } = await tables('pos')
    .posUnmappedLine.query.byOwnerKey({ ownerId })
    .go({ pages: 'all', consistent: true });
  return data;
}

/** The waiting lines grouped by product id, the most recently sold first. */
export async function listNeedsMapping(ownerId: string): Promise<PosUnmappedList> {
  const groups = new Map<string, PosUnmappedProduct>();
  for (const line of await waitingLines(ownerId)) {
    const group = groups.get(line.productId);
    if (!group) {
      groups.set(line.productId, {
        productId: line.productId,
        lines: 1,
        quantity: line.quantity,
        firstSoldAt: line.soldAt,
        lastSoldAt: line.soldAt,
      });
      continue;
    }
    group.lines++;
    group.quantity += line.quantity;
    if (line.soldAt < group.firstSoldAt) group.firstSoldAt = line.soldAt;
    if (line.soldAt > group.lastSoldAt) group.lastSoldAt = line.soldAt;
  }
  const rows = [...groups.values()].sort(
    (a, b) => b.lastSoldAt.localeCompare(a.lastSoldAt) || a.productId.localeCompare(b.productId),
  );
  return { rows, count: rows.length };
}

/** Maps a till's product id to a product of the feed; its waiting lines become sales. */
export async function mapPosProduct(
  ownerId: string,
  input: PosMappingInput,
  source: PosSource,
): Promise<PosMappingOutcome> {
  const product = await new ProductResolver(ownerId).feedProduct(input.target);
  if (!product) throw new ValidationError({ target: 'unknownPosProduct' });
  await tables('pos')
    .posProductMapping.put({
      ownerId,
      productId: input.productId,
      target: input.target,
      createdAt: new Date().toISOString(),
    })
    .go();

  const waiting = (await waitingLines(ownerId)).filter((line) => line.productId === input.productId);
  const outcome: PosMappingOutcome = {
    productId: input.productId,
    target: input.target,
    recorded: 0,
    waiting: 0,
  };
  let next = 0;
  const worker = async () => {
    while (next < waiting.length) {
      const line = waiting[next++] as (typeof waiting)[number];
      try {
        const result = await takeIn({
          ownerId,
          posTransactionId: `${line.posTransactionId}#${line.id}`,
          soldAt: line.soldAt,
          lines: [{ productId: line.productId, product, quantity: line.quantity, unitPrice: line.unitPrice }],
          unmapped: [],
          source,
          alsoItems: {
            count: 1,
            build: (entities) => [
              entities.posUnmappedLine
                .delete({ ownerId, id: line.id })
                .where((attr, op) => op.exists(attr.id))
                .commit(),
            ],
          },
        });
        if (result.status === 'recorded') outcome.recorded++;
      } catch {
        // Left waiting: mapping again takes it in.
        outcome.waiting++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcome;
}
