/**
 * A wine lover's one-tap actions through the API: the quick rating is the person's tasting note on the
 * wine (a second tap changes it, never writes another), the Want to try list holds a wine once, only
 * its owner writes it, and My tastings finds notes by words, style and points, newest tasting first.
 */
import { accountsSeed, directorySeed } from '@kork/functions/accounts/seed';
import { getWine } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { db } from '@kork/functions/data/entities';
import { purgeAccountData } from '@kork/functions/tastings/account-purge';
import type { LoginResult, TastingNote, WantToTryEntry, WineSearchResult, WineTastings } from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, directorySeed, catalogSeed],
  signIn: ['private', 'restaurant'],
});
const { tokens, userIds: ids } = accounts;
let wines: WineSearchResult['rows'] = [];

type Person = 'private' | 'restaurant';

const rate = (who: Person, wineId: string, points: unknown) =>
  origin.api<TastingNote>('PUT', `/api/wines/${wineId}/my-rating`, { token: tokens[who], json: { points } });
const mine = async (who: Person, wineId: string) =>
  (await origin.api<WineTastings>('GET', `/api/wines/${wineId}/tastings`, { token: tokens[who] })).payload
    .mine;
const wantToTry = (userId: string, token?: string) =>
  origin.api<{ rows: WantToTryEntry[]; count: number }>('GET', `/api/users/${userId}/want-to-try`, { token });

beforeAll(async () => {
  const found = await origin.api<WineSearchResult>(
    'GET',
    '/api/wines?resultsPerPage=6&isRatedByExpert=false&isAvailable=false&sortColumn=name',
  );
  wines = found.payload.rows;
  expect(wines.length).toBeGreaterThanOrEqual(4);
});

describe('the quick rating', () => {
  it('is stored as one published note; a second tap changes that note and the average, 99.5 as 99.5', async () => {
    const wineId = wines[0]?.id as string;
    const before = await getWine(wineId);
    const first = await rate('private', wineId, 88);
    expect(first.status).toBe(200);
    expect(first.payload).toMatchObject({ wineId, points: 88, isPublished: true });
    const second = await rate('private', wineId, 99.5);
    expect(second.status).toBe(200);
    expect(second.payload.id).toBe(first.payload.id);
    const notes = await mine('private', wineId);
    expect(notes.map((n) => [n.id, n.points])).toEqual([[first.payload.id, 99.5]]);
    const after = await getWine(wineId);
    expect((after?.communityCount ?? 0) - (before?.communityCount ?? 0)).toBe(1);
    expect((after?.communitySum ?? 0) - (before?.communitySum ?? 0)).toBe(99.5);
  });

  it('changes the note the person already wrote on the wine, not a second one', async () => {
    const wineId = wines[1]?.id as string;
    const written = await origin.api<TastingNote>('POST', `/api/wines/${wineId}/tastings`, {
      token: tokens.private,
      json: { points: 86, date: '2025-05-01', text: 'Kirsebær og lær', isPublished: false },
    });
    expect(written.status).toBe(201);
    const rated = await rate('private', wineId, 91.5);
    expect(rated.payload).toMatchObject({ id: written.payload.id, points: 91.5, text: 'Kirsebær og lær' });
    expect((await mine('private', wineId)).length).toBe(1);
  });

  it('writes one note when 24 first taps of one person arrive at once, and counts it once', async () => {
    const wineId = wines[3]?.id as string;
    const before = await getWine(wineId);
    const points = Array.from({ length: 24 }, (_, i) => 80 + (i % 20) / 2);
    const answers = await Promise.all(points.map((p) => rate('private', wineId, p)));
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    const notes = await mine('private', wineId);
    expect(notes).toHaveLength(1);
    const after = await getWine(wineId);
    expect((after?.communityCount ?? 0) - (before?.communityCount ?? 0)).toBe(1);
    expect((after?.communitySum ?? 0) - (before?.communitySum ?? 0)).toBe(notes[0]?.points);
  });

  it('refuses 99.4, 101 and text with the rule named, and needs a session', async () => {
    const wineId = wines[2]?.id as string;
    for (const points of [99.4, 101, 49.5, 'ninety']) {
      const answer = await rate('private', wineId, points);
      expect(answer.status, String(points)).toBe(400);
      expect(answer.error?.fields?.points).toBe('Invalid points: 50 to 100, in whole or half points');
    }
    expect(await mine('private', wineId)).toEqual([]);
    const anonymous = await origin.api('PUT', `/api/wines/${wineId}/my-rating`, { json: { points: 90 } });
    expect(anonymous.status).toBe(401);
  });
});

