/**
 * Beverage recipes through the HTTP API against DynamoDB Local: a recipe's cost is worked out from its
 * ingredients' purchase prices on every read (so it follows a changed price at once), wine ingredients
 * must be wines of the cellar, a wine that leaves the cellar stays in the recipe marked missing, and
 * recipes created at the same moment are each stored once. Spirits from the catalogue go into the
 * cellar as any catalogue wine does, and the demo bar's seed makes drinks of them.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { dutiesToday } from '@kork/functions/duties/duties-service';
import { recipeOf, recipeRecordOf, recipesOf } from '@kork/functions/recipes/recipe-service';
import { recipesSeed } from '@kork/functions/recipes/seed';
import {
  bottleDuties,
  type CellarWine,
  type DutyRatesFile,
  datedRateRows,
  dutiesTotal,
  type Recipe,
  type RecipeList,
  type WineSearchResult,
} from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';
import shippedRates from '../duties/duty-rates.json';

const { origin, accounts } = useSeededStack({
  seeds: [accountsSeed, catalogSeed],
  signIn: ['restaurant', 'private', 'admin'],
});
const { tokens, userIds } = accounts;

const R = 'restaurant';
const A = 'admin';

// — helpers —

const recipes = (user = R) => `${accounts.base(user)}/recipes`;

const create = (body: Record<string, unknown>, user = R) =>
  origin.api<Recipe>('POST', recipes(user), { token: tokens[user], json: body });

async function created(body: Record<string, unknown>, user = R): Promise<Recipe> {
  const answer = await create(body, user);
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(201);
  return answer.payload;
}

async function read(id: string, user = R): Promise<Recipe> {
  const answer = await origin.api<Recipe>('GET', `${recipes(user)}/${id}`, { token: tokens[user] });
  expect(answer.status).toBe(200);
  return answer.payload;
}

const spirit = (name: string, extra: Record<string, unknown> = {}) => ({
  source: 'CUSTOM',
  wineName: name,
  producerName: 'Brenneriet',
  vintage: null,
  bottleSize: 0.7,
  mainCategoryId: 'spirits',
  quantity: 4,
  ...extra,
});

const removeWine = (id: string) =>
  origin.api('DELETE', `${accounts.base(R)}/own-wines?includeId=${id}`, { token: tokens[R] });

const tonic = { kind: 'other', name: 'Tonic', amount: 20, unit: 'cl', costPerUnit: 90 };

describe('spirits for the bar', () => {
  it('finds a gin in the catalogue and adds it to the cellar', async () => {
    const found = await origin.api<WineSearchResult>(
      'GET',
      '/api/wines?isRatedByExpert=false&search=gin&mainCategoryId=spirits',
      {
        token: tokens[R],
      },
    );
    expect(found.status).toBe(200);
    const gin = found.payload.rows.find((row) => row.mainCategoryId === 'spirits');
    expect(gin).toBeTruthy();
    const wine = await accounts.addWine(R, {
      source: 'KORK',
      wineId: gin?.id,
      quantity: 2,
      purchasePriceWovat: 24_000,
    });
    expect(wine.mainCategoryId).toBe('spirits');
    const recipe = await created({
      name: 'Katalog-tonic',
      ingredients: [{ kind: 'wine', ownWineId: wine.id, amountCl: 4 }, tonic],
    });
    expect(recipe.cost).toBe(Math.round((24_000 / (wine.bottleSize * 100)) * 4 + 1800));
    expect((await removeWine(wine.id)).status).toBe(200);
  });

  it('seeds the demo bar: spirits from the catalogue and drinks made of them, one on the till', async () => {
    await applySeeds([recipesSeed]);
    const bar = (await recipesOf('demo-restaurant')).filter((recipe) => recipe.name !== 'Katalog-tonic');
    expect(bar.map((recipe) => recipe.name).sort()).toEqual(['Americano', 'Gin & tonic', 'Negroni']);
    // Applied again, it adds nothing.
    const before = (await recipesOf('demo-restaurant')).length;
    expect(await recipesSeed.run(() => {})).toBe('demo recipes already there');
    expect(await recipesOf('demo-restaurant')).toHaveLength(before);
    for (const recipe of bar) {
      expect(recipe.cost, recipe.name).toBeGreaterThan(0);
      expect(recipe.sellBuyRatio, recipe.name).toBeGreaterThan(1);
      expect(recipe.ingredients.some((ingredient) => ingredient.kind === 'wine')).toBe(true);
    }
    const onTill = bar.filter((recipe) => recipe.includeInPos);
    expect(onTill.map((recipe) => [recipe.name, recipe.posName])).toEqual([['Negroni', 'Negroni']]);
    const gin = bar.find((recipe) => recipe.name === 'Gin & tonic')?.ingredients[0];
    const wine = await accounts.getWine(R, (gin as { ownWineId: string }).ownWineId);
    expect(wine.mainCategoryId).toBe('spirits');
    expect(wine.purchasePriceWovat).toBeGreaterThan(0);
  });
});

describe('recipes', () => {
  it('creates, reads, lists, changes and deletes a recipe, its cost worked out from the wines', async () => {
    // 350 kr ex VAT for 70 cl: 5 kr a centilitre.
    const gin = await accounts.addWine(R, spirit('Oppskriftsgin', { purchasePriceWovat: 35_000 }));
    const recipe = await created({
      name: 'Gin & tonic',
      ingredients: [{ kind: 'wine', ownWineId: gin.id, amountCl: 4 }, tonic],
      sellingPrice: 15_000,
      includeInPos: true,
      posName: 'G&T',
    });
    expect(recipe).toMatchObject({
      name: 'Gin & tonic',
      cost: 2000 + 1800,
      sellingPrice: 15_000,
      // The cellar's VAT for spirits.
      vatPercentage: 25,
      sellBuyRatio: 3.16,
      costPercentage: 31.7,
      includeInPos: true,
      posName: 'G&T',
      currency: 'NOK',
    });
    expect(recipe.ingredients).toEqual([
      {
        kind: 'wine',
        ownWineId: gin.id,
        amountCl: 4,
        displayName: gin.wineDisplayName,
        cost: 2000,
        // A custom gin without its alcohol: its duties are not known (the cost holds them all the same).
        duties: null,
        dutiesMissing: 'alcohol',
      },
      { ...tonic, displayName: 'Tonic', cost: 1800 },
    ]);
    expect(await read(recipe.id)).toEqual(recipe);

    const list = await origin.api<RecipeList>('GET', recipes(), { token: tokens[R] });
    expect(list.status).toBe(200);
    expect(list.payload.currency).toBe('NOK');
    expect(list.payload.rows.find((row) => row.id === recipe.id)).toEqual(recipe);
    expect(list.payload.count).toBe(list.payload.rows.length);

    const patched = await origin.api<Recipe>('PATCH', `${recipes()}/${recipe.id}`, {
      token: tokens[R],
      json: { name: 'G & T', sellingPrice: null, posName: null, vatPercentage: 15 },
    });
    expect(patched.error).toBeUndefined();
    expect(patched.payload).toMatchObject({
      name: 'G & T',
      cost: 3800,
      sellingPrice: null,
      vatPercentage: 15,
      sellBuyRatio: null,
      costPercentage: null,
      includeInPos: true,
    });
    expect(patched.payload.posName).toBeUndefined();
    expect(patched.payload.updatedAt > recipe.updatedAt).toBe(true);

    const recipeRecord = await recipeRecordOf(userIds[R] as string, recipe.id);
    expect(recipeRecord?.ingredients[0]).toMatchObject({ kind: 'wine', ownWineId: gin.id, amountCl: 4 });
    expect((await recipeOf(userIds[R] as string, recipe.id))?.cost).toBe(3800);

    const deleted = await origin.api('DELETE', `${recipes()}/${recipe.id}`, { token: tokens[R] });
    expect(deleted.status).toBe(204);
    expect((await origin.api('GET', `${recipes()}/${recipe.id}`, { token: tokens[R] })).status).toBe(404);
    expect((await origin.api('DELETE', `${recipes()}/${recipe.id}`, { token: tokens[R] })).status).toBe(404);
    expect((await recipesOf(userIds[R] as string)).some((row) => row.id === recipe.id)).toBe(false);
  });

  it('follows a changed purchase price of an ingredient at once', async () => {
    const vermouth = await accounts.addWine(
      R,
      spirit('Prisvermut', { bottleSize: 1, mainCategoryId: 'aromatized', purchasePriceWovat: 15_000 }),
    );
    const recipe = await created({
      name: 'Vermut på is',
      ingredients: [{ kind: 'wine', ownWineId: vermouth.id, amountCl: 6 }],
      sellingPrice: 11_000,
    });
    expect(recipe.cost).toBe(900);
    const patched = await origin.api<CellarWine>('PATCH', `${accounts.base(R)}/own-wines/${vermouth.id}`, {
      token: tokens[R],
      json: { purchasePriceWovat: 20_000 },
    });
    expect(patched.error).toBeUndefined();
    const after = await read(recipe.id);
    expect(after.cost).toBe(1200);
    expect(after.ingredients[0]?.cost).toBe(1200);
    expect(after.sellBuyRatio).toBe(7.33);
    expect(after.costPercentage).toBe(13.6);
  });

  it('shows each wine’s share of its duties and the recipe’s, inside the cost; an unknown alcohol says so', async () => {
    // A 0.7 l gin at 40 %: its duties today by the rates the app ships.
    const today = dutiesToday();
    const duties = bottleDuties(
      { bottleSize: 0.7, alcohol: 40, category: 'spirits', container: 'glass', date: today },
      datedRateRows(shippedRates as DutyRatesFile),
    );
    if (!duties.ok) throw new Error('the shipped rates price a 40 % spirit');
    const perBottle = dutiesTotal(duties.duties);
    expect(perBottle).toBeGreaterThan(20_000);
    const gin = await accounts.addWine(R, spirit('Avgiftsgin', { alcohol: 40, purchasePriceWovat: 45_000 }));
    const rum = await accounts.addWine(R, spirit('Ukjent rom', { purchasePriceWovat: 30_000 }));
    const recipe = await created({
      name: 'Gin og tonic med avgifter',
      ingredients: [{ kind: 'wine', ownWineId: gin.id, amountCl: 4 }, tonic],
      sellingPrice: 16_000,
    });
    // 4 cl of 70: the cost is 4/70 of 450 kr (duties included), of which 4/70 of the duties.
    const share = Math.round((perBottle * 4) / 70);
    expect(recipe.cost).toBe(Math.round((45_000 * 4) / 70) + 1800);
    expect(recipe.ingredients[0]).toMatchObject({ cost: 2571, duties: share, bottleDuties: perBottle });
    expect(recipe.ingredients[1]).not.toHaveProperty('duties');
    expect(recipe.duties).toBe(share);
    expect(recipe.dutiesAsOf).toMatchObject({ date: today, ratesAsOf: duties.duties.ratesAsOf });

    const withRum = await origin.api<Recipe>('PATCH', `${recipes()}/${recipe.id}`, {
      token: tokens[R],
      json: {
        ingredients: [
          { kind: 'wine', ownWineId: gin.id, amountCl: 4 },
          { kind: 'wine', ownWineId: rum.id, amountCl: 2 },
        ],
      },
    });
    expect(withRum.status).toBe(200);
    // The rum's alcohol is not known: its duties say so, the cost stays what the prices give.
    expect(withRum.payload.ingredients[1]).toMatchObject({
      duties: null,
      dutiesMissing: 'alcohol',
      cost: 857,
    });
    expect(withRum.payload.duties).toBeNull();
    expect(withRum.payload.cost).toBe(Math.round((45_000 * 4) / 70 + (30_000 * 2) / 70));
    const listed = (await origin.api<RecipeList>('GET', recipes(), { token: tokens[R] })).payload.rows;
    expect(listed.find((row) => row.id === recipe.id)?.ingredients[0]?.duties).toBe(share);
  });

  it('has no cost while a wine has no purchase price', async () => {
    const unpriced = await accounts.addWine(R, spirit('Upriset rom'));
    const recipe = await created({
      name: 'Rom og cola',
      ingredients: [{ kind: 'wine', ownWineId: unpriced.id, amountCl: 4 }, tonic],
      sellingPrice: 14_000,
    });
    expect(recipe).toMatchObject({ cost: null, sellBuyRatio: null, costPercentage: null });
    expect(recipe.ingredients.map((ingredient) => ingredient.cost)).toEqual([null, 1800]);
    expect(recipe.ingredients[0]?.missing).toBeUndefined();
  });

  it('keeps a wine that left the cellar in the recipe, marked missing, without a cost', async () => {
    const gone = await accounts.addWine(R, spirit('Borte gin', { purchasePriceWovat: 28_000 }));
    const recipe = await created({
      name: 'Borte-tonic',
      ingredients: [{ kind: 'wine', ownWineId: gone.id, amountCl: 4 }, tonic],
      sellingPrice: 14_000,
    });
    expect(recipe.cost).toBe(1600 + 1800);
    const removed = await removeWine(gone.id);
    expect(removed.status).toBe(200);
    const after = await read(recipe.id);
    expect(after.ingredients[0]).toMatchObject({
      kind: 'wine',
      ownWineId: gone.id,
      missing: true,
      cost: null,
      displayName: gone.wineDisplayName,
    });
    expect(after).toMatchObject({ cost: null, sellBuyRatio: null, costPercentage: null });
    // Sent back as read, the recipe still saves, the missing wine with it.
    const saved = await origin.api<Recipe>('PATCH', `${recipes()}/${recipe.id}`, {
      token: tokens[R],
      json: { name: 'Borte-tonic 2', ingredients: after.ingredients.map(({ cost: _, ...rest }) => rest) },
    });
    expect(saved.error).toBeUndefined();
    expect(saved.payload.ingredients[0]).toMatchObject({ missing: true, displayName: gone.wineDisplayName });
    const kept = await origin.api<Recipe>('PATCH', `${recipes()}/${recipe.id}`, {
      token: tokens[R],
      json: { ingredients: [{ kind: 'wine', ownWineId: gone.id, amountCl: 5 }, tonic] },
    });
    expect(kept.error).toBeUndefined();
    expect(kept.payload.ingredients[0]).toMatchObject({ missing: true, amountCl: 5 });
  });

  it('takes wine ingredients of this cellar only', async () => {
    const theirs = await accounts.addWine(A, spirit('Annens gin', { purchasePriceWovat: 30_000 }));
    const answer = await create({
      name: 'Lånt gin',
      ingredients: [tonic, { kind: 'wine', ownWineId: theirs.id, amountCl: 4 }],
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.fields).toEqual({ 'ingredients.1.ownWineId': 'This wine is not in the cellar' });
  });

  it('refuses bad input', async () => {
    const gin = await accounts.addWine(R, spirit('Grensegin', { purchasePriceWovat: 30_000 }));
    const pour = (amountCl: number) => ({ kind: 'wine', ownWineId: gin.id, amountCl });
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'Null', ingredients: [pour(0)] }, 'ingredients.0.amountCl'],
      [{ name: 'For mye', ingredients: [pour(101)] }, 'ingredients.0.amountCl'],
      [{ name: 'Mange', ingredients: Array.from({ length: 21 }, () => tonic) }, 'ingredients'],
      [{ name: 'N'.repeat(81), ingredients: [tonic] }, 'name'],
      [{ name: 'Kassenavn', ingredients: [tonic], posName: 'P'.repeat(41) }, 'posName'],
      [{ name: 'Tom', ingredients: [] }, 'ingredients'],
      [{ name: '', ingredients: [tonic] }, 'name'],
      [{ name: 'Pris', ingredients: [tonic], sellingPrice: -1 }, 'sellingPrice'],
      [{ name: 'Slag', ingredients: [{ ...tonic, kind: 'juice' }] }, 'ingredients.0.kind'],
    ];
    for (const [body, field] of bad) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(answer.error?.fields ?? {}), field).toContain(field);
    }
    // The bounds themselves are taken.
    const edge = await create({
      name: 'N'.repeat(80),
      ingredients: [pour(100), ...Array.from({ length: 19 }, () => tonic)],
      posName: 'P'.repeat(40),
    });
    expect(edge.status).toBe(201);
    const patch = await origin.api('PATCH', `${recipes()}/${edge.payload.id}`, {
      token: tokens[R],
      json: { ingredients: [pour(100.5)] },
    });
    expect(patch.status).toBe(400);
  });

  it('answers 403 for another account’s cellar and 404 for another cellar’s recipe', async () => {
    const recipe = await created({ name: 'Min drink', ingredients: [tonic] });
    // A private account is no business account; the restaurant is not the admin's cellar.
    expect((await origin.api('GET', recipes(R), { token: tokens.private })).status).toBe(403);
    expect((await origin.api('GET', `${recipes(A)}/${recipe.id}`, { token: tokens[R] })).status).toBe(403);
    expect(
      (await origin.api('POST', recipes(A), { token: tokens[R], json: { name: 'x', ingredients: [tonic] } }))
        .status,
    ).toBe(403);
    // The admin's own cellar has no recipe by this id.
    for (const method of ['GET', 'PATCH', 'DELETE'])
      expect(
        (
          await origin.api(method, `${recipes(A)}/${recipe.id}`, {
            token: tokens[A],
            ...(method === 'PATCH' ? { json: { name: 'Kapret' } } : {}),
          })
        ).status,
      ).toBe(404);
    expect((await read(recipe.id)).name).toBe('Min drink');
  });

  it('stores each of 30 recipes created at the same moment once, and counts them', async () => {
    const ownerId = userIds[R] as string;
    const countNow = async () =>
      (await db().entities.recipeCounter.get({ ownerId }).go({ consistent: true })).data?.count ?? 0;
    const before = await countNow();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => create({ name: `Samtidig ${i}`, ingredients: [tonic] })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const ids = new Set(answers.map((answer) => answer.payload.id));
    expect(ids.size).toBe(30);
    const stored = (await recipesOf(ownerId)).filter((recipe) => recipe.name.startsWith('Samtidig '));
    expect(stored).toHaveLength(30);
    expect(new Set(stored.map((recipe) => recipe.name)).size).toBe(30);
    expect(await countNow()).toBe(before + 30);
    await Promise.all([...ids].map((id) => origin.api('DELETE', `${recipes()}/${id}`, { token: tokens[R] })));
    expect(await countNow()).toBe(before);
  });

  it('applies changes made at the same moment each on the fresh recipe', async () => {
    const recipe = await created({ name: 'Samtidig endret', ingredients: [tonic] });
    const patch = (json: Record<string, unknown>) =>
      origin.api<Recipe>('PATCH', `${recipes()}/${recipe.id}`, { token: tokens[R], json });
    const answers = await Promise.all([
      patch({ sellingPrice: 12_500 }),
      patch({ posName: 'Samtidig' }),
      patch({ includeInPos: true }),
      patch({ vatPercentage: 15 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await read(recipe.id)).toMatchObject({
      sellingPrice: 12_500,
      posName: 'Samtidig',
      includeInPos: true,
      vatPercentage: 15,
    });
  });

  it('refuses a recipe past the cellar’s bound', async () => {
    const ownerId = userIds[R] as string;
    const { data } = await db().entities.recipeCounter.get({ ownerId }).go({ consistent: true });
    const before = data?.count ?? 0;
    await db().entities.recipeCounter.upsert({ ownerId }).set({ count: 500 }).go();
    try {
      const answer = await create({ name: 'Én for mye', ingredients: [tonic] });
      expect(answer.status).toBe(400);
      expect(answer.error?.fields?.name).toBe('A cellar can have at most 500 recipes');
    } finally {
      await db().entities.recipeCounter.upsert({ ownerId }).set({ count: before }).go();
    }
  });
});
