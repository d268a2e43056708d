/**
 * Tasting notes under concurrency: many people (and one person on several devices) write, publish and
 * delete notes on one wine at once. Whatever interleaving DynamoDB Local picks, a wine's counts and
 * sums equal its published notes, its expert set holds exactly the authors of published expert notes,
 * and every 2xx answer's effect is there afterwards.
 */
import { accountsSeed, directorySeed } from '@kork/functions/accounts/seed';
import { getWine } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { db } from '@kork/functions/data/entities';
import type { TastingNote, WineSearchResult } from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const people = ['expert', 'sommelier', 'critic', 'private', 'restaurant'] as const;
type Person = (typeof people)[number];
const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, directorySeed, catalogSeed],
  signIn: people,
});
const { tokens, userIds } = accounts;
let wineIds: string[] = [];

function write(who: Person, wineId: string, body: Record<string, unknown>) {
  return origin.api<TastingNote>('POST', `/api/wines/${wineId}/tastings`, {
    token: tokens[who],
    json: { date: '2026-01-15', points: 90, isPublished: true, ...body },
  });
}

const patch = (who: Person, id: string, json: Record<string, unknown>) =>
  origin.api<TastingNote>('PATCH', `/api/tastings/${id}`, { token: tokens[who], json });
const remove = (who: Person, id: string) =>
  origin.api('DELETE', `/api/tastings/${id}`, { token: tokens[who] });

/** The wine's stored sums and expert set against what its notes in the table say they must be. */
async function expectSumsMatchNotes(wineId: string) {
  const { data: notes } = await db().entities.tastingNote.query.byWine({ wineId }).go({ pages: 'all' });
  const published = notes.filter((n) => n.isPublished);
  const experts = published.filter((n) => n.authorIsExpert);
  const community = published.filter((n) => !n.authorIsExpert);
  const wine = await getWine(wineId);
  expect({
    expertCount: wine?.expertCount ?? 0,
    expertSum: wine?.expertSum ?? 0,
    communityCount: wine?.communityCount ?? 0,
    communitySum: wine?.communitySum ?? 0,
    expertIds: [...(wine?.expertIds ?? [])].sort(),
  }).toEqual({
    expertCount: experts.length,
    expertSum: experts.reduce((sum, n) => sum + n.points, 0),
    communityCount: community.length,
    communitySum: community.reduce((sum, n) => sum + n.points, 0),
    expertIds: [...new Set(experts.map((n) => n.ownerId))].sort(),
  });
  return notes;
}

beforeAll(async () => {
  const wines = await origin.api<WineSearchResult>(
    'GET',
    '/api/wines?resultsPerPage=6&isRatedByExpert=false&isAvailable=false&sortColumn=name',
  );
  wineIds = wines.payload.rows.map((row) => row.id);
  expect(wineIds.length).toBeGreaterThanOrEqual(6);
});

describe('tasting notes written at once', () => {
  it('counts every one of 40 notes written on one wine at the same moment', async () => {
    const wineId = wineIds[0] as string;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        write(people[i % people.length] as Person, wineId, {
          points: 80 + (i % 20),
          isPublished: i % 3 !== 0,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const notes = await expectSumsMatchNotes(wineId);
    expect(notes).toHaveLength(40);
    // Every created note is there as answered.
    const stored = new Set(notes.map((n) => n.id));
    for (const answer of answers) expect(stored.has(answer.payload.id)).toBe(true);
  });

  it('subtracts a note once when it is deleted 20 times at once', async () => {
    const wineId = wineIds[1] as string;
    const note = await write('private', wineId, { points: 88 });
    expect(note.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => remove('private', note.payload.id)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.every((s) => s === 204 || s === 404 || s === 409)).toBe(true);
    const notes = await expectSumsMatchNotes(wineId);
    expect(notes).toHaveLength(0);
    const wine = await getWine(wineId);
    expect(wine?.communityCount ?? 0).toBe(0);
  });

  it('never counts a deleted note when publishing races its deletion', async () => {
    const wineId = wineIds[2] as string;
    const drafts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        write(people[i % people.length] as Person, wineId, { isPublished: false, points: 70 + i }),
      ),
    );
    await Promise.all(
      drafts.flatMap((draft, i) => {
        const who = people[i % people.length] as Person;
        return [patch(who, draft.payload.id, { isPublished: true }), remove(who, draft.payload.id)];
      }),
    );
    const notes = await expectSumsMatchNotes(wineId);
    expect(notes).toHaveLength(0);
  });

  it('takes an expert out of the wine when their two notes are deleted at once', async () => {
    const wineId = wineIds[3] as string;
    const first = await write('expert', wineId, { points: 92 });
    const second = await write('expert', wineId, { points: 94 });
    expect((await getWine(wineId))?.expertIds).toContain(userIds.expert);
    const answers = await Promise.all([
      remove('expert', first.payload.id),
      remove('expert', second.payload.id),
    ]);
    expect(answers.map((a) => a.status)).toEqual([204, 204]);
    await expectSumsMatchNotes(wineId);
    expect([...((await getWine(wineId))?.expertIds ?? [])]).not.toContain(userIds.expert);
  });

  it('keeps an expert whose other note is published while one is unpublished', async () => {
    const wineId = wineIds[4] as string;
    const published = await write('sommelier', wineId, { points: 91 });
    const draft = await write('sommelier', wineId, { points: 89, isPublished: false });
    await Promise.all([
      patch('sommelier', published.payload.id, { isPublished: false }),
      patch('sommelier', draft.payload.id, { isPublished: true }),
    ]);
    const notes = await expectSumsMatchNotes(wineId);
    expect(notes.filter((n) => n.isPublished)).toHaveLength(1);
  });

  it('holds the invariants through 80 mixed writes, publishes and deletes', async () => {
    const wineId = wineIds[5] as string;
    const seeds = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        write(people[i % people.length] as Person, wineId, { points: 60 + i, isPublished: i % 2 === 0 }),
      ),
    );
    const ids = seeds.map((s, i) => ({ id: s.payload.id, who: people[i % people.length] as Person }));
    let state = 7;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state;
    };
    const ops = Array.from({ length: 80 }, () => {
      const pick = ids[next() % ids.length] as { id: string; who: Person };
      switch (next() % 4) {
        case 0:
          return write(pick.who, wineId, { points: 50 + (next() % 51), isPublished: next() % 2 === 0 });
        case 1:
          return patch(pick.who, pick.id, { isPublished: next() % 2 === 0 });
        case 2:
          return patch(pick.who, pick.id, { points: 50 + (next() % 51) });
        default:
          return remove(pick.who, pick.id);
      }
    });
    const answers = await Promise.all(ops);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    await expectSumsMatchNotes(wineId);
  });
});