describe('Want to try', () => {
  it('holds a wine added twice once, newest first, and forgets a removed one', async () => {
    const [a, b] = [wines[2]?.id as string, wines[3]?.id as string];
    const path = (wineId: string) => `/api/users/${ids.private}/want-to-try/${wineId}`;
    const first = await origin.api<WantToTryEntry>('PUT', path(a), { token: tokens.private });
    expect(first.status).toBe(200);
    const again = await origin.api<WantToTryEntry>('PUT', path(a), { token: tokens.private });
    expect(again.status).toBe(200);
    expect(again.payload.addedAt).toBe(first.payload.addedAt);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await origin.api('PUT', path(b), { token: tokens.private })).status).toBe(200);

    const list = await wantToTry(ids.private as string);
    expect(list.status).toBe(200);
    expect(list.payload.rows.map((r) => r.wineId)).toEqual([b, a]);
    expect(list.payload.rows[0]?.wine?.name).toBe(wines[3]?.name);

    const removed = await origin.api('DELETE', path(b), { token: tokens.private });
    expect(removed.status).toBe(204);
    expect((await wantToTry(ids.private as string)).payload.rows.map((r) => r.wineId)).toEqual([a]);
    // Removing it again changes nothing.
    expect((await origin.api('DELETE', path(b), { token: tokens.private })).status).toBe(204);
  });

  it('is not writable by another person, and not at all without a session', async () => {
    const wineId = wines[0]?.id as string;
    const path = `/api/users/${ids.private}/want-to-try/${wineId}`;
    const stranger = await origin.api('PUT', path, { token: tokens.restaurant });
    expect(stranger.status).toBe(403);
    const strangerRemoves = await origin.api(
      'DELETE',
      `/api/users/${ids.private}/want-to-try/${wines[2]?.id}`,
      {
        token: tokens.restaurant,
      },
    );
    expect(strangerRemoves.status).toBe(403);
    expect((await origin.api('PUT', path, {})).status).toBe(401);
    const list = await wantToTry(ids.private as string, tokens.restaurant);
    expect(list.payload.rows.map((r) => r.wineId)).toEqual([wines[2]?.id]);
  });

  it('refuses a wine that is not in the catalogue', async () => {
    const answer = await origin.api('PUT', `/api/users/${ids.private}/want-to-try/no-such-wine`, {
      token: tokens.private,
    });
    expect(answer.status).toBe(404);
  });
});

describe('My tastings', () => {
  it('finds notes by words, style and points, newest tasting first', async () => {
    const [a, b] = [wines[4]?.id ?? (wines[0]?.id as string), wines[5]?.id ?? (wines[1]?.id as string)];
    const write = (wineId: string, json: Record<string, unknown>) =>
      origin.api<TastingNote>('POST', `/api/wines/${wineId}/tastings`, {
        token: tokens.restaurant,
        json: { isPublished: true, ...json },
      });
    const old = await write(a, { points: 84, date: '2020-02-02', text: 'Fiolett og moden' });
    const recent = await write(b, { points: 95.5, date: '2026-01-10', text: 'Krydret finish' });
    const middle = await write(a, { points: 90, date: '2023-03-03', text: 'Røde bær' });
    const list = (query: string) =>
      origin.api<{ rows: TastingNote[]; count: number }>(
        'GET',
        `/api/users/${ids.restaurant}/tastings?${query}`,
        {
          token: tokens.restaurant,
        },
      );
    const all = await list('');
    expect(all.payload.rows.map((n) => n.id)).toEqual([recent.payload.id, middle.payload.id, old.payload.id]);
    const words = await list(`q=${encodeURIComponent('krydret')}`);
    expect(words.payload.rows.map((n) => n.id)).toEqual([recent.payload.id]);
    expect(words.payload.count).toBe(1);
    const rodeBaer = await list(`q=${encodeURIComponent('rode baer')}`);
    expect(rodeBaer.payload.rows.map((n) => n.id)).toEqual([middle.payload.id]);
    const high = await list('minPoints=90&maxPoints=100');
    expect(high.payload.rows.map((n) => n.id)).toEqual([recent.payload.id, middle.payload.id]);
    const style = wines.find((w) => w.id === b)?.mainCategoryId as string;
    const byStyle = await list(`category=${style}`);
    expect(byStyle.payload.rows.every((n) => n.wine?.mainCategoryId === style)).toBe(true);
    expect(byStyle.payload.rows.map((n) => n.id)).toContain(recent.payload.id);
    expect((await list('category=lemonade')).status).toBe(400);
  });
});

describe('Want to try after an admin merge', () => {
  it('shows a listed duplicate as the wine it was merged into', async () => {
    const [survivor, duplicate] = [wines[4]?.id as string, wines[5]?.id as string];
    expect(survivor && duplicate).toBeTruthy();
    const put = await origin.api('PUT', `/api/users/${ids.private}/want-to-try/${duplicate}`, {
      token: tokens.private,
    });
    expect(put.status).toBe(200);
    const admin = await origin.api<LoginResult>('POST', '/api/auth/log-in', {
      json: { email: 'admin@kork.local', password: 'Admin1234' },
    });
    const merged = await origin.api('POST', '/api/admin/wines/merge', {
      token: admin.payload.access_token,
      json: { survivorId: survivor, duplicateIds: [duplicate], confirmation: 'MERGE' },
    });
    expect(merged.status, JSON.stringify(merged.error)).toBe(200);
    const list = await wantToTry(ids.private as string);
    const row = list.payload.rows.find((r) => r.wineId === duplicate);
    expect(row?.wine?.id).toBe(survivor);
  });
});

describe('account deletion', () => {
  it("removes the person's Want to try list with their notes", async () => {
    const ownerId = ids.private as string;
    const before = await db().entities.wantToTry.query.byOwner({ ownerId }).go({ pages: 'all' });
    expect(before.data.length).toBeGreaterThan(0);
    expect(await purgeAccountData(ownerId, Date.now() + 60_000)).toBe(true);
    const after = await db().entities.wantToTry.query.byOwner({ ownerId }).go({ pages: 'all' });
    expect(after.data).toEqual([]);
    const notes = await db().entities.tastingNote.query.byOwner({ ownerId }).go({ pages: 'all' });
    expect(notes.data).toEqual([]);
  });
});
