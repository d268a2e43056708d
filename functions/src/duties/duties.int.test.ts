/**
 * Norwegian duties through the API (docs/duties.md): the rates in force on a day, a cellar wine's cost
 * per bottle — the catalogue's alcohol and packaging when the owner gave none, nothing invented when no
 * alcohol is known, the rates of the day or none — and the `duty-rates` job, which loads the same file
 * twice without a change and refuses a malformed one without touching the rates in use.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { accountsSeed } from '@kork/functions/accounts/seed';
import { db } from '@kork/functions/data/entities';
import { bottleDutiesFor } from '@kork/functions/duties/duties-service';
import { storedRateTable } from '@kork/functions/duties/duty-rates-store';
import { handler as loadDutyRates } from '@kork/functions/duties/jobs/load-duty-rates';
import { env } from '@kork/functions/platform/env';
import { s3Client } from '@kork/functions/platform/s3';
import {
  type CellarWine,
  type CostBreakdown,
  convertMinor,
  type DutyRatesResponse,
  REFERENCE_RATES,
} from '@kork/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';
import shipped from './duty-rates.json';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant', 'private'],
  timeout: 120_000,
});
const { tokens } = accounts;

/** A catalogue wine at 13 % in a single-use glass bottle, as the catalogue holds it. */
const CATALOGUE_WINE = {
  id: 'duties-catalogue-red',
  source: 'KORK',
  name: 'Avgift Rød',
  producer: 'Toll & Co',
  vintage: 2021,
  bottleSize: 0.75,
  mainCategoryId: 'red',
  alcohol: 13,
  packaging: 'Engangsflasker av glass',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  changeSeq: '2024-01-01T00:00:00.000Z#01HDUTIES0000000000000000',
} as const;

const rates = (date?: string) =>
  origin.api<DutyRatesResponse>('GET', `/api/duties/rates${date ? `?date=${date}` : ''}`, {
    token: tokens.restaurant,
  });

const cost = (who: 'restaurant' | 'private', ownerId: string | undefined, wineId: string, date?: string) =>
  origin.api<CostBreakdown>(
    'GET',
    `/api/wine-cellars/users/${ownerId}/own-wines/${wineId}/cost${date ? `?date=${date}` : ''}`,
    { token: tokens[who] },
  );

async function addWine(who: 'restaurant' | 'private', json: Record<string, unknown>): Promise<CellarWine> {
  const added = await origin.api<CellarWine>('POST', `${accounts.base(who)}/own-wines`, {
    token: tokens[who],
    json: { quantity: 6, ...json },
  });
  expect(added.status, JSON.stringify(added.error)).toBe(201);
  return added.payload;
}

let catalogueWine: CellarWine;
let customWine: CellarWine;
let privateWine: CellarWine;

beforeAll(async () => {
  await db()
    .entities.wine.put(CATALOGUE_WINE as never)
    .go();
  catalogueWine = await addWine('restaurant', {
    source: 'KORK',
    wineId: CATALOGUE_WINE.id,
    purchasePriceWovat: 20_000,
  });
  customWine = await addWine('restaurant', {
    source: 'CUSTOM',
    wineName: 'Ukjent Styrke',
    bottleSize: 0.75,
    mainCategoryId: 'white',
    purchasePriceWovat: 15_000,
  });
  privateWine = await addWine('private', {
    source: 'CUSTOM',
    wineName: 'Privat Hvit',
    bottleSize: 0.75,
    mainCategoryId: 'white',
    alcohol: 12,
    purchasePriceWovat: 12_000,
  });
});

