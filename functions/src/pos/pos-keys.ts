/**
 * POS keys (docs/pos.md): created, listed, rotated and revoked by the cellar's owner; read by id when a
 * till calls. At most POS_LIMITS.keysMax per cellar, kept by a counter raised in the transaction that
 * creates a key. The secret is answered only by create and rotate, and never stored.
 */
import {
  type MessageKey,
  POS_LIMITS,
  type PosKey,
  type PosKeyCreated,
  type PosKeyInput,
  withBounds,
} from '@kork/shared';
import { tables, transaction } from '../data/tables';
import { commitTransaction, isConditionFailure, TransactionCanceled } from '../data/transactions';
import { signingKey } from '../platform/auth';
import { ConflictError, NotFoundError } from '../platform/errors';
import { deriveSecret, hashSecret, newPosKeyId, newSalt, POS_KEY_ID } from './pos-secrets';

export interface PosKeyRecord {
  keyId: string;
  ownerId: string;
  name: string;
  salt: string;
  secretHash: string;
  createdAt: string;
  rotatedAt?: string;
  lastUsedAt?: string;
}

export function toPosKey(record: PosKeyRecord): PosKey {
  return {
    id: record.keyId,
    name: record.name,
    createdAt: record.createdAt,
    ...(record.rotatedAt ? { rotatedAt: record.rotatedAt } : {}),
    ...(record.lastUsedAt ? { lastUsedAt: record.lastUsedAt } : {}),
  };
}

/** The secret of a key as it is now (its salt): what the till signs with. */
export function posKeySecret(record: Pick<PosKeyRecord, 'keyId' | 'salt'>): string {
  return deriveSecret(signingKey(), record.keyId, record.salt);
}

/** A key by its id, whoever owns it; undefined for an id that is not a key's (nothing is read for it). */
export async function findPosKey(keyId: string): Promise<PosKeyRecord | undefined> {
  if (!POS_KEY_ID.test(keyId)) return undefined;
  const { data } = await tables('pos').posKey.get({ keyId }).go({ consistent: true });
  return (data as PosKeyRecord | null) ?? undefined;
}

/** The owner's key `keyId`, or 404 (also for another cellar's key: its existence is not told). */
async function ownedKey(ownerId: string, keyId: string): Promise<PosKeyRecord> {
  const record = await findPosKey(keyId);
  if (!record || record.ownerId !== ownerId) throw new NotFoundError();
  return record;
}

export async function listPosKeys(ownerId: string): Promise<PosKey[]> {
  const { data } = await tables('pos').posKey.query.byOwner({ ownerId }).go({ pages: 'all' });
  return (data as PosKeyRecord[]).map(toPosKey).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function createPosKey(ownerId: string, input: PosKeyInput): Promise<PosKeyCreated> {
  const keyId = newPosKeyId();
  const salt = newSalt();
  const secret = deriveSecret(signingKey(), keyId, salt);
  const record: PosKeyRecord = {
    keyId,
    ownerId,
    name: input.name,
    salt,
    secretHash: hashSecret(secret),
    createdAt: new Date().toISOString(),
  };
  try {
    await commitTransaction(() =>
      transaction('pos').write(({ posKey, posKeyCounter }) => [
        // An upsert so the first key's counter carries its `owned` index keys too.
        posKeyCounter
          .upsert({ ownerId })
          .add({ count: 1 })
          .where(
            (attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, POS_LIMITS.keysMax as number)}`,
          )
          .commit(),
        posKey.create(record).commit(),
      ]),
    );
  } catch (error) {
    if (error instanceof TransactionCanceled && error.failedConditions.includes(0))
      throw new ConflictError({ key: withBounds('posKeysFull', { max: POS_LIMITS.keysMax }) as MessageKey });
    throw error;
  }
  return { ...toPosKey(record), secret };
}

/** A new salt for the key: a new secret, and the old one stops at once. */
export async function rotatePosKey(ownerId: string, keyId: string): Promise<PosKeyCreated> {
  const current = await ownedKey(ownerId, keyId);
  const salt = newSalt();
  const secret = deriveSecret(signingKey(), keyId, salt);
  const rotatedAt = new Date().toISOString();
  try {
    const { data } = await tables('pos')
      .posKey.patch({ keyId })
      .set({ salt, secretHash: hashSecret(secret), rotatedAt })
      .where((attr, op) => op.eq(attr.ownerId, ownerId))
      .go({ response: 'all_new' });
    return { ...toPosKey({ ...current, ...(data as Partial<PosKeyRecord>), salt, rotatedAt }), secret };
  } catch (error) {
    // Revoked meanwhile.
    if (isConditionFailure(error)) throw new NotFoundError();
    throw error;
  }
}

/** Revokes the key: the item goes, and with it every request signed by its secret. */
export async function deletePosKey(ownerId: string, keyId: string): Promise<void> {
  await ownedKey(ownerId, keyId);
  try {
    await commitTransaction(() =>
      transaction('pos').write(({ posKey, posKeyCounter }) => [
        posKey
          .delete({ keyId })
          .where((attr, op) => op.eq(attr.ownerId, ownerId))
          .commit(),
        posKeyCounter
          .update({ ownerId })
          .subtract({ count: 1 })
          .where((attr, op) => op.gt(attr.count, 0))
          .commit(),
      ]),
    );
  } catch (error) {
    // Revoked by another request at the same moment.
    if (error instanceof TransactionCanceled && error.failedConditions.includes(0)) throw new NotFoundError();
    throw error;
  }
}

/** A minute: how stale `lastUsedAt` may be before a request writes it again. */
const LAST_USED_EVERY_MS = 60_000;

/** Marks the key used now, at most once a minute (and never brings back a key revoked meanwhile). */
export async function touchPosKey(record: PosKeyRecord, now = Date.now()): Promise<void> {
  const last = record.lastUsedAt ? Date.parse(record.lastUsedAt) : 0;
  if (now - last < LAST_USED_EVERY_MS) return;
  const stale = new Date(now - LAST_USED_EVERY_MS).toISOString();
  try {
    await tables('pos')
      .posKey.patch({ keyId: record.keyId })
      .set({ lastUsedAt: new Date(now).toISOString() })
      .where((attr, op) => `${op.notExists(attr.lastUsedAt)} OR ${op.lte(attr.lastUsedAt, stale)}`)
      .go({ response: 'none' });
  } catch (error) {
    // Another request marked it this minute, or the key was revoked: nothing to do either way.
    if (!isConditionFailure(error)) throw error;
  }
}
