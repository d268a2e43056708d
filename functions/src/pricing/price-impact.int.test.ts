/**
 * Re-pricing you can trust, through the HTTP API against DynamoDB Local: a raise-only set never lowers a
 * price over a 5,000-wine cellar (written straight to the table), the preview's impact is what the apply
 * did, and the price a wine had before an apply comes back as a new change.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { cellarOf } from '@kork/functions/cellar/cellar-service';
import { wholeCellarWritten } from '@kork/functions/cellar/kernel/cellar-changes';
import { inventoryOf } from '@kork/functions/cellar/kernel/wine-reads';
import type { CellarWineRecord } from '@kork/functions/cellar/kernel/wine-records';
import { putAll } from '@kork/functions/data/batch-writes';
import { tables } from '@kork/functions/data/tables';
import type {
  CellarWine,
  PriceApplyResult,
  PricePreview,
  PriceRestoreResult,
  PriceRuleSet,
} from '@kork/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant', 'private'] });
const { tokens, userIds } = accounts;
const R = 'restaurant';
const kr = (n: number) => n * 100;
const rules = () => `${accounts.base(R)}/price-rules`;

async function createSet(body: Record<string, unknown>): Promise<PriceRuleSet> {
  const answer = await origin.api<PriceRuleSet>('POST', rules(), { token: tokens[R], json: body });
  expect(answer.error).toBeUndefined();
  return answer.payload;
}

/** × 2.5 on the purchase price with VAT, rounded up to end in 9; a glass at a fifth of the bottle. */
function markup(extra: Record<string, unknown> = {}) {
  return {
    name: `Påslag ${ulid().slice(-6)}`,
    basis: 'incVat',
    direction: 'increase',
    rounding: 'endsIn9',
    ranges: [
      {
        from: 0,
        to: null,
        sellingPrice: { kind: 'percentage', value: 150 },
        glassPrice: { kind: 'percentage', value: 20 },
      },
    ],
    ...extra,
  };
}

const preview = (id: string) =>
  origin.api<PricePreview>('POST', `${rules()}/${id}/preview`, { token: tokens[R] });
const apply = (id: string) =>
  origin.api<PriceApplyResult>('POST', `${rules()}/${id}/apply`, {
    token: tokens[R],
    json: { confirm: true },
  });
const restore = (historyEntryId: string, user = R) =>
  origin.api<PriceRestoreResult>('POST', `${accounts.base(user)}/price-restores`, {
    token: tokens[user],
    json: { historyEntryId },
  });

const priceEntries = async (ownWineId: string) =>
  (await accounts.wineHistory(R, ownWineId)).filter((entry) => entry.action === 'PRICE_CHANGED');

describe('restoring the price before an apply', () => {
  it('is a new price change; the apply stays in the history; only an apply’s entry can be restored', async () => {
    const category = await origin.api<{ id: string }>('POST', `${accounts.base(R)}/wine-list-categories`, {
      token: tokens[R],
      json: { name: 'Husets' },
    });
    const wine = await origin.api<CellarWine>('POST', `${accounts.base(R)}/own-wines`, {
      token: tokens[R],
      json: {
        source: 'CUSTOM',
        wineName: 'Husets hvite',
        vintage: 2023,
        bottleSize: 0.75,
        mainCategoryId: 'white',
        quantity: 18,
        purchasePriceWovat: 8_500,
        sellingPrice: kr(470),
        pricePerGlass: kr(95),
        wineListCategoryId: category.payload.id,
      },
    });
    expect(wine.status).toBe(201);
    const set = await createSet(markup({ categoryIds: [category.payload.id] }));
    const seen = await preview(set.id);
    // 106.25 kr × 2.5 = 265.63, up to 269 kr: the house white falls from 470 kr, and the preview says so.
    expect(seen.payload.impact).toMatchObject({ up: 0, down: 1 });
    expect(seen.payload.impact.largestFalls[0]).toMatchObject({
      oldSellingPrice: kr(470),
      newSellingPrice: kr(269),
    });
    expect((await apply(set.id)).payload.applied).toBe(1);

    const [applied] = await priceEntries(wine.payload.id);
    expect(applied?.after).toMatchObject({ sellingPrice: kr(269), ruleSetId: set.id, ruleSetName: set.name });
    const back = await restore(applied?.id ?? '');
    expect(back.status).toBe(200);
    expect(back.payload).toMatchObject({ restored: true, sellingPrice: kr(470), pricePerGlass: kr(95) });
    const now = await origin.api<CellarWine>('GET', `${accounts.base(R)}/own-wines/${wine.payload.id}`, {
      token: tokens[R],
    });
    expect(now.payload).toMatchObject({ sellingPrice: kr(470), pricePerGlass: kr(95) });
    const entries = await priceEntries(wine.payload.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]?.after).toMatchObject({ sellingPrice: kr(470), restoredFrom: applied?.id });
    expect(entries[1]?.id).toBe(applied?.id);

    // Again: the wine already has that price, nothing is written.
    expect((await restore(applied?.id ?? '')).payload.restored).toBe(false);
    expect(await priceEntries(wine.payload.id)).toHaveLength(2);
    // The restore's own entry is not an apply's; an unknown entry is not found; another cellar is refused.
    const refused = await restore(entries[0]?.id ?? '');
    expect(refused.status).toBe(400);
    expect(refused.error?.fields).toMatchObject({
      historyEntryId: 'Only a price set by applying a rule set can be restored',
    });
    expect((await restore(ulid())).status).toBe(404);
    expect((await restore(applied?.id ?? '', 'private')).status).toBe(403);
  });

  it('refuses unknown categories to leave out and too long lists', async () => {
    const unknown = await origin.api('POST', rules(), {
      token: tokens[R],
      json: markup({ excludeCategoryIds: ['nope'] }),
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.error?.fields ?? {})).toEqual(['excludeCategoryIds.0']);
    const many = Array.from({ length: 501 }, (_, i) => `w${i}`);
    const tooMany = await origin.api('POST', rules(), {
      token: tokens[R],
      json: markup({ excludeWineIds: many }),
    });
    expect(tooMany.status).toBe(400);
  });
});

