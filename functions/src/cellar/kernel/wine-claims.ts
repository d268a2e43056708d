/**
 * A short claim on a wine by one writer (a till sale), so that many sales of one wine at once take turns
 * instead of all sending their transactions and all but one being cancelled (docs/pos.md, "Many sales of
 * one wine at once"). A cancelled transaction costs DynamoDB as much as one that commits; a claim refused
 * is one small conditional update.
 *
 * Traffic control only: the write that follows is still conditional on the wine as read, so a claim that
 * lapses, or a write that pays it no heed (an edit in the app), costs a retry, never a wrong stock. The
 * claim is two attributes outside the wine's model: ElectroDB's reads leave them out, and the wine's next
 * put (the sale's own) drops them.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_SCHEMA } from '../../data/table';
import { tables } from '../../data/tables';
import { documentClient } from '../../platform/dynamo';
import type { CellarWineRecord } from './wine-records';

/**
 * How long a claim holds: past what a sale's transaction takes on a busy table, short enough that a
 * writer that died holding one (a function timed out) delays the wine's next sales only this long.
 */
export const WINE_CLAIM_MS = 3_000;

const CLAIM = 'saleClaim';
const UNTIL = 'saleClaimUntil';

export type Claim =
  /** The wine is claimed, as it is now (strongly consistent). */
  | { wine: CellarWineRecord }
  /** Another writer holds it, for at most this long. */
  | { heldForMs: number }
  /** There is no such wine. */
  | { gone: true };

const keyOf = (ownerId: string, id: string) => {
  const { Key, TableName } = tables('cellar').cellarWine.get({ ownerId, id }).params() as {
    Key: Record<string, unknown>;
    TableName: string;
  };
  return { Key, TableName };
};

/** Claims the wine for `leaseMs` under `token`, unless another holds it (a lapsed claim counts as none). */
export async function claimWine(
  ownerId: string,
  id: string,
  token: string,
  leaseMs: number,
  now = Date.now(),
): Promise<Claim> {
  const { Key, TableName } = keyOf(ownerId, id);
  try {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: 'SET #claim = :token, #until = :until',
        ConditionExpression:
          'attribute_exists(#pk) AND (attribute_not_exists(#until) OR #until < :now OR #claim = :token)',
        ExpressionAttributeNames: { '#pk': TABLE_SCHEMA.partitionKey, '#claim': CLAIM, '#until': UNTIL },
        ExpressionAttributeValues: { ':token': token, ':until': now + leaseMs, ':now': now },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    const { data } = tables('cellar').cellarWine.parse({ Item: Attributes ?? {} });
    return data ? { wine: data as CellarWineRecord } : { gone: true };
  } catch (error) {
    const e = error as { name?: string; Item?: Record<string, unknown> };
    if (e.name !== 'ConditionalCheckFailedException') throw error;
    // The item as it was (the SDK leaves it unconverted): no item is no wine.
    if (!e.Item) return { gone: true };
    const raw = e.Item[UNTIL] as number | { N?: string } | undefined;
    const until = typeof raw === 'number' ? raw : Number(raw?.N ?? 0);
    return { heldForMs: Math.max(0, until - now) };
  }
}

/** Gives a claim back (a writer that wrote nothing on it); nothing when it is no longer `token`'s. */
export async function releaseWine(ownerId: string, id: string, token: string): Promise<void> {
  const { Key, TableName } = keyOf(ownerId, id);
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: 'REMOVE #claim, #until',
        ConditionExpression: '#claim = :token',
        ExpressionAttributeNames: { '#claim': CLAIM, '#until': UNTIL },
        ExpressionAttributeValues: { ':token': token },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
}
