/**
 * The cart as stored: one item per owner with its lines and a `version`. Every change reads the cart,
 * applies itself to the lines read and writes them back on the condition that the version is still the
 * one read (the first change creates the item where none exists); a change that loses a race is applied
 * again on the fresh cart, which is safe because each change says what to do to the lines, not what they
 * become.
 */
import { type EntityRecord, tables } from '../../data/tables';
import { isConditionFailure, retryOnConflict } from '../../data/transactions';
import { ConflictError } from '../../platform/errors';

export type CartRecord = EntityRecord<'cart'>;

/** One stored line: a wine of one supplier, once per pair. */
export interface CartLineRecord {
  id: string;
  supplierId: string;
  wineId: string;
  quantity: number;
  addedAt: string;
}

export interface StoredCart {
  ownerId: string;
  lines: CartLineRecord[];
  /** 0 for a cart never written. */
  version: number;
  /** Whether the item exists (the first write creates it). */
  exists: boolean;
}

/**
 * Concurrent changes of one cart each need a turn: 30 at once (a quick hand on the add button, a till
 * of tabs) must all land, so the retries outlast the default.
 */
const CART_ATTEMPTS = 60;

export const linesOf = (record: Pick<CartRecord, 'lines'> | undefined): CartLineRecord[] =>
  Array.isArray(record?.lines) ? (record.lines as CartLineRecord[]) : [];

/** The owner's cart as it is now (an empty one when none was ever written). */
export async function readCart(ownerId: string, consistent = true): Promise<StoredCart> {
  const { data } = await tables('marketplace').cart.get({ ownerId }).go({ consistent });
  return { ownerId, lines: linesOf(data ?? undefined), version: data?.version ?? 0, exists: Boolean(data) };
}

/** Writes the lines over the cart read, only where it has not changed since; otherwise ConflictError. */
async function writeCart(before: StoredCart, lines: CartLineRecord[]): Promise<StoredCart> {
  const record = {
    ownerId: before.ownerId,
    lines,
    updatedAt: new Date().toISOString(),
    version: before.version + 1,
  };
  try {
    if (!before.exists) await tables('marketplace').cart.create(record).go();
    else
      await tables('marketplace')
        .cart.put(record)
        .where((attr, op) => op.eq(attr.version, before.version))
        .go();
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
  return { ownerId: before.ownerId, lines, version: record.version, exists: true };
}

/**
 * Applies `change` to the cart as it is now and writes it conditionally, again on a fresh read when
 * another change came first. `change` throws to refuse (its error is answered as it is).
 */
export async function changeCart(
  ownerId: string,
  change: (lines: readonly CartLineRecord[]) => CartLineRecord[],
): Promise<StoredCart> {
  return retryOnConflict(async () => {
    const before = await readCart(ownerId);
    return writeCart(before, change(before.lines));
  }, CART_ATTEMPTS);
}

/**
 * The cart after a checkout, on the condition of the version read (one item of the checkout's
 * transaction): emptied, or holding the lines of the suppliers the buyer left in it.
 */
export function cartAfterCheckout(before: StoredCart, kept: readonly CartLineRecord[] = []) {
  return {
    ownerId: before.ownerId,
    lines: [...kept],
    updatedAt: new Date().toISOString(),
    version: before.version + 1,
  };
}
