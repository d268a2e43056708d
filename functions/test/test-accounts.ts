import type { CellarWine, HistoryEntry, LoginResult } from '@kork/shared';
import { expect } from 'vitest';
import type { TestOrigin } from './test-stack';

/**
 * Accounts of an integration test, signed in through the API, and the cellar calls the tests share.
 * `logIn('restaurant@kork.local', …)` keeps the token and id under `restaurant`.
 */
export class TestAccounts {
  readonly tokens: Record<string, string> = {};
  readonly userIds: Record<string, string> = {};

  /** `origin` is read at each call: tests start their origin in `beforeAll`. */
  constructor(private readonly origin: () => TestOrigin) {}

  async logIn(email: string, password: string): Promise<void> {
    const answer = await this.origin().api<LoginResult>('POST', '/api/auth/log-in', {
      json: { email, password },
    });
    if (answer.status !== 200) throw new Error(`log-in ${answer.status} ${JSON.stringify(answer.error)}`);
    const name = email.split('@')[0] as string;
    this.tokens[name] = answer.payload.access_token;
    this.userIds[name] = answer.payload.user.id;
  }

  /** The cellar routes' prefix of a signed-in account. */
  base(user: string): string {
    return `/api/wine-cellars/users/${this.userIds[user]}`;
  }

  /** Adds a wine to the account's cellar; anything but 201 fails the test. */
  async addWine(user: string, body: Record<string, unknown>): Promise<CellarWine> {
    const answer = await this.origin().api<CellarWine>('POST', `${this.base(user)}/own-wines`, {
      token: this.tokens[user],
      json: body,
    });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(201);
    return answer.payload;
  }

  async getWine(user: string, id: string): Promise<CellarWine> {
    const answer = await this.origin().api<CellarWine>('GET', `${this.base(user)}/own-wines/${id}`, {
      token: this.tokens[user],
    });
    expect(answer.status).toBe(200);
    return answer.payload;
  }

  /**
   * A wine's history as its owner sees it through the cellar's history route (newest first, up to 200
   * entries); anything but 200 fails the test.
   */
  async wineHistory(user: string, ownWineId: string): Promise<HistoryEntry[]> {
    const answer = await this.origin().api<{ rows: HistoryEntry[] }>(
      'GET',
      `${this.base(user)}/history?ownWineId=${ownWineId}&resultsPerPage=200`,
      { token: this.tokens[user] },
    );
    expect(answer.status).toBe(200);
    return answer.payload.rows;
  }
}

/** The log-in rate limits count in windows of this many seconds, aligned to the epoch (platform/rate-limit.ts). */
const RATE_WINDOW_SECONDS = 15 * 60;

/**
 * Waits, when less than a minute of the current rate-limit window is left, until the next one starts: a
 * burst of log-ins a test counts must not straddle two windows. Tests calling it allow two minutes more
 * than they need.
 */
export async function awayFromWindowEdge(): Promise<void> {
  const left = RATE_WINDOW_SECONDS - ((Date.now() / 1000) % RATE_WINDOW_SECONDS);
  if (left < 60) await new Promise((r) => setTimeout(r, (left + 1) * 1000));
}

/** A test's timeout that leaves room for `awayFromWindowEdge`. */
export const WINDOW_EDGE_TIMEOUT_MS = 180_000;
