/**
 * Price rules and price reviews through the HTTP API against DynamoDB Local: rule sets and their
 * default, preview equal to apply with one PRICE_CHANGED entry per changed wine, locked wines left
 * alone, applies and edits at once, and wines put under review by a received order or an edited
 * purchase price, approved or kept.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { dutiesToday } from '@kork/functions/duties/duties-service';
import { recordPrint } from '@kork/functions/wine-lists/wine-list-writes';
import type {
  CellarWine,
  Order,
  PriceApplyResult,
  PricePreview,
  PriceReviewList,
  PriceReviewOutcome,
  PriceRuleSet,
  WineListDetail,
} from '@kork/shared';
import { bottleDuties, type DutyRatesFile, datedRateRows, dutiesTotal, MONEY_MAX_MINOR } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';
import shippedRates from '../duties/duty-rates.json';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed],
  signIn: ['restaurant', 'private', 'admin'],
});
const { tokens, userIds } = accounts;
const R = 'restaurant';
const kr = (n: number) => n * 100;

// — helpers —

const rules = (user = R) => `${accounts.base(user)}/price-rules`;
const reviews = () => `${accounts.base(R)}/price-reviews`;

function custom(name: string, extra: Record<string, unknown> = {}) {
  return {
    source: 'CUSTOM',
    wineName: name,
    producerName: 'Pris',
    vintage: 2020,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    quantity: 3,
    ...extra,
  };
}

async function category(name: string, parentId?: string): Promise<string> {
  const answer = await origin.api<{ id: string }>('POST', `${accounts.base(R)}/wine-list-categories`, {
    token: tokens[R],
    json: { name, ...(parentId ? { parentId } : {}) },
  });
  expect(answer.status).toBe(201);
  return answer.payload.id;
}

/** A set over one category: inc VAT × 2 up to 500 kr, +300 kr above; glass 25 %; ends in 9. */
function houseSet(categoryId: string, extra: Record<string, unknown> = {}) {
  return {
    name: `Hus ${categoryId.slice(-4)}`,
    basis: 'incVat',
    direction: 'increase',
    rounding: 'endsIn9',
    ranges: [
      {
        from: 0,
        to: kr(500),
        sellingPrice: { kind: 'percentage', value: 100 },
        glassPrice: { kind: 'percentage', value: 25 },
      },
      { from: kr(500), to: null, sellingPrice: { kind: 'fixed', value: kr(300) } },
    ],
    categoryIds: [categoryId],
    ...extra,
  };
}

async function createSet(body: Record<string, unknown>): Promise<PriceRuleSet> {
  const answer = await origin.api<PriceRuleSet>('POST', rules(), { token: tokens[R], json: body });
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(201);
  return answer.payload;
}

const preview = (setId: string) =>
  origin.api<PricePreview>('POST', `${rules()}/${setId}/preview`, { token: tokens[R] });
const apply = (setId: string, json: unknown = { confirm: true }) =>
  origin.api<PriceApplyResult>('POST', `${rules()}/${setId}/apply`, { token: tokens[R], json });
const patchWine = (id: string, json: Record<string, unknown>) =>
  origin.api<CellarWine>('PATCH', `${accounts.base(R)}/own-wines/${id}`, { token: tokens[R], json });

const priceEntries = async (id: string) =>
  (await accounts.wineHistory(R, id)).filter((e) => e.action === 'PRICE_CHANGED');

async function reviewList(): Promise<PriceReviewList> {
  const answer = await origin.api<PriceReviewList>('GET', reviews(), { token: tokens[R] });
  expect(answer.status).toBe(200);
  return answer.payload;
}

// — tests —

