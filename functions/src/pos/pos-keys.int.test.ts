/**
 * POS keys and the till's routes through the HTTP API against DynamoDB Local: keys are created, listed,
 * rotated and revoked with the secret shown once; a till signs every request with its key's secret and
 * reaches only the till routes of its own cellar; the feed offers bottles, glasses and recipes as JSON
 * and CSV; nothing is stored for a request whose signature fails.
 */
import { accountsSeed } from '@kork/functions/accounts/seed';
import { db } from '@kork/functions/data/entities';
import { issueAccessToken } from '@kork/functions/platform/auth';
import { signBody } from '@kork/functions/pos/pos-secrets';
import {
  message,
  POS_LIMITS,
  POS_NAME_MAX,
  type PosKey,
  type PosKeyCreated,
  type PosProductFeed,
  type SalesList,
} from '@kork/shared';
import Papa from 'papaparse';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const { origin, accounts, signedInAs } = useSeededStack({ seeds: [accountsSeed], signIn: ['restaurant'] });
const { tokens, userIds } = accounts;
const R = 'restaurant';
/** The API as the restaurant. */
const restaurant = signedInAs(R);

// — helpers —

/** A business account of its own, straight into the table: a cellar with no keys yet. */
async function freshBusiness(): Promise<{ id: string; token: string }> {
  const id = `pos${ulid().toLowerCase()}`;
  const now = new Date().toISOString();
  const { data } = await db()
    .entities.user.create({
      id,
      ownerId: id,
      email: `${id}@example.no`,
      firstName: 'Kasse',
      lastName: 'Test',
      userType: 'RESTAURANT',
      role: 'business',
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .go();
  return {
    id,
    token: await issueAccessToken({ userId: id, role: 'business', tokenVersion: data.tokenVersion ?? 1 }),
  };
}

const keysPath = (userId: string) => `/api/wine-cellars/users/${userId}/pos-keys`;

async function createKey(
  name: string,
  userId = userIds[R] as string,
  token = tokens[R],
): Promise<PosKeyCreated> {
  const answer = await origin.api<PosKeyCreated>('POST', keysPath(userId), { token, json: { name } });
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(201);
  return answer.payload;
}

async function listKeys(userId = userIds[R] as string, token = tokens[R]): Promise<PosKey[]> {
  const answer = await origin.api<PosKey[]>('GET', keysPath(userId), { token });
  expect(answer.status).toBe(200);
  return answer.payload;
}

interface TillAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: { payload?: unknown; error?: { code: string; message: string } };
}

/**
 * A till's request: the key id in `x-api-key`, the body signed with `secret` (or the signature given
 * as it is), no session.
 */
async function till(
  method: 'GET' | 'POST',
  path: string,
  key: { id: string; secret: string } | undefined,
  options: { body?: unknown; signature?: string | null; headers?: Record<string, string> } = {},
): Promise<TillAnswer> {
  const body = options.body === undefined ? '' : JSON.stringify(options.body);
  const headers: Record<string, string> = {};
  if (key) headers['x-api-key'] = key.id;
  if (body) headers['content-type'] = 'application/json';
  const signature = options.signature === undefined && key ? signBody(key.secret, body) : options.signature;
  if (signature) headers['x-kork-signature'] = signature;
  Object.assign(headers, options.headers);
  const res = await fetch(`${origin.base}${path}`, { method, headers, body: body || undefined });
  const text = await res.text();
  let json = {};
  try {
    json = JSON.parse(text);
  } catch {
    // A file answer.
  }
  return { status: res.status, headers: res.headers, text, json };
}

const en = (key: Parameters<typeof message>[0]) => message(key, 'en');

function saleEvent(productId: string, transactionId = `T-${ulid()}`) {
  return {
    posTransactionId: transactionId,
    soldAt: new Date(Date.now() - 60_000).toISOString(),
    lines: [{ productId, quantity: 1, unitPrice: 24900 }],
  };
}

async function salesOf(userId: string, token: string): Promise<SalesList> {
  const answer = await origin.api<SalesList>('GET', `/api/wine-cellars/users/${userId}/sales`, { token });
  expect(answer.status).toBe(200);
  return answer.payload;
}

async function posTransactionsOf(ownerId: string) {
  const { data } = await db().entities.posTransaction.query.byOwnerKey({ ownerId }).go({ consistent: true });
  return data;
}

// — keys —

describe('POS keys', () => {
  it('are created with their secret once, listed without it, and marked when used', async () => {
    const created = await createKey('Bar till');
    expect(created.id).toMatch(/^pk_[0-9a-z]{26}$/);
    expect(created.secret).toMatch(/^kps_[A-Za-z0-9_-]{43}$/);
    expect(created.name).toBe('Bar till');

    const listed = (await listKeys()).find((k) => k.id === created.id);
    expect(listed).toEqual({ id: created.id, name: 'Bar till', createdAt: created.createdAt });
    expect(JSON.stringify(await listKeys())).not.toContain(created.secret);

    const { data: item } = await db().entities.posKey.get({ keyId: created.id }).go();
    expect(JSON.stringify(item)).not.toContain(created.secret);

    expect((await till('GET', '/api/pos/products', created)).status).toBe(200);
    const used = (await listKeys()).find((k) => k.id === created.id);
    expect(used?.lastUsedAt).toBeDefined();
    // Used again within the minute: not written again.
    expect((await till('GET', '/api/pos/products', created)).status).toBe(200);
    expect((await listKeys()).find((k) => k.id === created.id)?.lastUsedAt).toBe(used?.lastUsedAt);
  });

  it('rotate to a new secret, and the old one stops at once', async () => {
    const created = await createKey('Rotating till');
    expect((await till('GET', '/api/pos/products', created)).status).toBe(200);

    const rotated = await origin.api<PosKeyCreated>(
      'POST',
      `${keysPath(userIds[R] as string)}/${created.id}/rotate`,
      {
        token: tokens[R],
        json: {},
      },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.payload.id).toBe(created.id);
    expect(rotated.payload.secret).toMatch(/^kps_/);
    expect(rotated.payload.secret).not.toBe(created.secret);
    expect(rotated.payload.rotatedAt).toBeDefined();

    const old = await till('GET', '/api/pos/products', created);
    expect(old.status).toBe(401);
    expect(old.json.error?.message).toBe(en('posSignatureInvalid'));
    expect(
      (await till('GET', '/api/pos/products', { id: created.id, secret: rotated.payload.secret })).status,
    ).toBe(200);
  });

  it('are revoked by deleting them: the key is unknown from then on', async () => {
    const created = await createKey('Revoked till');
    const revoked = await origin.api('DELETE', `${keysPath(userIds[R] as string)}/${created.id}`, {
      token: tokens[R],
    });
    expect(revoked.status).toBe(204);
    expect((await listKeys()).some((k) => k.id === created.id)).toBe(false);
    const answer = await till('GET', '/api/pos/products', created);
    expect(answer.status).toBe(401);
    expect(answer.json.error?.message).toBe(en('posKeyInvalid'));
    const again = await origin.api('DELETE', `${keysPath(userIds[R] as string)}/${created.id}`, {
      token: tokens[R],
    });
    expect(again.status).toBe(404);
  });

  it('belong to their cellar: 403 for another account’s path, 404 for another cellar’s key', async () => {
    const other = await freshBusiness();
    const theirs = await createKey('Their till', other.id, other.token);
    const base = keysPath(userIds[R] as string);

    expect((await restaurant('GET', keysPath(other.id))).status).toBe(403);
    expect((await restaurant('POST', keysPath(other.id), { json: { name: 'x' } })).status).toBe(403);
    expect((await restaurant('DELETE', `${keysPath(other.id)}/${theirs.id}`)).status).toBe(403);

    expect((await restaurant('DELETE', `${base}/${theirs.id}`)).status).toBe(404);
    expect((await restaurant('POST', `${base}/${theirs.id}/rotate`, { json: {} })).status).toBe(404);
    expect((await restaurant('DELETE', `${base}/pk_${'0'.repeat(26)}`)).status).toBe(404);
    expect((await listKeys(other.id, other.token)).map((k) => k.id)).toEqual([theirs.id]);
  });

  it(`stop at ${POS_LIMITS.keysMax} a cellar, however many are created at once`, async () => {
    const owner = await freshBusiness();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        origin.api<PosKeyCreated>('POST', keysPath(owner.id), {
          token: owner.token,
          json: { name: `Till ${i}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(POS_LIMITS.keysMax);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30 - POS_LIMITS.keysMax);
    const full = answers.find((a) => a.status === 409);
    expect(full?.error?.message).toBe(`A cellar can have at most ${POS_LIMITS.keysMax} POS keys`);
    expect(await listKeys(owner.id, owner.token)).toHaveLength(POS_LIMITS.keysMax);

    // A revoked key frees its place.
    const first = answers.find((a) => a.status === 201)?.payload as PosKeyCreated;
    expect(
      (await origin.api('DELETE', `${keysPath(owner.id)}/${first.id}`, { token: owner.token })).status,
    ).toBe(204);
    await createKey('Till again', owner.id, owner.token);
  });
});

// — signing —

describe('till requests', () => {
  let key: PosKeyCreated;
  beforeAll(async () => {
    key = await createKey('Signing till');
  });

  it('are refused without a key, with an unknown key or with an app key: 401', async () => {
    for (const [what, id] of [
      ['no key', undefined],
      ['unknown key', `pk_${'1'.repeat(26)}`],
      ['not a key id', 'kork-local-web'],
    ] as const) {
      const answer = await till('GET', '/api/pos/products', id ? { id, secret: key.secret } : undefined);
      expect(answer.status, what).toBe(401);
      expect(answer.json.error?.message, what).toBe(en('posKeyInvalid'));
    }
    // The app's own client key and a signed-in owner's session are no till credentials.
    const app = await origin.api('GET', '/api/pos/products', { token: tokens[R] });
    expect(app.status).toBe(401);
  });

  it('are refused with a missing or wrong signature: 401', async () => {
    const body = saleEvent('B-nothing');
    for (const signature of [
      null,
      'sha256=',
      signBody(key.secret, '{}'),
      signBody('kps_other', JSON.stringify(body)),
    ]) {
      const answer = await till('POST', '/api/pos/sales', key, { body, signature });
      expect(answer.status, String(signature)).toBe(401);
      expect(answer.json.error?.message).toBe(en('posSignatureInvalid'));
    }
  });

  it('store nothing when the signature fails: no sale, no till transaction', async () => {
    const wine = await accounts.addWine(R, {
      source: 'CUSTOM',
      wineName: 'Kasse Rød',
      bottleSize: 0.75,
      mainCategoryId: 'red',
      quantity: 5,
      sellingPrice: 24900,
    });
    const before = await salesOf(userIds[R] as string, tokens[R] as string);
    const event = saleEvent(`B-${wine.id}`);
    const tampered = { ...event, lines: [{ ...event.lines[0], quantity: 2 }] };
    const answer = await till('POST', '/api/pos/sales', key, {
      body: tampered,
      signature: signBody(key.secret, JSON.stringify(event)),
    });
    expect(answer.status).toBe(401);
    const after = await salesOf(userIds[R] as string, tokens[R] as string);
    expect(after.count).toBe(before.count);
    expect(
      (await posTransactionsOf(userIds[R] as string)).some(
        (t) => t.posTransactionId === event.posTransactionId,
      ),
    ).toBe(false);
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(5);
  });

  it('signed, take the sale in once: 201 recorded, 200 for the same transaction again', async () => {
    const wine = await accounts.addWine(R, {
      source: 'CUSTOM',
      wineName: 'Kasse Hvit',
      bottleSize: 0.75,
      mainCategoryId: 'white',
      quantity: 4,
      sellingPrice: 24900,
    });
    const event = saleEvent(`B-${wine.id}`);
    const first = await till('POST', '/api/pos/sales', key, { body: event });
    expect(first.status, first.text).toBe(201);
    expect(first.json.payload).toMatchObject({
      posTransactionId: event.posTransactionId,
      status: 'recorded',
    });
    const again = await till('POST', '/api/pos/sales', key, { body: event });
    expect(again.status).toBe(200);
    expect(again.json.payload).toMatchObject({ status: 'duplicate' });
    expect((await accounts.getWine(R, wine.id)).quantity).toBe(3);
    const sale = (await salesOf(userIds[R] as string, tokens[R] as string)).rows.find(
      (row) => row.posTransactionId === event.posTransactionId,
    );
    expect(sale?.createdByName).toBe('POS: Signing till');
  });

  it('never pass an app route: a POS key is no client key', async () => {
    const path = `/api/wine-cellars/users/${userIds[R]}/own-wines`;
    const bare = await till('GET', path, key);
    expect(bare.status).toBe(403);
    expect(bare.json.error?.code).toBe('API_KEY');
    const withSession = await till('GET', path, key, { headers: { authorization: `Bearer ${tokens[R]}` } });
    expect(withSession.status).toBe(403);
    expect(withSession.json.error?.code).toBe('API_KEY');
    expect((await till('GET', keysPath(userIds[R] as string), key)).status).toBe(403);
  });

  it('to another cellar’s path are 403; the key’s own cellar id or owner id pass', async () => {
    const other = await freshBusiness();
    const otherCellar = await origin.api<{ rows: { id: string }[] }>(
      'GET',
      `/api/wine-cellars/users/${other.id}/cellars`,
      {
        token: other.token,
      },
    );
    const otherCellarId = otherCellar.payload.rows[0]?.id as string;
    const ownCellar = await origin.api<{ rows: { id: string }[] }>('GET', `${accounts.base(R)}/cellars`, {
      token: tokens[R],
    });
    const ownCellarId = ownCellar.payload.rows[0]?.id as string;
    const before = await salesOf(userIds[R] as string, tokens[R] as string);

    for (const cellarId of [otherCellarId, other.id]) {
      const answer = await till('POST', `/api/pos/${cellarId}/sales`, key, { body: saleEvent('B-x') });
      expect(answer.status, cellarId).toBe(403);
    }
    expect((await salesOf(userIds[R] as string, tokens[R] as string)).count).toBe(before.count);

    for (const cellarId of [ownCellarId, userIds[R] as string]) {
      const answer = await till('POST', `/api/pos/${cellarId}/sales`, key, {
        body: saleEvent('UNKNOWN-TILL-ID'),
      });
      expect([200, 201], `${cellarId}: ${answer.text}`).toContain(answer.status);
    }
  });

  it('are answered 429 with retry-after past the key’s limit a minute', async () => {
    const limited = await createKey('Busy till');
    const windowStart = Math.floor(Date.now() / 60_000) * 60;
    for (const start of [windowStart, windowStart + 60]) {
      await db()
        .entities.rateLimitWindow.put({
          key: `pos#${limited.id}`,
          windowStart: start,
          count: POS_LIMITS.eventsPerMinute,
          expiresAt: start + 120,
        })
        .go();
    }
    const answer = await till('GET', '/api/pos/products', limited);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another key of the same cellar has its own limit.
    expect((await till('GET', '/api/pos/products', key)).status).toBe(200);
  });
});

// — the feed —

describe('the product feed', () => {
  const longName = 'Domaine de la Romanée-Conti Romanée-Saint-Vivant Grand Cru Vieilles Vignes';
  let key: PosKeyCreated;
  let owner: { id: string; token: string };
  let bottleOnly: string;
  let withGlass: string;
  let sold: string;
  let recipeId: string;

  beforeAll(async () => {
    owner = await freshBusiness();
    key = await createKey('Feed till', owner.id, owner.token);
    const add = async (body: Record<string, unknown>) => {
      const answer = await origin.api<{ id: string }>(
        'POST',
        `/api/wine-cellars/users/${owner.id}/own-wines`,
        {
          token: owner.token,
          json: { source: 'CUSTOM', bottleSize: 0.75, mainCategoryId: 'red', ...body },
        },
      );
      expect(answer.status, JSON.stringify(answer.error)).toBe(201);
      return answer.payload.id;
    };
    bottleOnly = await add({ wineName: longName, quantity: 4, sellingPrice: 124_900 });
    withGlass = await add({
      wineName: 'Chablis',
      mainCategoryId: 'white',
      quantity: 2,
      sellingPrice: 59_900,
      pricePerGlass: 14_950,
      posName: 'Chablis, "Les Clos"',
    });
    sold = await add({ wineName: 'Sold out', quantity: 1, sellingPrice: 10_000 });
    const sale = await origin.api('POST', `/api/wine-cellars/users/${owner.id}/sales`, {
      token: owner.token,
      json: { products: [{ ownWineId: sold, units: 1, unitPrice: 10_000 }] },
    });
    expect(sale.status).toBe(201);
    recipeId = ulid();
    const now = new Date().toISOString();
    for (const [id, includeInPos, name] of [
      [recipeId, true, 'Kir Royal with a very long name for the till'],
      [ulid(), false, 'Not on the till'],
    ] as const) {
      await db()
        .entities.recipe.create({
          ownerId: owner.id,
          id,
          name,
          ingredients: [{ kind: 'other', name: 'Cassis', amount: 1, unit: 'cl', costPerUnit: 300 }],
          sellingPrice: 13_500,
          vatPercentage: 25,
          includeInPos,
          createdAt: now,
          updatedAt: now,
        })
        .go();
    }
  });

  it('answers the signing key’s cellar as JSON: bottles, glasses and POS recipes, names cut at 40', async () => {
    const answer = await till('GET', '/api/pos/products?format=json', key);
    expect(answer.status).toBe(200);
    const feed = answer.json.payload as PosProductFeed;
    const byId = new Map(feed.products.map((p) => [p.productId, p]));
    expect(feed.products).toHaveLength(4);
    expect(byId.get(`B-${bottleOnly}`)).toMatchObject({
      kind: 'bottle',
      price: 124_900,
      stock: 4,
      vatPercentage: 25,
    });
    expect(byId.get(`B-${bottleOnly}`)?.name).toBe(longName.slice(0, POS_NAME_MAX).trimEnd());
    expect(byId.get(`B-${withGlass}`)).toMatchObject({ name: 'Chablis, "Les Clos"', price: 59_900 });
    expect(byId.get(`G-${withGlass}`)).toMatchObject({
      kind: 'glass',
      price: 14_950,
      glassSizeCl: expect.any(Number),
    });
    expect(byId.has(`B-${sold}`)).toBe(false);
    expect(byId.get(`R-${recipeId}`)).toMatchObject({ kind: 'recipe', price: 13_500, recipeId });
    for (const product of feed.products)
      expect(Array.from(product.name).length).toBeLessThanOrEqual(POS_NAME_MAX);

    // The owner sees the same feed.
    const own = await origin.api<PosProductFeed>('GET', `/api/wine-cellars/users/${owner.id}/pos/products`, {
      token: owner.token,
    });
    expect(own.status).toBe(200);
    expect(own.payload.products).toEqual(feed.products);
  });

  it('answers CSV to download, from the till and the owner alike', async () => {
    const answer = await till('GET', '/api/pos/products?format=csv', key);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
    const rows = Papa.parse<Record<string, string>>(answer.text.trim(), { header: true }).data;
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'productId',
      'kind',
      'name',
      'price',
      'vatPercentage',
      'stock',
      'glassSizeCl',
    ]);
    const byId = new Map(rows.map((r) => [r.productId, r]));
    expect(byId.get(`B-${bottleOnly}`)).toMatchObject({ price: '1249.00', stock: '4', glassSizeCl: '' });
    expect(byId.get(`G-${withGlass}`)?.price).toBe('149.50');
    expect(byId.get(`B-${withGlass}`)?.name).toBe('Chablis, "Les Clos"');
    expect(answer.text).toContain('"Chablis, ""Les Clos"""');
    expect(byId.get(`R-${recipeId}`)?.kind).toBe('recipe');

    const own = await fetch(`${origin.base}/api/wine-cellars/users/${owner.id}/pos/products?format=csv`, {
      headers: { 'x-api-key': 'kork-local-web', authorization: `Bearer ${owner.token}` },
    });
    expect(own.status).toBe(200);
    expect(await own.text()).toBe(answer.text);
  });

  it('writes a name a spreadsheet would run as a formula as plain text', async () => {
    const formulas = ['=HYPERLINK("http://x.no","Klikk")', '+cmd|/C calc!A0', '-2+3', '@SUM(A1:A2)'];
    const ids: string[] = [];
    for (const posName of formulas) {
      const answer = await origin.api<{ id: string }>(
        'POST',
        `/api/wine-cellars/users/${owner.id}/own-wines`,
        {
          token: owner.token,
          json: {
            source: 'CUSTOM',
            bottleSize: 0.75,
            mainCategoryId: 'red',
            wineName: 'Formel',
            quantity: 1,
            posName,
          },
        },
      );
      expect(answer.status, JSON.stringify(answer.error)).toBe(201);
      ids.push(answer.payload.id);
    }
    const answer = await till('GET', '/api/pos/products?format=csv', key);
    expect(answer.status).toBe(200);
    const rows = Papa.parse<Record<string, string>>(answer.text.trim(), { header: true }).data;
    const byId = new Map(rows.map((r) => [r.productId, r]));
    for (const [i, name] of formulas.entries()) expect(byId.get(`B-${ids[i]}`)?.name, name).toBe(`'${name}`);
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+@\t\r]/);
    // The JSON feed keeps the names as they are.
    const json = await till('GET', '/api/pos/products?format=json', key);
    const names = (json.json.payload as PosProductFeed).products.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(formulas));
  });
});