describe('the rates route', () => {
  it("answers 2024's rates on a 2024 day and 2025's excise on a 2025 day, each with its validity and source", async () => {
    const in2024 = await rates('2024-06-01');
    expect(in2024.status).toBe(200);
    expect(in2024.payload.date).toBe('2024-06-01');
    const wine2024 = in2024.payload.rows.find((r) => r.kind === 'excise' && r.group === 'upTo22');
    expect(wine2024).toMatchObject({ rate: 514, unit: 'perVolPctLitre', validFrom: '2024-01-01' });
    expect(wine2024?.validTo).toBe('2024-12-31');
    expect(wine2024?.source).toContain('2024');

    const in2025 = await rates('2025-06-01');
    const wine2025 = in2025.payload.rows.find((r) => r.kind === 'excise' && r.group === 'upTo22');
    expect(wine2025).toMatchObject({ rate: 529, validFrom: '2025-01-01', validTo: null });
    const spirits2025 = in2025.payload.rows.find((r) => r.kind === 'excise' && r.group === 'spirits');
    expect(spirits2025?.rate).toBe(903);
    // One row per kind, group, material and size: no day holds two rates of one key.
    const keys = in2025.payload.rows.map((r) => [r.kind, r.group, r.material, r.size].join('#'));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('answers no rows for a day before the first rate, and today in Norway without a date', async () => {
    const before = await rates('2022-06-01');
    expect(before.status).toBe(200);
    expect(before.payload.rows).toEqual([]);
    const today = await rates();
    expect(today.payload.date).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date()),
    );
    expect(today.payload.rows.length).toBeGreaterThan(0);
  });

  it('refuses a date that is no day, and answers 401 without a sign-in', async () => {
    const bad = await rates('2024-13-01');
    expect(bad.status).toBe(400);
    expect(bad.error?.fields).toHaveProperty('date');
    expect((await origin.api('GET', '/api/duties/rates')).status).toBe(401);
  });
});

describe("a cellar wine's cost", () => {
  it("takes a catalogue wine's alcohol and glass bottle from the catalogue: 13 % × 0.75 l × the day's rate", async () => {
    const answer = await cost('restaurant', accounts.userIds.restaurant, catalogueWine.id, '2024-06-01');
    expect(answer.status).toBe(200);
    // 13 × 0.75 × 514 øre = 5,011.5 → 5,012; glass 671 + basic tax 138 = 809; VAT 25 % of 200 kr.
    expect(answer.payload).toMatchObject({
      excise: 5_012,
      packagingTax: 809,
      deposit: 0,
      net: 20_000 - 5_012 - 809,
      vat: 5_000,
      total: 25_000,
      group: 'upTo22',
      ratesAsOf: '2024-01-01',
      stale: false,
      missing: [],
      alcohol: 13,
      container: 'glass',
      vatPercentage: 25,
      currency: 'NOK',
    });

    // A year later the excise is 2025's (13 × 0.75 × 529 = 5,157.75 → 5,158); the packaging taxes
    // are still 2024's, and the answer says that year's rates are not all loaded.
    const later = await cost('restaurant', accounts.userIds.restaurant, catalogueWine.id, '2025-06-01');
    expect(later.payload).toMatchObject({ excise: 5_158, packagingTax: 809, ratesAsOf: '2025-01-01' });
    expect(later.payload.stale).toBe(true);
    expect(later.payload.net).toBe(20_000 - 5_158 - 809);
  });

  it('asks for the alcohol of a custom wine without it, and invents no excise', async () => {
    const answer = await cost('restaurant', accounts.userIds.restaurant, customWine.id, '2025-06-01');
    expect(answer.status).toBe(200);
    expect(answer.payload.missing).toEqual(['alcohol']);
    expect(answer.payload).toMatchObject({
      excise: null,
      packagingTax: null,
      deposit: null,
      net: null,
      group: null,
      alcohol: null,
      vat: 3_750,
      total: 18_750,
    });
  });

  it('says the rates are missing for a day before any rate, never 0', async () => {
    const answer = await cost('restaurant', accounts.userIds.restaurant, catalogueWine.id, '2022-06-01');
    expect(answer.status).toBe(200);
    expect(answer.payload.missing).toEqual(['rates']);
    expect(answer.payload.excise).toBeNull();
    expect(answer.payload.net).toBeNull();
    expect(answer.payload.alcohol).toBe(13);
  });

  it("answers 404 for another account's wine under one's own cellar, and 403 under theirs", async () => {
    const own = accounts.userIds.restaurant;
    const theirs = accounts.userIds.private;
    expect((await cost('restaurant', own, privateWine.id, '2025-06-01')).status).toBe(404);
    expect((await cost('restaurant', theirs, privateWine.id, '2025-06-01')).status).toBe(403);
    expect((await cost('private', theirs, privateWine.id, '2025-06-01')).status).toBe(200);
  });

  it("uses the style's VAT percentage from the cellar's settings, and the wine's own currency", async () => {
    const cellars = await origin.api<{ rows: { id: string }[] }>(
      'GET',
      `${accounts.base('private')}/cellars`,
      {
        token: tokens.private,
      },
    );
    const cellarId = cellars.payload.rows[0]?.id as string;
    const changed = await origin.api('PATCH', `/api/wine-cellars/cellars/${cellarId}`, {
      token: tokens.private,
      json: { baseCurrency: 'EUR', vats: { white: 20 } },
    });
    expect(changed.status, JSON.stringify(changed.error)).toBe(200);
    const euroWine = await addWine('private', {
      source: 'CUSTOM',
      wineName: 'Euro Hvit',
      bottleSize: 0.75,
      mainCategoryId: 'white',
      alcohol: 12,
      container: 'glass',
      purchasePriceWovat: 1_500,
    });
    const answer = await cost('private', accounts.userIds.private, euroWine.id, '2024-06-01');
    expect(answer.status).toBe(200);
    // 12 × 0.75 × 514 = 4,626 øre, as euro cents at the rates in use (the reference rates: none stored).
    const toEur = (ore: number) => convertMinor(ore, 'NOK', 'EUR', REFERENCE_RATES.nokPerUnit);
    expect(answer.payload).toMatchObject({
      currency: 'EUR',
      vatPercentage: 20,
      excise: toEur(4_626),
      packagingTax: toEur(809),
      vat: 300,
      total: 1_800,
    });
    expect(answer.payload.excise).toBeGreaterThan(300);
    expect(answer.payload.excise).toBeLessThan(500);
    expect(answer.payload.net).toBe(1_500 - toEur(4_626) - toEur(809));
  });
});

