/**
 * `Idempotency-Key`: a write sent again with the same key (a retry after a lost answer, an offline
 * queue replaying) gets the first answer and changes nothing twice, however many copies arrive at once.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import type { CellarLocation, CellarWine, CellarWinePage } from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant', 'private'] });
let token = '';
let userId = '';
let otherToken = '';
let otherId = '';

const base = () => `/api/wine-cellars/users/${userId}`;
const custom = (name: string, quantity = 6) => ({
  source: 'CUSTOM',
  wineName: name,
  producerName: 'Gården',
  vintage: 2019,
  bottleSize: 0.75,
  quantity,
});

function post<T>(path: string, json: unknown, key?: string, as = token) {
  return origin.api<T>('POST', path, {
    token: as,
    json,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

async function winesNamed(name: string): Promise<CellarWine[]> {
  const answer = await origin.api<CellarWinePage>('GET', `${base()}/own-wines?perPage=100`, { token });
  return answer.payload.rows.filter((row) => row.wineName === name);
}

beforeAll(() => {
  token = accounts.tokens.restaurant as string;
  userId = accounts.userIds.restaurant as string;
  otherToken = accounts.tokens.private as string;
  otherId = accounts.userIds.private as string;
});

describe('Idempotency-Key', () => {
  it('answers a retried create with the first answer and makes one wine', async () => {
    const first = await post<CellarWine>(`${base()}/own-wines`, custom('Retried Red'), 'create-retried-red');
    expect(first.status).toBe(201);
    const again = await post<CellarWine>(`${base()}/own-wines`, custom('Retried Red'), 'create-retried-red');
    expect(again.status).toBe(201);
    expect(again.payload.id).toBe(first.payload.id);
    expect(await winesNamed('Retried Red')).toHaveLength(1);
  });

  it('makes one wine from 20 copies of one request sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post<CellarWine>(`${base()}/own-wines`, custom('Burst White'), 'burst-white-1'),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // The rest were told the first is still being handled.
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(new Set(created.map((a) => a.payload.id)).size).toBe(1);
    expect(await winesNamed('Burst White')).toHaveLength(1);
  });

  it('moves bottles once when a move is retried', async () => {
    const wine = (await post<CellarWine>(`${base()}/own-wines`, custom('Moved Once', 6))).payload;
    const shelf = (await post<CellarLocation>(`${base()}/locations`, { name: 'Retry shelf' })).payload;
    const move = {
      moves: [{ ownWineId: wine.id, fromLocationId: null, toLocationId: shelf.id, quantity: 2 }],
    };
    for (let i = 0; i < 3; i++) {
      const answer = await post(`${base()}/own-wines/move`, move, 'move-two-to-shelf');
      expect(answer.status).toBe(200);
    }
    const after = await origin.api<CellarWine>('GET', `${base()}/own-wines/${wine.id}`, { token });
    expect(after.payload.placements).toEqual(
      expect.arrayContaining([
        { locationId: shelf.id, quantity: 2 },
        { locationId: null, quantity: 4 },
      ]),
    );
  });

  it('refuses the same key for another request, and a malformed key', async () => {
    const first = await post(`${base()}/own-wines`, custom('Key Owner'), 'key-used-twice');
    expect(first.status).toBe(201);
    const other = await post(`${base()}/own-wines`, custom('Someone Else'), 'key-used-twice');
    expect(other.status).toBe(422);
    expect(other.error?.code).toBe('UNPROCESSABLE');
    expect(await winesNamed('Someone Else')).toHaveLength(0);
    const bad = await post(`${base()}/own-wines`, custom('Bad Key'), 'no spaces allowed');
    expect(bad.status).toBe(400);
    expect(await winesNamed('Bad Key')).toHaveLength(0);
  });

  it('lets a request that failed run again with its key', async () => {
    const invalid = await post(
      `${base()}/own-wines`,
      { ...custom('Fixed Later'), quantity: -1 },
      'fix-and-retry',
    );
    expect(invalid.status).toBe(400);
    // A refused request keeps no claim: the corrected one runs with the same key.
    const corrected = await post(`${base()}/own-wines`, custom('Fixed Later'), 'fix-and-retry');
    expect(corrected.status).toBe(201);
    expect(await winesNamed('Fixed Later')).toHaveLength(1);
  });

  it('keeps keys apart per person', async () => {
    const mine = await post(`${base()}/own-wines`, custom('Mine'), 'shared-key-123');
    expect(mine.status).toBe(201);
    // Another person's request with the same key is theirs: it runs and is never answered from mine.
    const theirs = await post<CellarWine>(
      `/api/wine-cellars/users/${otherId}/own-wines`,
      custom('Mine'),
      'shared-key-123',
      otherToken,
    );
    expect(theirs.status).toBe(201);
    expect(theirs.payload.id).not.toBe((mine.payload as CellarWine).id);
    expect(theirs.payload.ownerId).toBe(otherId);
  });
});