describe('raise only over 5,000 wines', () => {
  it('lowers no price, and the preview’s impact is what the apply did', async () => {
    const ownerId = userIds[R] as string;
    const cellar = await cellarOf(ownerId);
    const now = new Date().toISOString();
    // One wine in a hundred sells under × 2.5 (the rule raises it), the rest above (raise only keeps them);
    // spirits without a glass price never get one.
    const wines = Array.from({ length: 5_000 }, (_, i) => {
      const purchase = 8_000 + (i % 97) * 1_000;
      const wvat = Math.round(purchase * 1.25);
      return {
        ownerId,
        id: ulid(),
        cellarId: cellar.id,
        source: 'CUSTOM',
        wineName: `Raise ${i}`,
        vintage: 2000 + (i % 24),
        bottleSize: 0.75,
        mainCategoryId: i % 7 === 0 ? 'spirits' : 'red',
        placements: { _: 1 + (i % 6) },
        quantity: 1 + (i % 6),
        own: {
          purchasePriceWovat: purchase,
          purchasePriceWvat: wvat,
          sellingPrice: i % 100 === 0 ? wvat * 2 : wvat * 3,
          ...(i % 7 === 0 ? {} : { pricePerGlass: Math.round((wvat * 3) / 5) }),
        },
        createdAt: now,
        updatedAt: now,
      } as CellarWineRecord;
    });
    await putAll(tables('cellar').cellarWine, wines, 'wines');
    await wholeCellarWritten(ownerId);
    const before = new Map((await inventoryOf(ownerId)).map((r) => [r.id, r.own as Record<string, number>]));
    const set = await createSet(markup({ raiseOnly: true }));
    const seen = (await preview(set.id)).payload;
    expect(seen.impact.down).toBe(0);
    expect(seen.impact.up).toBe(50);
    expect(seen.impact.same).toBe(5_000 - 50 + 1); // the house white above kept its price too
    for (const row of seen.rows) expect(row.newSellingPrice).toBeGreaterThanOrEqual(row.oldSellingPrice ?? 0);
    const done = (await apply(set.id)).payload;
    expect(done.impact).toEqual(seen.impact);
    const after = await inventoryOf(ownerId);
    let stockValue = 0;
    let rose = 0;
    for (const record of after) {
      const own = record.own as Record<string, number | undefined>;
      const was = before.get(record.id) ?? {};
      stockValue += (own.sellingPrice ?? 0) * record.quantity;
      if (was.sellingPrice !== undefined) expect(own.sellingPrice).toBeGreaterThanOrEqual(was.sellingPrice);
      if (was.pricePerGlass !== undefined)
        expect(own.pricePerGlass).toBeGreaterThanOrEqual(was.pricePerGlass);
      else if (record.mainCategoryId === 'spirits') expect(own.pricePerGlass).toBeUndefined();
      if ((own.sellingPrice ?? 0) > (was.sellingPrice ?? 0)) rose++;
    }
    expect(rose).toBe(seen.impact.up);
    expect(stockValue).toBe(seen.impact.stockValueAfter);
  }, 120_000);
});
