/**
 * `Idempotency-Key` for every write route (POST, PUT, PATCH, DELETE): a client that sends a request
 * again with the same key (a retry after a lost answer, an offline queue replaying) gets the first
 * answer again and nothing is changed twice.
 *
 * The key is claimed with a conditional put before the handler runs; the answer is stored on the claim
 * afterwards. A request with a key that is still being handled answers 409; the same key with another
 * request (method, path, query or body differ) answers 422. A handler that fails releases the claim, so
 * a retry runs it again; a claim left behind by a crash lapses after the route's time limit.
 * Records live a day (TTL).
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { isConditionFailure } from '../data/transactions';
import { ConflictError, UnprocessableError, ValidationError } from './errors';
import type { Logger } from './logger';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const RECORD_SECONDS = 24 * 60 * 60;
/** How long a claim holds while its request is handled (the API's own limit is 29 s). */
const CLAIM_MS = 30_000;
/** Larger answers are not kept: a retry then gets the status without the payload. */
const MAX_STORED_BODY = 300 * 1024;

export interface StoredAnswer {
  status: number;
  payload: unknown;
  replayed: boolean;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function fingerprintOf(event: APIGatewayProxyEventV2): string {
  return createHash('sha256')
    .update(event.requestContext?.http?.method ?? '')
    .update('\n')
    .update(event.rawPath ?? '')
    .update('\n')
    .update(event.rawQueryString ?? '')
    .update('\n')
    .update(event.body ?? '')
    .digest('base64url');
}

/** The request's key, checked; undefined when the request has none or is not a write. */
export function idempotencyKeyOf(event: APIGatewayProxyEventV2): string | undefined {
  const method = event.requestContext?.http?.method ?? '';
  const key = event.headers?.[IDEMPOTENCY_HEADER];
  if (key === undefined || !WRITE_METHODS.has(method)) return undefined;
  if (!KEY_PATTERN.test(key)) throw new ValidationError({ 'Idempotency-Key': 'invalidIdempotencyKey' });
  return key;
}

/**
 * Runs `handle` at most once for one key: the first request runs it and its answer is kept; a retry
 * gets the kept answer (`replayed: true`).
 */
export async function once(
  scope: string,
  key: string,
  event: APIGatewayProxyEventV2,
  handle: () => Promise<{ status: number; payload: unknown }>,
  log: Logger,
  /** How long the claim holds while the request runs (a streamed answer may run longer than 30 s). */
  options: { claimMs?: number } = {},
): Promise<StoredAnswer> {
  const fingerprint = fingerprintOf(event);
  // Loaded on first use, so routes called without a key never evaluate the table client.
  const { tables } = await import('../data/tables');
  const records = tables('platform').idempotencyRecord;
  const now = Date.now();
  const claim = {
    scope,
    key,
    fingerprint,
    state: 'pending' as const,
    lockedUntil: now + (options.claimMs ?? CLAIM_MS),
    expiresAt: Math.floor(now / 1000) + RECORD_SECONDS,
  };
  try {
    await records
      .put(claim)
      .where(
        (attr, op) =>
          `${op.notExists(attr.key)} OR (${op.eq(attr.state, 'pending')} AND ${op.lt(attr.lockedUntil, now)})`,
      )
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { data: existing } = await records.get({ scope, key }).go({ consistent: true });
    if (!existing) throw new ConflictError({ key: 'idempotencyKeyInUse' });
    if (existing.fingerprint !== fingerprint) throw new UnprocessableError({ key: 'idempotencyKeyReused' });
    if (existing.state === 'pending') throw new ConflictError({ key: 'idempotencyKeyInUse' });
    return {
      status: existing.status ?? 200,
      payload: existing.body ? JSON.parse(existing.body) : null,
      replayed: true,
    };
  }

  let answer: { status: number; payload: unknown };
  try {
    answer = await handle();
  } catch (error) {
    // Nothing was answered: let a retry run the request again.
    await records
      .delete({ scope, key })
      .where((attr, op) => `${op.eq(attr.fingerprint, fingerprint)} AND ${op.eq(attr.state, 'pending')}`)
      .go()
      .catch((release) => log.warn('idempotency claim not released; it lapses', { key, error: release }));
    throw error;
  }
  const body = JSON.stringify(answer.payload ?? null);
  await records
    .patch({ scope, key })
    .set({ state: 'done', status: answer.status, ...(body.length <= MAX_STORED_BODY ? { body } : {}) })
    .go()
    // The change is made and answered; a retry within the claim's 30 s gets 409, after it runs again.
    .catch((store) => log.error('idempotent answer not stored', { key, error: store }));
  return { ...answer, replayed: false };
}
