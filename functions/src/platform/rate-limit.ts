/**
 * Fixed-window rate limits kept in the table, so every Lambda instance sees the same counts.
 */
import { db } from '../data/entities';

export interface RateLimit {
  /** What is counted, e.g. `login-failure#kari@example.no`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

function windowOf(limit: RateLimit, now: number) {
  const windowStart = Math.floor(now / 1000 / limit.windowSeconds) * limit.windowSeconds;
  return { windowStart, retryAfterSeconds: windowStart + limit.windowSeconds - Math.floor(now / 1000) };
}

/** How many times `key` was counted in the current window. */
export async function countIn(
  limit: RateLimit,
  now = Date.now(),
): Promise<{ count: number; retryAfterSeconds: number }> {
  const { windowStart, retryAfterSeconds } = windowOf(limit, now);
  const { data } = await db().entities.rateLimitWindow.get({ key: limit.key, windowStart }).go();
  return { count: data?.count ?? 0, retryAfterSeconds };
}

/** Adds one to `key`'s count in the current window and answers the new count. */
export async function hit(
  limit: RateLimit,
  now = Date.now(),
): Promise<{ count: number; retryAfterSeconds: number }> {
  const { windowStart, retryAfterSeconds } = windowOf(limit, now);
  const { data } = await db()
    .entities.rateLimitWindow.update({ key: limit.key, windowStart })
    .add({ count: 1 })
    .set({ expiresAt: windowStart + limit.windowSeconds * 2 })
    .go({ response: 'all_new' });
  return { count: data.count ?? 1, retryAfterSeconds };
}