describe('rule sets', () => {
  it('keeps one default, refuses bad input and other cellars', async () => {
    const cat = await category('Regler');
    const a = await createSet(houseSet(cat, { isDefault: true }));
    expect(a.isDefault).toBe(true);
    const b = await createSet(houseSet(cat, { name: 'To', isDefault: true }));
    const list = await origin.api<{ rows: PriceRuleSet[] }>('GET', rules(), { token: tokens[R] });
    const defaults = list.payload.rows.filter((s) => s.isDefault).map((s) => s.id);
    expect(defaults).toEqual([b.id]);

    const patched = await origin.api<PriceRuleSet>('PATCH', `${rules()}/${a.id}`, {
      token: tokens[R],
      json: { name: 'En', isDefault: true, rounding: 'ten' },
    });
    expect(patched.payload).toMatchObject({ name: 'En', isDefault: true, rounding: 'ten' });
    const gotB = await origin.api<PriceRuleSet>('GET', `${rules()}/${b.id}`, { token: tokens[R] });
    expect(gotB.payload.isDefault).toBe(false);

    // Deleting the default clears it.
    expect((await origin.api('DELETE', `${rules()}/${a.id}`, { token: tokens[R] })).status).toBe(204);
    const after = await origin.api<{ rows: PriceRuleSet[] }>('GET', rules(), { token: tokens[R] });
    expect(after.payload.rows.some((s) => s.isDefault)).toBe(false);
    expect((await origin.api('GET', `${rules()}/${a.id}`, { token: tokens[R] })).status).toBe(404);
    expect((await origin.api('DELETE', `${rules()}/${a.id}`, { token: tokens[R] })).status).toBe(404);

    const bad = async (body: Record<string, unknown>) => {
      const answer = await origin.api('POST', rules(), { token: tokens[R], json: body });
      expect(answer.status).toBe(400);
      return answer.error?.fields ?? {};
    };
    const range = (from: number, to: number | null, value = 10) => ({
      from,
      to,
      sellingPrice: { kind: 'percentage', value },
    });
    expect(await bad(houseSet(cat, { ranges: [range(0, 200), range(100, null)] }))).toHaveProperty('ranges');
    expect(Object.keys(await bad(houseSet(cat, { ranges: [range(200, 200)] })))).toContain('ranges.0.to');
    expect(Object.keys(await bad(houseSet(cat, { ranges: [range(0, null, 1001)] })))).toContain(
      'ranges.0.sellingPrice.value',
    );
    // A percentage is refused with its own range, whichever end it misses.
    for (const percent of [-1, 1001, 1_000_000_000])
      expect(await bad(houseSet(cat, { ranges: [range(0, null, percent)] }))).toMatchObject({
        'ranges.0.sellingPrice.value': 'Must be between 0 and 1000',
      });
    expect(await bad(houseSet('01ARZ3NDEKTSV4RRFFQ69G5FAV'))).toHaveProperty('categoryIds.0');
    expect(await bad(houseSet(cat, { locationIds: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'] }))).toHaveProperty(
      'locationIds.0',
    );

    // Another user's cellar: 403 by the path; another cellar's set in one's own: 404.
    const foreign = await origin.api('GET', `${rules()}/${b.id}`, { token: tokens.private });
    expect(foreign.status).toBe(403);
    const notHere = await origin.api('GET', `${rules('admin')}/${b.id}`, { token: tokens.admin });
    expect(notHere.status).toBe(404);
    const applyThere = await origin.api('POST', `${rules('admin')}/${b.id}/apply`, {
      token: tokens.admin,
      json: { confirm: true },
    });
    expect(applyThere.status).toBe(404);
    await origin.api('DELETE', `${rules()}/${b.id}`, { token: tokens[R] });
  });
});

describe('preview and apply', () => {
  it('applies what it previewed, once, with one entry per changed wine, and leaves locked wines', async () => {
    const cat = await category('Bruk');
    const inCat = (name: string, extra: Record<string, unknown>) =>
      accounts.addWine(R, custom(name, { wineListCategoryId: cat, ...extra }));
    // 200 kr inc VAT → × 2 = 400 → 409; sold by the glass (a glass size of its own): 25 % of 409 = 102.25 → 109.
    const cheap = await inCat('Billig', { purchasePriceWvat: kr(200), sellingPrice: kr(300), glassSize: 15 });
    // 600 kr → + 300 = 900 → 909; no glass rule: the glass price stays.
    const dear = await inCat('Dyr', {
      purchasePriceWvat: kr(600),
      sellingPrice: kr(1000),
      pricePerGlass: kr(250),
    });
    const locked = await inCat('Låst', {
      purchasePriceWvat: kr(200),
      sellingPrice: kr(300),
      sellingPriceLocked: true,
    });
    const already = await inCat('Riktig', {
      purchasePriceWvat: kr(200),
      sellingPrice: kr(409),
      pricePerGlass: kr(109),
    });
    const noPrice = await inCat('Uten', {});
    const outside = await accounts.addWine(
      R,
      custom('Utenfor', { purchasePriceWvat: kr(200), sellingPrice: kr(1) }),
    );
    const set = await createSet(houseSet(cat));

    const list = await origin.api<{ id: string }>('POST', `${accounts.base(R)}/wine-lists`, {
      token: tokens[R],
      json: { name: 'Prisliste', ownWineIds: [cheap.id, dear.id] },
    });
    expect(list.status).toBe(201);
    const listDetail = async () =>
      (
        await origin.api<WineListDetail>('GET', `${accounts.base(R)}/wine-lists/${list.payload.id}`, {
          token: tokens[R],
        })
      ).payload;
    await recordPrint(userIds[R] as string, list.payload.id, (await listDetail()).entries);

    const shown = await preview(set.id);
    expect(shown.status).toBe(200);
    expect(shown.payload.rows.map((r) => r.ownWineId).sort()).toEqual([cheap.id, dear.id].sort());
    const row = (id: string) => shown.payload.rows.find((r) => r.ownWineId === id);
    expect(row(cheap.id)).toMatchObject({ newSellingPrice: kr(409), newGlassPrice: kr(109), rangeIndex: 0 });
    expect(row(dear.id)).toMatchObject({ newSellingPrice: kr(909), newGlassPrice: kr(250), rangeIndex: 1 });
    // 300 → 409 rises, 1000 → 909 falls, 409 stays: the impact says so before the apply.
    expect(shown.payload.impact).toMatchObject({ up: 1, down: 1, same: 1 });
    expect(shown.payload.skipped).toEqual([
      {
        ownWineId: locked.id,
        wineDisplayName: locked.wineDisplayName,
        reason: 'locked',
        sellingPrice: kr(300),
      },
    ]);

    // Without the confirmation: 400 and nothing changes.
    for (const body of [{}, { confirm: false }, { confirm: 'yes' }]) {
      const refused = await apply(set.id, body);
      expect(refused.status).toBe(400);
      expect(refused.error?.fields?.confirm).toBeTruthy();
    }
    expect((await accounts.getWine(R, cheap.id)).sellingPrice).toBe(kr(300));

    const applied = await apply(set.id);
    expect(applied.error).toBeUndefined();
    expect(applied.status).toBe(200);
    expect(applied.payload.applied).toBe(2);
    const byId = (rows: PricePreview['rows']) => Object.fromEntries(rows.map((r) => [r.ownWineId, r]));
    expect(byId(applied.payload.rows)).toEqual(byId(shown.payload.rows));
    expect(applied.payload.totals).toEqual(shown.payload.totals);
    expect(applied.payload.skipped).toEqual(shown.payload.skipped);

    expect(await accounts.getWine(R, cheap.id)).toMatchObject({
      sellingPrice: kr(409),
      pricePerGlass: kr(109),
    });
    expect(await accounts.getWine(R, dear.id)).toMatchObject({
      sellingPrice: kr(909),
      pricePerGlass: kr(250),
    });
    expect(await accounts.getWine(R, locked.id)).toMatchObject({ sellingPrice: kr(300) });
    expect(await accounts.getWine(R, outside.id)).toMatchObject({ sellingPrice: kr(1) });
    const entries = await priceEntries(cheap.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.before).toMatchObject({ sellingPrice: kr(300) });
    expect(entries[0]?.after).toMatchObject({ sellingPrice: kr(409), pricePerGlass: kr(109) });
    expect(await priceEntries(dear.id)).toHaveLength(1);
    for (const id of [locked.id, already.id, noPrice.id, outside.id])
      expect(await priceEntries(id)).toHaveLength(0);

    // The wine list shows the new prices, marked as changed since the last print.
    const detail = await listDetail();
    const entry = detail.entries.find((e) => e.ownWineId === cheap.id);
    expect(entry).toMatchObject({ bottlePrice: kr(409), change: 'repriced' });

    // Twice: nothing more.
    const again = await apply(set.id);
    expect(again.payload.applied).toBe(0);
    expect(await priceEntries(cheap.id)).toHaveLength(1);
    expect((await preview(set.id)).payload.count).toBe(0);
  });

  it('prices the wines of a filter category’s subcategories too', async () => {
    const red = await category('Rødt filter');
    const burgundy = await category('Burgund filter', red);
    const cote = await category('Côte de Nuits filter', burgundy);
    const white = await category('Hvitt filter');
    const inCat = (name: string, categoryId: string) =>
      accounts.addWine(
        R,
        custom(name, { wineListCategoryId: categoryId, purchasePriceWvat: kr(200), sellingPrice: kr(300) }),
      );
    const top = await inCat('Topp', red);
    const sub = await inCat('Under', burgundy);
    const deep = await inCat('Dypt', cote);
    const other = await inCat('Annen', white);
    const set = await createSet(houseSet(red));

    const shown = await preview(set.id);
    expect(shown.status).toBe(200);
    const ids = shown.payload.rows.map((r) => r.ownWineId);
    expect(ids).toEqual(expect.arrayContaining([top.id, sub.id, deep.id]));
    expect(ids).not.toContain(other.id);
    expect(shown.payload.rows.find((r) => r.ownWineId === deep.id)).toMatchObject({
      newSellingPrice: kr(409),
    });

    const applied = await apply(set.id);
    expect(applied.status).toBe(200);
    expect(applied.payload.rows.map((r) => r.ownWineId).sort()).toEqual(ids.sort());
    expect(await accounts.getWine(R, sub.id)).toMatchObject({ sellingPrice: kr(409) });
    expect(await accounts.getWine(R, other.id)).toMatchObject({ sellingPrice: kr(300) });
    await origin.api('DELETE', `${rules()}/${set.id}`, { token: tokens[R] });
  });

  it('never prices a wine above the largest sum of money: the preview lists it as not priced', async () => {
    const cat = await category('Tak');
    const inCat = (name: string, extra: Record<string, unknown>) =>
      accounts.addWine(R, custom(name, { wineListCategoryId: cat, ...extra }));
    // +1000 % on 10 000 000 kr would be 110 000 000 kr.
    const top = await inCat('Toppen', { purchasePriceWvat: MONEY_MAX_MINOR, sellingPrice: MONEY_MAX_MINOR });
    const glass = await inCat('Glasset', { purchasePriceWvat: kr(2_000_000), sellingPrice: kr(100) });
    const plain = await inCat('Vanlig', { purchasePriceWvat: kr(200), sellingPrice: kr(300) });
    const set = await createSet({
      name: 'Tusen prosent',
      basis: 'incVat',
      direction: 'increase',
      rounding: 'none',
      ranges: [
        {
          from: 0,
          to: null,
          sellingPrice: { kind: 'percentage', value: 1000 },
          glassPrice: { kind: 'percentage', value: 10 },
        },
      ],
      categoryIds: [cat],
    });

    const shown = await preview(set.id);
    expect(shown.status).toBe(200);
    expect(shown.payload.rows.map((r) => r.ownWineId)).toEqual([plain.id]);
    expect(shown.payload.rows[0]?.newSellingPrice).toBe(kr(2200));
    expect(shown.payload.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ownWineId: top.id, reason: 'tooHigh', sellingPrice: MONEY_MAX_MINOR }),
        expect.objectContaining({ ownWineId: glass.id, reason: 'tooHigh', sellingPrice: kr(100) }),
      ]),
    );

    const applied = await apply(set.id);
    expect(applied.status).toBe(200);
    expect(applied.payload.applied).toBe(1);
    expect(await accounts.getWine(R, top.id)).toMatchObject({ sellingPrice: MONEY_MAX_MINOR });
    expect(await accounts.getWine(R, glass.id)).toMatchObject({ sellingPrice: kr(100) });
    expect(await accounts.getWine(R, plain.id)).toMatchObject({ sellingPrice: kr(2200) });
    await origin.api('DELETE', `${rules()}/${set.id}`, { token: tokens[R] });
  });

  it('prices from the net price on the net basis, adding the duties back before VAT; a wine without alcohol is left', async () => {
    const cat = await category('Netto');
    // A 0.75 l glass bottle at 13 %: its duties today by the rates the app ships.
    const today = dutiesToday();
    const duties = bottleDuties(
      { bottleSize: 0.75, alcohol: 13, category: 'red', container: 'glass', date: today },
      datedRateRows(shippedRates as DutyRatesFile),
    );
    if (!duties.ok) throw new Error('the shipped rates price a 13 % wine');
    const perBottle = dutiesTotal(duties.duties);
    expect(perBottle).toBeGreaterThan(kr(50));
    const known = await accounts.addWine(
      R,
      custom('Kjent styrke', {
        wineListCategoryId: cat,
        alcohol: 13,
        purchasePriceWovat: kr(100) + perBottle,
        sellingPrice: kr(300),
      }),
    );
    const unknown = await accounts.addWine(
      R,
      custom('Ukjent styrke', {
        wineListCategoryId: cat,
        purchasePriceWovat: kr(160),
        sellingPrice: kr(300),
      }),
    );
    const set = await createSet({
      name: 'Netto × 2',
      basis: 'exVatNet',
      direction: 'increase',
      rounding: 'none',
      ranges: [{ from: 0, to: null, sellingPrice: { kind: 'percentage', value: 100 } }],
      categoryIds: [cat],
    });
    expect(set.basis).toBe('exVatNet');

    // Net 100 kr × 2 = 200 kr, + the duties, + 25 % VAT (the duties are not marked up).
    const expected = Math.ceil(((kr(200) + perBottle) * 125) / 100);
    const shown = await preview(set.id);
    expect(shown.status).toBe(200);
    expect(shown.payload.rows).toEqual([
      expect.objectContaining({
        ownWineId: known.id,
        basisPrice: kr(100),
        duties: perBottle,
        costWithDuties: kr(100) + perBottle,
        newSellingPrice: expected,
      }),
    ]);
    expect(shown.payload.skipped).toEqual([
      expect.objectContaining({ ownWineId: unknown.id, reason: 'dutiesMissing', missing: 'alcohol' }),
    ]);
    expect(shown.payload.duties).toMatchObject({ date: today, ratesAsOf: duties.duties.ratesAsOf });

    const applied = await apply(set.id);
    expect(applied.status).toBe(200);
    expect(applied.payload.applied).toBe(1);
    expect(await accounts.getWine(R, known.id)).toMatchObject({ sellingPrice: expected });
    expect(await accounts.getWine(R, unknown.id)).toMatchObject({ sellingPrice: kr(300) });
    expect(await priceEntries(unknown.id)).toEqual([]);
    await origin.api('DELETE', `${rules()}/${set.id}`, { token: tokens[R] });
  });

  it('loses and doubles nothing with applies and edits at once', async () => {
    const cat = await category('Samtidig');
    const wines: CellarWine[] = [];
    for (let i = 0; i < 12; i++)
      wines.push(
        await accounts.addWine(
          R,
          custom(`Samtidig ${i}`, {
            wineListCategoryId: cat,
            purchasePriceWvat: kr(100 + i),
            sellingPrice: kr(50),
            glassSize: 12,
          }),
        ),
      );
    const set = await createSet(houseSet(cat, { rounding: 'none' }));
    const calls: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 30; i++) {
      if (i % 3 === 0) {
        const wine = wines[i % wines.length] as CellarWine;
        calls.push(patchWine(wine.id, { marketValue: kr(10 + i) }));
      } else calls.push(apply(set.id));
    }
    const answers = await Promise.all(calls);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    for (const [i, wine] of wines.entries()) {
      const now = await accounts.getWine(R, wine.id);
      expect(now.sellingPrice).toBe(kr(2 * (100 + i)));
      expect(now.pricePerGlass).toBe(kr(100 + i) / 2);
      // One change of price, however many applies ran: the later ones found nothing to change.
      expect(await priceEntries(wine.id)).toHaveLength(1);
    }
  });
});