describe('duties for many bottles at once', () => {
  it("reads the catalogue's alcohol and packaging of 600 wines in one call, each bottle's duties in its place", async () => {
    const wines = Array.from({ length: 600 }, (_, i) => ({
      ...CATALOGUE_WINE,
      id: `duties-many-${String(i).padStart(4, '0')}`,
      name: `Mange ${i}`,
      // 5.0 %, 5.1 %, … 14.9 %: every wine its own excise.
      alcohol: 5 + (i % 100) / 10,
      packaging: i % 2 === 0 ? 'Engangsflasker av glass' : 'BIB under 4 ltr',
    }));
    const { unprocessed } = (await db()
      .entities.wine.put(wines as never)
      .go()) as unknown as { unprocessed: unknown[] };
    expect(unprocessed).toEqual([]);
    // The owner's own alcohol wins over the catalogue's; a bottle without a catalogue wine asks for it.
    const bottles = [
      ...wines.map((wine) => ({ bottleSize: 0.75, category: 'red' as const, wineId: wine.id })),
      { bottleSize: 0.75, category: 'red' as const, wineId: wines[0]?.id, alcohol: 14 },
      { bottleSize: 0.75, category: 'red' as const },
    ];
    const results = await bottleDutiesFor(bottles, '2024-06-01');
    expect(results).toHaveLength(602);
    wines.forEach((wine, i) => {
      const result = results[i];
      expect(result?.ok, wine.id).toBe(true);
      if (!result?.ok) return;
      expect(result.duties.excise, wine.id).toBe(Math.round(wine.alcohol * 0.75 * 514));
      // Glass 671 + 138 basic tax; a bag-in-box's carton 165 + 138.
      expect(result.duties.packagingTax, wine.id).toBe(i % 2 === 0 ? 809 : 303);
    });
    const own = results[600];
    expect(own?.ok && own.duties.excise).toBe(Math.round(14 * 0.75 * 514));
    expect(results[601]).toEqual({ ok: false, missing: 'alcohol' });
  });
});

