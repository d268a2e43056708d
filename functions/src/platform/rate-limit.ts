/**
 * Fixed-window rate limits kept in the table, so every Lambda instance sees the same counts. A limit
 * that guards expensive or sensitive work (a password check) is reserved before the work with one
 * conditional update, so parallel requests can never run more than `limit` times in a window.
 */
import { tables } from '../data/tables';
import { isConditionFailure } from '../data/transactions';

export interface RateLimit {
  /** What is counted, e.g. `login#<hash of the address and client>`; never an address in clear. */
  key: string;
  limit: number;
  windowSeconds: number;
}

function windowOf(limit: RateLimit, now: number) {
  const windowStart = Math.floor(now / 1000 / limit.windowSeconds) * limit.windowSeconds;
  return { windowStart, retryAfterSeconds: windowStart + limit.windowSeconds - Math.floor(now / 1000) };
}

/** One counted use of a limit, or the refusal; `release` gives a granted use back. */
export type Reservation =
  | { granted: true; key: string; windowStart: number }
  | { granted: false; retryAfterSeconds: number };

/**
 * Takes one use of `limit` in the current window if fewer than `limit` were taken: a single
 * conditional ADD, so concurrent callers cannot overshoot the limit between a read and a write.
 */
export async function reserve(limit: RateLimit, now = Date.now()): Promise<Reservation> {
  const { windowStart, retryAfterSeconds } = windowOf(limit, now);
  try {
    await tables('platform')
      .rateLimitWindow.update({ key: limit.key, windowStart })
      .add({ count: 1 })
      .set({ expiresAt: windowStart + limit.windowSeconds * 2 })
      .where((a, { notExists, lt }) => `${notExists(a.count)} OR ${lt(a.count, limit.limit)}`)
      .go({ response: 'none' });
    return { granted: true, key: limit.key, windowStart };
  } catch (error) {
    if (isConditionFailure(error)) return { granted: false, retryAfterSeconds };
    throw error;
  }
}

/** Gives back a granted use (in the window it was taken from; never below zero). */
export async function release(reservation: Reservation): Promise<void> {
  if (!reservation.granted) return;
  try {
    await tables('platform')
      .rateLimitWindow.update({ key: reservation.key, windowStart: reservation.windowStart })
      .add({ count: -1 })
      .where((a, { gt }) => gt(a.count, 0))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Remembers `key` for `seconds` (a client that logged in to an address, say): a marker in the same
 * table, outside any window, removed by TTL.
 */
export async function remember(key: string, seconds: number, now = Date.now()): Promise<void> {
  await tables('platform')
    .rateLimitWindow.put({
      key,
      windowStart: 0,
      count: 1,
      expiresAt: Math.floor(now / 1000) + seconds,
    })
    .go({ response: 'none' });
}

/** Whether `key` was remembered and has not expired (TTL deletes lazily, so the time is checked too). */
export async function remembered(key: string, now = Date.now()): Promise<boolean> {
  const { data } = await tables('platform').rateLimitWindow.get({ key, windowStart: 0 }).go();
  return data !== null && data !== undefined && data.expiresAt > Math.floor(now / 1000);
}

/**
 * The client a request comes from, for per-client limits. Behind CloudFront (the cloud set-up) the
 * API's `sourceIp` is CloudFront's edge server, shared by every viewer near it; CloudFront passes the
 * viewer's own address in `CloudFront-Viewer-Address` (`ip:port`). Called directly (locally, or the
 * API's own endpoint) the source address is the client.
 */
export function clientOf(event: {
  headers?: Record<string, string | undefined>;
  requestContext?: { http?: { sourceIp?: string } };
}): string {
  const viewer = event.headers?.['cloudfront-viewer-address']?.trim();
  if (viewer) {
    const colon = viewer.lastIndexOf(':');
    const ip = (colon > 0 ? viewer.slice(0, colon) : viewer).replace(/^\[|\]$/g, '');
    if (ip && ip.length <= 64) return ip;
  }
  return event.requestContext?.http?.sourceIp || 'unknown';
}