describe('price reviews', () => {
  it('puts a wine received at a new cost under review with the default set price, and approves it', async () => {
    const cat = await category('Vurdering');
    const set = await createSet(houseSet(cat, { isDefault: true }));
    // 100 kr ex VAT = 125 kr inc VAT (25 % on red); the default set proposes 125 × 2 = 250 → 259.
    const wine = await accounts.addWine(
      R,
      custom('Mottatt', {
        wineListCategoryId: cat,
        purchasePriceWovat: kr(100),
        sellingPrice: kr(300),
        glassSize: 15,
        quantity: 2,
      }),
    );
    expect((await reviewList()).rows.map((r) => r.ownWineId)).not.toContain(wine.id);

    const placed = await origin.api<Order>('POST', `${accounts.base(R)}/orders`, {
      token: tokens[R],
      json: { type: 'purchase', products: [{ ownWineId: wine.id, units: 2, unitCost: kr(140) }] },
    });
    expect(placed.status).toBe(201);
    const line = placed.payload.products[0];
    const shelf = await origin.api<{ id: string }>('POST', `${accounts.base(R)}/locations`, {
      token: tokens[R],
      json: { name: 'Mottak' },
    });
    const received = await origin.api<Order>(
      'POST',
      `${accounts.base(R)}/orders/${placed.payload.id}/receive`,
      {
        token: tokens[R],
        json: { locationId: shelf.payload.id, lines: [{ lineId: line?.lineId, units: 2 }] },
      },
    );
    expect(received.error).toBeUndefined();
    expect(received.status).toBe(200);
    const now = await accounts.getWine(R, wine.id);
    // (2 × 100 + 2 × 140) / 4 = 120 ex VAT, 150 inc: the selling price is not touched.
    expect(now).toMatchObject({
      purchasePriceWovat: kr(120),
      purchasePriceWvat: kr(150),
      sellingPrice: kr(300),
    });

    const review = (await reviewList()).rows.find((r) => r.ownWineId === wine.id);
    expect(review).toMatchObject({
      oldSellingPrice: kr(300),
      newSellingPrice: kr(309),
      newGlassPrice: kr(79),
      ruleSetId: set.id,
    });

    const decided = await origin.api<PriceReviewOutcome>('POST', reviews(), {
      token: tokens[R],
      json: { action: 'approve', ownWineIds: [wine.id] },
    });
    expect(decided.payload).toEqual({ approved: 1, dismissed: 0, stale: [] });
    expect(await accounts.getWine(R, wine.id)).toMatchObject({
      sellingPrice: kr(309),
      pricePerGlass: kr(79),
    });
    expect(await priceEntries(wine.id)).toHaveLength(1);
    expect((await reviewList()).rows.map((r) => r.ownWineId)).not.toContain(wine.id);

    // Decided again: it is no longer under review.
    const twice = await origin.api<PriceReviewOutcome>('POST', reviews(), {
      token: tokens[R],
      json: { action: 'approve', ownWineIds: [wine.id] },
    });
    expect(twice.payload).toEqual({ approved: 0, dismissed: 0, stale: [wine.id] });
    await origin.api('DELETE', `${rules()}/${set.id}`, { token: tokens[R] });
  });

  it('puts an edited purchase price under review keeping the mark-up, and keeps the price when dismissed', async () => {
    const wine = await accounts.addWine(
      R,
      custom('Redigert', { purchasePriceWvat: kr(100), sellingPrice: kr(250) }),
    );
    const locked = await accounts.addWine(
      R,
      custom('Låst redigert', {
        purchasePriceWvat: kr(100),
        sellingPrice: kr(250),
        sellingPriceLocked: true,
      }),
    );
    expect((await patchWine(wine.id, { purchasePriceWvat: kr(120) })).status).toBe(200);
    expect((await patchWine(wine.id, { purchasePriceWvat: kr(140) })).status).toBe(200);
    expect((await patchWine(locked.id, { purchasePriceWvat: kr(120) })).status).toBe(200);
    const list = await reviewList();
    expect(list.rows.map((r) => r.ownWineId)).not.toContain(locked.id);
    // No default set: 250 over 100 keeps its mark-up over the price it was set against: 350.
    const review = list.rows.find((r) => r.ownWineId === wine.id);
    expect(review).toMatchObject({ oldSellingPrice: kr(250), newSellingPrice: kr(350), oldMarkup: 78.6 });
    expect(review?.ruleSetId).toBeUndefined();

    // The purchase price it was set against stays on the record for the review, never in a row.
    const rows = await origin.api<{ rows: CellarWine[] }>(
      'GET',
      `${accounts.base(R)}/own-wines?resultsPerPage=500`,
      { token: tokens[R] },
    );
    expect(rows.status).toBe(200);
    const row = rows.payload.rows.find((w) => w.id === wine.id);
    expect(row).toMatchObject({ purchasePriceWvat: kr(140), sellingPrice: kr(250) });
    for (const shown of rows.payload.rows) expect(shown).not.toHaveProperty('previousPurchasePriceWvat');
    expect(await accounts.getWine(R, wine.id)).not.toHaveProperty('previousPurchasePriceWvat');

    const dismissed = await origin.api<PriceReviewOutcome>('POST', reviews(), {
      token: tokens[R],
      json: { action: 'dismiss', ownWineIds: [wine.id] },
    });
    expect(dismissed.payload).toEqual({ approved: 0, dismissed: 1, stale: [] });
    expect(await accounts.getWine(R, wine.id)).toMatchObject({ sellingPrice: kr(250) });
    expect((await reviewList()).rows.map((r) => r.ownWineId)).not.toContain(wine.id);
    // A kept price is no price change: no PRICE_CHANGED entry.
    expect(await priceEntries(wine.id)).toHaveLength(0);

    const empty = await origin.api('POST', reviews(), { token: tokens[R], json: { action: 'approve' } });
    expect(empty.status).toBe(400);
    const badAction = await origin.api('POST', reviews(), {
      token: tokens[R],
      json: { action: 'maybe', all: true },
    });
    expect(badAction.status).toBe(400);
  });

  it('approves a proposal equal to the current price without a price change entry', async () => {
    const cat = await category('Uendret');
    const set = await createSet(houseSet(cat, { isDefault: true }));
    // 150 kr inc VAT: the default set proposes 300 → 309 and 25 % of it → 79, the prices it has.
    const same = await accounts.addWine(
      R,
      custom('Samme', {
        wineListCategoryId: cat,
        purchasePriceWvat: kr(140),
        sellingPrice: kr(309),
        pricePerGlass: kr(79),
      }),
    );
    expect((await patchWine(same.id, { purchasePriceWvat: kr(150) })).status).toBe(200);
    expect((await reviewList()).rows.find((r) => r.ownWineId === same.id)).toMatchObject({
      oldSellingPrice: kr(309),
      newSellingPrice: kr(309),
    });

    const decided = await origin.api<PriceReviewOutcome>('POST', reviews(), {
      token: tokens[R],
      json: { action: 'approve', ownWineIds: [same.id] },
    });
    expect(decided.payload).toEqual({ approved: 1, dismissed: 0, stale: [] });
    expect((await reviewList()).rows.map((r) => r.ownWineId)).not.toContain(same.id);
    expect(await priceEntries(same.id)).toHaveLength(0);
    await origin.api('DELETE', `${rules()}/${set.id}`, { token: tokens[R] });
  });
});