describe('the duty-rates job', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kork-duty-rates-'));

  it('loads a file once: the same file again changes nothing', async () => {
    const file = join(dir, 'rates.json');
    writeFileSync(file, JSON.stringify(shipped));
    const first = await loadDutyRates({ detail: { file } });
    expect(first).toContain('24 duty rates loaded');
    const stored = await storedRateTable();
    const second = await loadDutyRates({ detail: { file } });
    expect(second).toContain('unchanged');
    expect(await storedRateTable()).toEqual(stored);
  });

  it('loads a new year from a file, and the routes use it at once', async () => {
    const file = join(dir, 'rates-2026.json');
    const rows = [
      ...shipped.rows,
      { ...shipped.rows[1], rate: 545, validFrom: '2026-01-01', source: 'Test: 2026 rate for 4.7–22 %' },
    ];
    writeFileSync(file, JSON.stringify({ rows }));
    expect(await loadDutyRates({ detail: { file } })).toContain('25 duty rates loaded');
    const in2026 = await rates('2026-06-01');
    expect(in2026.payload.rows.find((r) => r.kind === 'excise' && r.group === 'upTo22')?.rate).toBe(545);
    const answer = await cost('restaurant', accounts.userIds.restaurant, catalogueWine.id, '2026-06-01');
    // 13 × 0.75 × 545 = 5,313.75 → 5,314.
    expect(answer.payload.excise).toBe(5_314);
  });

  it("keeps rates loaded from a file over the shipped ones, and loads the imports bucket's duty-rates.json", async () => {
    // No file given and none in the bucket: the shipped rates (newest 2025) do not undo the 2026 file.
    expect(await loadDutyRates({})).toContain('Duty rates kept');
    expect((await rates('2026-06-01')).payload.rows.find((r) => r.group === 'upTo22')?.rate).toBe(545);

    const rows = [
      ...shipped.rows,
      { ...shipped.rows[1], rate: 550, validFrom: '2026-01-01', source: 'Test: 2026 rate from the bucket' },
    ];
    await s3Client().send(
      new PutObjectCommand({
        Bucket: env.importsBucket(),
        Key: 'duty-rates.json',
        Body: JSON.stringify({ rows }),
        ContentType: 'application/json',
      }),
    );
    expect(await loadDutyRates({})).toMatch(/25 duty rates loaded from s3:\/\/.+\/duty-rates\.json/);
    expect((await rates('2026-06-01')).payload.rows.find((r) => r.group === 'upTo22')?.rate).toBe(550);
  });

  it('refuses a malformed file, says what is wrong and changes nothing', async () => {
    const before = await storedRateTable();
    const file = join(dir, 'bad.json');
    const bad = [
      { ...shipped.rows[0], rate: -1 },
      { ...shipped.rows[1], validFrom: '2026-02-30' },
    ];
    writeFileSync(file, JSON.stringify({ rows: bad }));
    await expect(loadDutyRates({ detail: { file } })).rejects.toThrow(
      /rows\.0\.rate: must be at least 0[\s\S]*rows\.1\.validFrom: not a date/,
    );
    // Two rates of one kind on one day: which would hold is a guess.
    writeFileSync(file, JSON.stringify({ rows: [shipped.rows[0], shipped.rows[0]] }));
    await expect(loadDutyRates({ detail: { file } })).rejects.toThrow(
      /rows\.0 and rows\.1: two excise spirits rates/,
    );
    writeFileSync(file, '{"rows": [');
    await expect(loadDutyRates({ detail: { file } })).rejects.toThrow(/not JSON/);
    expect(await storedRateTable()).toEqual(before);
    expect((await rates('2026-06-01')).payload.rows.find((r) => r.group === 'upTo22')?.rate).toBe(550);
  });
});
