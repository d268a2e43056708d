/**
 * Tests generated from the route manifest: every route in functions/src/routes.ts, with the schemas its
 * handler declares (`handler.route.spec`).
 *
 * 1. Every route declares what it takes: a body (or multipart fields) where it takes one, its path
 *    parameters, and every string and number in them is bounded.
 * 2. Bad input is a 400, never a 500, and stores nothing: bad values are built from each schema (wrong
 *    types, 1e308, 5e-324, 2^53 + 1, "NaN", over-long text, NUL, lone surrogates, deep objects, huge
 *    arrays, 2,100-character ids in the path) and sent by a fresh account that owns the path's ids.
 * 3. Access: no token is a 401 on every route that needs one, another account's id a 403, an admin
 *    route a 403 for anyone else, and a caller without access gets 403 or 404 before the body is read.
 *
 * Query parameters a route does not declare are accepted and ignored (a cache-buster or a tracking
 * parameter breaks nothing); a route that reads none declares no query schema.
 *
 * The sweep runs as two test files, each on a stack of its own, so the integration tier's two workers
 * share it: manifest-sweep-input.int.test.ts (1 and 2) and manifest-sweep-access.int.test.ts (3).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { allWines } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { marketplaceSeed } from '@kork/functions/marketplace/seed';
import { issueAccessToken } from '@kork/functions/platform/auth';
import { dynamoClient } from '@kork/functions/platform/dynamo';
import type { RouteDescription } from '@kork/functions/platform/http';
import { signBody } from '@kork/functions/pos/pos-secrets';
import { type RouteKey, routes } from '@kork/functions/routes';
import type { CheckoutResult, Role, Supplier, SupplierSummary } from '@kork/shared';
import fc from 'fast-check';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFunction } from './stack';
import { startTestOrigin, type TestOrigin } from './test-stack';

// — Reading zod/mini schemas —

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  maximum?: number;
  minimum?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
}
type Schema = { _zod: { def: Def }; safeParse(value: unknown): { success: boolean } };

const defOf = (schema: Schema): Def => schema._zod.def;
const checksOf = (schema: Schema): CheckDef[] => (defOf(schema).checks ?? []).map((c) => c._zod.def);

/** Optional, nullable, default and the like around a schema. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

function unwrap(schema: Schema): Schema {
  let current = schema;
  while (WRAPPERS.has(defOf(current).type)) current = defOf(current).innerType as Schema;
  return current;
}

type PathPart = string | number;

/** One field a request can carry: where it is, its schema, and fields that must come with it. */
interface Leaf {
  path: PathPart[];
  schema: Schema;
  /** A discriminated union's tag, so the value is read as the option it belongs to. */
  with: [PathPart[], unknown][];
}

/** Every field of a schema down to its leaves; a list is a leaf of its own and its first item's fields. */
function leavesOf(schema: Schema, path: PathPart[] = [], tags: [PathPart[], unknown][] = []): Leaf[] {
  const core = unwrap(schema);
  const def = defOf(core);
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, field]) =>
      leavesOf(field, [...path, key], tags),
    );
  }
  if (def.type === 'union' && typeof def.discriminator === 'string') {
    const key = def.discriminator;
    return (def.options as Schema[]).flatMap((option) => {
      const tag = (defOf(unwrap(option)).shape as Record<string, Schema>)[key];
      const value = (defOf(tag as Schema).values as unknown[])[0];
      return leavesOf(option, path, [...tags, [[...path, key], value]]);
    });
  }
  if (def.type === 'pipe') {
    const input = unwrap(def.in as Schema);
    const output = unwrap(def.out as Schema);
    if (defOf(input).type === 'transform') return leavesOf(output, path, tags);
    if (defOf(input).type === 'array' && defOf(output).type === 'array')
      return [{ path, schema, with: tags }, ...leavesOf(defOf(output).element as Schema, [...path, 0], tags)];
    return [{ path, schema, with: tags }];
  }
  if (def.type === 'array')
    return [{ path, schema, with: tags }, ...leavesOf(def.element as Schema, [...path, 0], tags)];
  if (def.type === 'record') {
    const keys = defOf(unwrap(def.keyType as Schema)).entries as Record<string, string> | undefined;
    const first = keys ? Object.values(keys)[0] : 'key';
    return [
      { path, schema, with: tags },
      ...leavesOf(def.valueType as Schema, [...path, String(first)], tags),
    ];
  }
  return [{ path, schema, with: tags }];
}

/** The schemas a leaf is made of: a union's options, a pipe and its ends. */
function partsOf(schema: Schema): Schema[] {
  const core = unwrap(schema);
  const def = defOf(core);
  if (def.type === 'union') return (def.options as Schema[]).flatMap(partsOf);
  if (def.type === 'pipe') return [core, ...partsOf(def.in as Schema), ...partsOf(def.out as Schema)];
  return [core];
}

const kindsOf = (schema: Schema) => new Set(partsOf(schema).map((part) => defOf(part).type));

function maxLengthOf(schema: Schema): number | undefined {
  const maxima = partsOf(schema).flatMap((part) =>
    checksOf(part).flatMap((c) => (c.check === 'max_length' && c.maximum !== undefined ? [c.maximum] : [])),
  );
  return maxima.length > 0 ? Math.max(...maxima) : undefined;
}

function numberBounds(schema: Schema): { min?: number; max?: number } {
  const bounds: { min?: number; max?: number } = {};
  for (const part of partsOf(schema)) {
    for (const c of checksOf(part)) {
      if (c.check === 'greater_than') bounds.min = Number(c.value);
      if (c.check === 'less_than') bounds.max = Number(c.value);
    }
  }
  return bounds;
}

const has = (schema: Schema, check: string) => checksOf(schema).some((c) => c.check === check);

/**
 * Why a leaf is not bounded, if it is not: every text needs a most length (its own or its pipe's), a
 * number a least and a most value (a form number's text is read into a bounded number), a list a most length.
 */
function unbounded(leaf: Leaf): string | undefined {
  const parts = partsOf(leaf.schema);
  const of = (type: string) => parts.filter((part) => defOf(part).type === type);
  const pipes = of('pipe');
  if (of('string').some((part) => !has(part, 'max_length') && !pipes.some((p) => has(p, 'max_length'))))
    return 'text without a maximum length';
  const numbers = [...of('number'), ...pipes];
  if (of('number').length > 0 && !numbers.some((p) => has(p, 'greater_than') && has(p, 'less_than')))
    return 'a number without both bounds';
  if (of('array').length > 0 && !of('array').some((p) => has(p, 'max_length')))
    return 'a list without a maximum length';
  return undefined;
}

// — Bad values —

const deep = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

/** Text that no field may take: NUL, other controls, lone surrogates, and more than `max` characters. */
function harmfulTexts(max: number | undefined, transport: Transport): string[] {
  const texts = ['\u0000', 'Barolo\u0000', 'bell\u0007'];
  if (transport === 'json') texts.push('\ud800', 'Barolo\udfff');
  const over = (max ?? 100_000) + 1;
  // The origin (like API Gateway) refuses request lines over 16 KB before any code runs.
  if (transport !== 'query') texts.push('é'.repeat(over));
  else if (over < 8_000) texts.push('x'.repeat(over));
  return texts;
}

const HARMFUL_NUMBERS = [1e308, -1e308, 5e-324, -5e-324, 2 ** 53 + 1, -(2 ** 53 + 1)];
const NUMERIC_TEXTS = ['1e308', '-1e308', '5e-324', '9007199254740993', 'NaN', 'Infinity', '-Infinity'];
const WRONG_TYPES: unknown[] = [12345, true, {}, [], 'text', { $gt: '' }, ['a', 'b']];

type Transport = 'json' | 'form' | 'query';

/** Values the leaf must refuse, whatever it is. */
function mustRefuse(leaf: Leaf, transport: Transport): unknown[] {
  const kinds = kindsOf(leaf.schema);
  const values: unknown[] = [];
  const takesText = kinds.has('string') || kinds.has('enum') || kinds.has('literal');
  const takesNumbers = kinds.has('number') || kinds.has('int');
  if (takesText || transport !== 'json') values.push(...harmfulTexts(maxLengthOf(leaf.schema), transport));
  if (takesNumbers) {
    values.push(...NUMERIC_TEXTS.filter(() => transport !== 'json' || kinds.has('string')));
    if (transport === 'json') values.push(...HARMFUL_NUMBERS);
    else values.push(...HARMFUL_NUMBERS.map(String));
    const { min, max } = numberBounds(leaf.schema);
    if (max !== undefined) values.push(transport === 'json' ? max + 1 : String(max + 1));
    if (min !== undefined) values.push(transport === 'json' ? min - 1 : String(min - 1));
  }
  if (transport === 'json') {
    values.push(deep(300));
    if (kinds.has('array')) {
      const max = maxLengthOf(leaf.schema) ?? 1000;
      values.push(
        Array.from({ length: max + 1 }, () => 'x'),
        Array.from({ length: 20_000 }, (_, i) => i),
      );
    }
  }
  return values;
}

/** Values of the wrong type; a union that takes one of them legitimately leaves it out. */
function wrongTypes(leaf: Leaf, transport: Transport): unknown[] {
  const candidates = transport === 'json' ? WRONG_TYPES : ['text', 'true', '12'];
  return candidates.filter((value) => !leaf.schema.safeParse(value).success);
}

/** A few random values of each harmful kind, for fast-check to draw from. */
function randomHarmful(leaf: Leaf, transport: Transport): fc.Arbitrary<unknown> {
  const around = fc.string({ maxLength: 12 });
  const max = maxLengthOf(leaf.schema);
  const texts: fc.Arbitrary<unknown>[] = [
    fc.tuple(around, around).map(([a, b]) => `${a}\u0000${b}`),
    fc
      .tuple(
        around,
        fc.integer({ min: 1, max: 31 }).filter((c) => c !== 9 && c !== 10 && c !== 13),
        around,
      )
      // Inside the text: a vertical tab or form feed at either end is whitespace, trimmed like a space.
      .map(([a, c, b]) => `${a}x${String.fromCharCode(c)}x${b}`),
    fc.integer({ min: 0x7f, max: 0x9f }).map((c) => `x${String.fromCharCode(c)}`),
  ];
  if (transport === 'json') {
    texts.push(
      fc
        .tuple(around, fc.integer({ min: 0xd800, max: 0xdfff }), around)
        .map(([a, c, b]) => `${a}${String.fromCharCode(c)}${b}`),
    );
  }
  if (max !== undefined && (transport !== 'query' || max < 8_000)) {
    const letter = transport === 'query' ? 'x' : 'ø';
    texts.push(fc.integer({ min: max + 1, max: max + 40 }).map((n) => letter.repeat(n)));
  }
  const kinds = kindsOf(leaf.schema);
  const numbers: fc.Arbitrary<number>[] = [];
  if (kinds.has('number') || kinds.has('int')) {
    const { min, max: most } = numberBounds(leaf.schema);
    numbers.push(fc.double({ min: 1e-320, max: 1e-131, noNaN: true }));
    if (most !== undefined) numbers.push(fc.double({ min: most + 1, noNaN: true, noDefaultInfinity: true }));
    if (min !== undefined) numbers.push(fc.double({ max: min - 1, noNaN: true, noDefaultInfinity: true }));
    numbers.push(fc.bigInt({ min: 2n ** 53n + 1n, max: 2n ** 60n }).map(Number));
  }
  const asTransport = numbers.map((arb) => (transport === 'json' ? arb : arb.map((n) => String(n))));
  return fc.oneof(...texts, ...asTransport);
}

// — Requests —

function setAt(target: Record<string, unknown>, path: PathPart[], value: unknown): void {
  let current: Record<PathPart, unknown> = target;
  path.forEach((part, i) => {
    if (i === path.length - 1) {
      current[part] = value;
      return;
    }
    const next = path[i + 1];
    if (current[part] === undefined) current[part] = typeof next === 'number' ? [] : {};
    current = current[part] as Record<PathPart, unknown>;
  });
}

interface Case {
  /** Where the bad value goes. */
  where: 'body' | 'fields' | 'query' | 'params';
  path: PathPart[];
  value: unknown;
  with: [PathPart[], unknown][];
}

const describeCase = (c: Case) =>
  `${c.where} ${c.path.join('.')} = ${JSON.stringify(c.value)?.slice(0, 80) ?? String(c.value)}`;

/** The route's path with its parameters filled in; `bad` replaces one of them. */
function pathOf(
  key: RouteKey,
  values: Record<string, string>,
  bad?: { name: string; value: string },
): string {
  const path = key.split(' ')[1] as string;
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(bad?.name === name ? bad.value : (values[name] as string)),
  );
}

/** Whether the answer's field messages name the field the bad value was in (or its parent or child). */
function namesField(fields: Record<string, string> | undefined, path: PathPart[]): boolean {
  const field = path.map(String).join('.');
  return Object.keys(fields ?? {}).some(
    (key) => key === field || field.startsWith(`${key}.`) || key.startsWith(`${field}.`),
  );
}

// — The table —

/** Every item in the table, keyed by its primary key. */
async function tableState(): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new ScanCommand({ TableName: 'kork', ExclusiveStartKey: start as never, ConsistentRead: true }),
    );
    for (const item of page.Items ?? []) items.set(JSON.stringify([item.pk, item.sk]), JSON.stringify(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

function changesBetween(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [key, item] of after) {
    if (!before.has(key)) changes.push(`added ${item.slice(0, 200)}`);
    else if (before.get(key) !== item) changes.push(`changed ${item.slice(0, 200)}`);
  }
  for (const key of before.keys()) if (!after.has(key)) changes.push(`removed ${key}`);
  return changes;
}

/**
 * The table as a till's request may leave it when it stores nothing: a signed request counts against
 * its key's rate limit and marks the key used, which is bookkeeping, not something stored.
 */
async function tillTableState(): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  for (const [key, text] of await tableState()) {
    const item = JSON.parse(text) as Record<string, unknown> & { __edb_e__?: { S?: string } };
    if (item.__edb_e__?.S === 'rateLimitWindow') continue;
    if (item.__edb_e__?.S === 'posKey') delete item.lastUsedAt;
    // Sorted: an item written again may list its attributes in another order.
    items.set(
      key,
      JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))),
    );
  }
  return items;
}

// — The stack, accounts and what they own —

let origin: TestOrigin;
let jwksServer: Server;
let providerKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let catalogWineId: string;
const GOOGLE_CLIENT = 'kork-sweep.apps.googleusercontent.com';
const APPLE_CLIENT = 'no.kork.sweep';

const described = new Map<RouteKey, RouteDescription>();
const ROUTE_KEYS = Object.keys(routes) as RouteKey[];

async function descriptionOf(key: RouteKey): Promise<RouteDescription> {
  let description = described.get(key);
  if (!description) {
    const handler = await loadFunction<{ route: RouteDescription }>(routes[key].handler);
    description = handler.route;
    described.set(key, description);
  }
  return description;
}

const paramsOf = (key: RouteKey) => [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
const methodOf = (key: RouteKey) => key.split(' ')[0] as string;

interface Account {
  id: string;
  token: string;
  /** A POS key of the account's cellar, for the till's routes. */
  till?: { id: string; secret: string };
}

/** A POS key of the account's cellar, made through its owner route. */
async function tillKeyOf(account: Account): Promise<{ id: string; secret: string }> {
  return ok(
    origin.api<{ id: string; secret: string }>('POST', `/api/wine-cellars/users/${account.id}/pos-keys`, {
      token: account.token,
      json: { name: 'Sveipekasse' },
    }),
  );
}

/** A till's headers: the key id and the signature of exactly the body that is sent. */
function tillHeaders(till: { id: string; secret: string }, json: unknown): Record<string, string> {
  const body = json === undefined ? '' : JSON.stringify(json);
  return { 'x-api-key': till.id, 'x-kork-signature': signBody(till.secret, body) };
}

let accounts = 0;
async function freshAccount(role: Role = 'user'): Promise<Account> {
  accounts++;
  const id = `sweep${Date.now().toString(36)}${accounts}`;
  const now = new Date().toISOString();
  const { data } = await db()
    .entities.user.create({
      id,
      ownerId: id,
      email: `${id}@example.no`,
      firstName: 'Sveip',
      lastName: `Nummer${accounts}`,
      userType: role === 'business' ? 'RESTAURANT' : 'PRIVATE_USER',
      role,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .go();
  return { id, token: await issueAccessToken({ userId: id, role, tokenVersion: data.tokenVersion ?? 1 }) };
}

async function ok<T>(answer: Promise<{ status: number; payload: T; error?: unknown }>): Promise<T> {
  const { status, payload, error } = await answer;
  if (status >= 300) throw new Error(`fixture call failed: ${status} ${JSON.stringify(error)}`);
  return payload;
}

/** A supplier's wine a business can order now: its price and stock, and the supplier's minimum order. */
interface MarketOffer {
  supplierId: string;
  wineId: string;
  /** Bottles of one line that reach the supplier's minimum order (within the stock). */
  quantity: number;
}

let marketOffers: MarketOffer[] | undefined;
let marketOffersTaken = 0;

/** Offers of distinct suppliers, read once through the suppliers' pages as a business sees them. */
async function orderableOffers(): Promise<MarketOffer[]> {
  if (marketOffers) return marketOffers;
  const { token } = await freshAccount('business');
  const list = await ok(
    origin.api<{ rows: SupplierSummary[] }>('GET', '/api/suppliers?sort=wines&resultsPerPage=60', { token }),
  );
  const found: MarketOffer[] = [];
  for (const summary of list.rows) {
    const supplier = await ok(
      origin.api<Supplier>('GET', `/api/suppliers/${summary.id}?resultsPerPage=20`, { token }),
    );
    for (const wine of supplier.wines) {
      const price = wine.horecaPriceMinor ?? 0;
      const quantity = Math.max(1, Math.ceil(supplier.minimumOrderMinor / Math.max(1, price)));
      if (price > 0 && quantity <= (wine.stock ?? 0)) {
        found.push({ supplierId: supplier.id, wineId: wine.wineId, quantity });
        break;
      }
    }
  }
  if (found.length === 0) throw new Error('no supplier offers a wine in stock');
  marketOffers = found;
  return found;
}

/** The next supplier's offer, each fixture its own supplier where there are enough. */
async function nextOffer(): Promise<MarketOffer> {
  const offers = await orderableOffers();
  return offers[marketOffersTaken++ % offers.length] as MarketOffer;
}

/**
 * A checkout placed by a business of its own (its cellar's cart of one line), after which the queue's
 * consumer has mailed the supplier: nothing it does later changes the table under the test.
 */
async function placedCheckout(
  buyer: Account,
  offer: MarketOffer,
): Promise<{ cellarId: string; result: CheckoutResult }> {
  const { token } = buyer;
  const cellars = await ok(
    origin.api<{ rows: { id: string }[] }>('GET', `/api/wine-cellars/users/${buyer.id}/cellars`, { token }),
  );
  const cellarId = cellars.rows[0]?.id as string;
  const nbs = `/api/wine-cellars/cellars/${cellarId}/nbs`;
  await ok(origin.api('POST', `${nbs}/cart-items`, { token, json: offer }));
  const result = await ok(
    origin.api<CheckoutResult>('POST', `${nbs}/checkout`, {
      token,
      headers: { 'idempotency-key': `sweep-${Date.now()}-${accounts}` },
      json: {
        billing: {
          organizationNumber: '987654325',
          invoiceMethod: 'email',
          invoiceEmail: 'faktura@example.no',
          name: 'Sveip AS',
          street: 'Sveipeveien 1',
          postalCode: '0150',
          city: 'Oslo',
        },
        delivery: { recipient: 'Sveip AS', street: 'Sveipeveien 1', postalCode: '0150', city: 'Oslo' },
      },
    }),
  );
  await origin.stack.broker.idle();
  return { cellarId, result };
}

/** Makes the account a Wine importer answering for the offer's supplier (linked by an admin). */
async function linkToSupplier(account: Account, supplierId: string): Promise<void> {
  // An account found by its e-mail, as signing up makes it.
  const { data } = await db()
    .entities.user.patch({ id: account.id })
    .set({ userType: 'WINE_IMPORTER' })
    .go({ response: 'all_new' });
  await db().entities.accountEmail.create({ email: data.email, ownerId: account.id }).go();
  const admin = await freshAccount('admin');
  await ok(
    origin.api('POST', `/api/admin/suppliers/${supplierId}/account`, {
      token: admin.token,
      json: { email: data.email },
    }),
  );
}

/** The ids a route's path needs, all owned by `account`: its cellar, a wine, a location, a note, … */
async function fixturesFor(key: RouteKey, account: Account): Promise<Record<string, string>> {
  const { token } = account;
  const cellarBase = `/api/wine-cellars/users/${account.id}`;
  const values: Record<string, string> = {};
  const cellarId = async () =>
    (await ok(origin.api<{ rows: { id: string }[] }>('GET', `${cellarBase}/cellars`, { token }))).rows[0]
      ?.id as string;
  const location = async () =>
    ok(
      origin.api<{ id: string }>('POST', `${cellarBase}/locations`, { token, json: { name: 'Sveiprommet' } }),
    );
  if (key.includes('/api/supplier-portal/orders/{ownerId}/{orderId}')) {
    // An order placed with the supplier the account answers for: the buyer's id and the order's.
    const offer = await nextOffer();
    await linkToSupplier(account, offer.supplierId);
    const buyer = await freshAccount('business');
    const { result } = await placedCheckout(buyer, offer);
    values.ownerId = buyer.id;
    values.orderId = result.orders[0]?.id as string;
  } else if (key.includes('/api/supplier-portal')) {
    // The portal's other writes are an importer's: the account answers for a supplier.
    await linkToSupplier(account, (await nextOffer()).supplierId);
  }
  if (key.includes('/api/events/{eventId}')) {
    // An event the account organises, with one list of one catalogue wine.
    const event = await ok(
      origin.api<{ id: string; wineLists: { id: string }[] }>('POST', '/api/events', {
        token,
        json: {
          type: 'public',
          horecaPrices: false,
          name: 'Sveipesmaking',
          category: 'tasting',
          startDate: '2027-03-04',
          endDate: '2027-03-04',
          startTime: '18:00',
          endTime: '21:00',
          location: 'Sveipebaren, Torggata 1',
          city: 'Oslo',
          wineLists: [{ name: 'Sveipeliste', wineIds: [catalogWineId] }],
        },
      }),
    );
    values.eventId = event.id;
    values.listId = event.wineLists[0]?.id as string;
  }
  for (const name of paramsOf(key)) {
    if (values[name] !== undefined) continue;
    if (name === 'id') {
      if (/\/api\/(wine-cellars\/)?users\/\{id\}/.test(key)) values.id = account.id;
      else if (key.includes('/api/wine-cellars/cellars/{id}')) values.id = await cellarId();
      else if (/\/api\/(embed\/)?wines\/\{id\}/.test(key)) values.id = catalogWineId;
      else if (key.includes('/api/tastings/{id}')) {
        const note = await ok(
          origin.api<{ id: string }>('POST', `/api/wines/${catalogWineId}/tastings`, {
            token,
            json: { points: 90, date: '2024-06-01', isPublished: false },
          }),
        );
        values.id = note.id;
      }
    } else if (name === 'wineId') values.wineId = catalogWineId;
    else if (name === 'cellarId') values.cellarId = await cellarId();
    else if (name === 'locationId') values.locationId = (await location()).id;
    else if (name === 'categoryId') {
      const category = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/wine-list-categories`, {
          token,
          json: { name: 'Sveip' },
        }),
      );
      values.categoryId = category.id;
    } else if (name === 'ownWineId') {
      const wine = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/own-wines`, {
          token,
          json: { source: 'CUSTOM', wineName: 'Sveipevin', bottleSize: 0.75, quantity: 2 },
        }),
      );
      values.ownWineId = wine.id;
    } else if (name === 'listId') {
      const list = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/wine-lists`, {
          token,
          json: { name: 'Sveipekart', isPublic: true },
        }),
      );
      values.listId = list.id;
    } else if (name === 'countId') {
      const count = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/stock-counts`, {
          token,
          json: { name: 'Sveipetelling' },
        }),
      );
      values.countId = count.id;
    } else if (name === 'saleId' || name === 'orderId') {
      const wine = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/own-wines`, {
          token,
          json: { source: 'CUSTOM', wineName: 'Sveipevin', bottleSize: 0.75, quantity: 2 },
        }),
      );
      const products = [{ ownWineId: wine.id, units: 1, unitPrice: 100, unitCost: 100 }];
      if (name === 'saleId') {
        const sale = await ok(
          origin.api<{ id: string }>('POST', `${cellarBase}/sales`, {
            token,
            json: { products: products.map(({ unitCost: _, ...line }) => line) },
          }),
        );
        values.saleId = sale.id;
      } else {
        const order = await ok(
          origin.api<{ id: string }>('POST', `${cellarBase}/orders`, {
            token,
            json: { type: 'purchase', products: products.map(({ unitPrice: _, ...line }) => line) },
          }),
        );
        values.orderId = order.id;
      }
    } else if (name === 'recipeId') {
      const recipe = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/recipes`, {
          token,
          json: {
            name: 'Sveipedrink',
            ingredients: [{ kind: 'other', name: 'Tonic', amount: 20, unit: 'cl', costPerUnit: 90 }],
          },
        }),
      );
      values.recipeId = recipe.id;
    } else if (name === 'ruleSetId') {
      const set = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/price-rules`, {
          token,
          json: {
            name: 'Sveiperegler',
            basis: 'incVat',
            direction: 'increase',
            rounding: 'none',
            ranges: [{ from: 9_999_900, to: null, sellingPrice: { kind: 'fixed', value: 100 } }],
          },
        }),
      );
      values.ruleSetId = set.id;
    } else if (name === 'keyId') {
      values.keyId = (await tillKeyOf(account)).id;
    } else if (name === 'importId') {
      // A file import waiting for its upload: nothing happens to it until a file arrives.
      const job = await ok(
        origin.api<{ id: string }>('POST', `${cellarBase}/imports`, {
          token,
          json: { kind: 'excel', fileName: 'sveip.csv', contentType: 'text/csv', fileSize: 20 },
        }),
      );
      values.importId = job.id;
    } else if (name === 'supplierId') {
      values.supplierId = (await nextOffer()).supplierId;
    } else if (name === 'itemId') {
      const cart = await ok(
        origin.api<{ groups: { lines: { id: string }[] }[] }>(
          'POST',
          `/api/wine-cellars/cellars/${await cellarId()}/nbs/cart-items`,
          { token, json: await nextOffer() },
        ),
      );
      values.itemId = cart.groups[0]?.lines[0]?.id as string;
    } else if (name === 'checkoutId') {
      values.checkoutId = (await placedCheckout(account, await nextOffer())).result.checkoutId;
    } else if (name === 'token') {
      const shared = await location();
      const answer = await ok(
        origin.api<{ shareToken: string }>('POST', `${cellarBase}/locations/${shared.id}/share`, { token }),
      );
      values.token = answer.shareToken;
    }
    if (values[name] === undefined) throw new Error(`${key}: no fixture for {${name}}; teach fixturesFor`);
  }
  return values;
}

/** A provider token as Google or Apple would sign it, from the local key set. */
async function providerToken(provider: 'google' | 'apple'): Promise<string> {
  return new SignJWT({ email: `sweep-${provider}@example.no`, email_verified: true })
    .setProtectedHeader({ alg: 'RS256', kid: 'sweep-key' })
    .setSubject(`sweep-${provider}-${Date.now()}`)
    .setIssuer(provider === 'google' ? 'https://accounts.google.com' : 'https://appleid.apple.com')
    .setAudience(provider === 'google' ? GOOGLE_CLIENT : APPLE_CLIENT)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(providerKey);
}

/** Fields a multipart route needs beside the bad one to reach its schema: a provider's token. */
async function formBaseOf(key: RouteKey): Promise<Record<string, string>> {
  if (key === 'POST /api/auth/sign-up/google') return { idToken: await providerToken('google') };
  if (key === 'POST /api/auth/sign-up/apple') return { identityToken: await providerToken('apple') };
  return {};
}

/** Starts the stack with the catalogue and the marketplace seeded, for the test file that calls it. */
export function useSweepStack(): void {
  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    providerKey = privateKey;
    const jwk = { ...(await exportJWK(publicKey)), kid: 'sweep-key', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
    const jwks = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/certs`;
    Object.assign(process.env, {
      GOOGLE_JWKS_URL: jwks,
      GOOGLE_CLIENT_IDS: GOOGLE_CLIENT,
      APPLE_JWKS_URL: jwks,
      APPLE_CLIENT_IDS: APPLE_CLIENT,
    });
    origin = await startTestOrigin();
    await applySeeds([catalogSeed, marketplaceSeed]);
    for await (const page of allWines()) {
      const wine = page.find((w) => w.status === 'active');
      if (wine) {
        catalogWineId = wine.id;
        break;
      }
    }
    expect(catalogWineId).toBeTruthy();
    for (const key of ROUTE_KEYS) await descriptionOf(key);
  });

  afterAll(async () => {
    await origin?.stop();
    await new Promise((r) => jwksServer?.close(r));
  });
}

// — 1. What every route declares —

export function describeDeclarations(): void {
  describe('every route in the manifest', () => {
    it('declares schemas for its body or form fields and its path parameters', () => {
      const missing: string[] = [];
      for (const key of ROUTE_KEYS) {
        const { spec } = described.get(key) as RouteDescription;
        const takesBody = ['POST', 'PUT', 'PATCH'].includes(methodOf(key)) || spec.multipart !== undefined;
        if (takesBody && !spec.body && !spec.fields) missing.push(`${key}: no body or fields schema`);
        if (spec.multipart && !spec.fields) missing.push(`${key}: multipart without a fields schema`);
        const params = paramsOf(key);
        if (params.length > 0 && !spec.params) missing.push(`${key}: no params schema`);
        if (spec.params) {
          const declared = Object.keys(
            defOf(unwrap(spec.params as unknown as Schema)).shape as object,
          ).sort();
          if (JSON.stringify(declared) !== JSON.stringify([...params].sort()))
            missing.push(`${key}: params schema has ${declared.join(', ')}, the path ${params.join(', ')}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it('bounds every text, number and list it takes', () => {
      const loose: string[] = [];
      for (const key of ROUTE_KEYS) {
        const { spec } = described.get(key) as RouteDescription;
        for (const [where, schema] of Object.entries({
          body: spec.body,
          fields: spec.fields,
          query: spec.query,
          params: spec.params,
        })) {
          if (!schema) continue;
          for (const leaf of leavesOf(schema as unknown as Schema)) {
            const why = unbounded(leaf);
            if (why) loose.push(`${key} ${where} ${leaf.path.join('.')}: ${why}`);
          }
        }
      }
      expect(loose).toEqual([]);
    });

    it('refuses, in its schemas, every harmful value at every field', () => {
      const accepted: string[] = [];
      for (const key of ROUTE_KEYS) {
        const { spec } = described.get(key) as RouteDescription;
        const parts: [Transport, unknown][] = [
          ['json', spec.body],
          ['form', spec.fields],
          ['query', spec.query],
          ['query', spec.params],
        ];
        for (const [transport, schema] of parts) {
          if (!schema) continue;
          for (const leaf of leavesOf(schema as unknown as Schema)) {
            for (const value of mustRefuse(leaf, transport)) {
              if (leaf.schema.safeParse(value).success)
                accepted.push(`${key} ${leaf.path.join('.')} takes ${JSON.stringify(value)?.slice(0, 60)}`);
            }
          }
        }
      }
      expect(accepted).toEqual([]);
    });
  });
}

// — 2. Bad input —

/** The bad requests for one route: its declared fields and path parameters, each with bad values. */
function casesOf(key: RouteKey, description: RouteDescription): fc.Arbitrary<Case>[] {
  const { spec } = description;
  const arbitraries: fc.Arbitrary<Case>[] = [];
  const sources: [Case['where'], Transport, unknown][] = [
    ['body', 'json', spec.body],
    ['fields', 'form', spec.fields],
    ['query', 'query', spec.query],
  ];
  for (const [where, transport, schema] of sources) {
    if (!schema) continue;
    for (const leaf of leavesOf(schema as unknown as Schema)) {
      // In a form every value is text: a list is sent as repeated `name[]` parts.
      if (transport !== 'json' && leaf.path.length > 1 && typeof leaf.path[1] !== 'number') continue;
      const fixed = [...mustRefuse(leaf, transport), ...wrongTypes(leaf, transport)].filter(
        (value) => transport === 'json' || typeof value === 'string',
      );
      const values =
        fixed.length > 0
          ? fc.oneof(fc.constantFrom(...fixed), randomHarmful(leaf, transport))
          : randomHarmful(leaf, transport);
      arbitraries.push(values.map((value) => ({ where, path: leaf.path, value, with: leaf.with })));
    }
  }
  for (const name of paramsOf(key)) {
    const bad = fc.oneof(
      fc.constantFrom('x'.repeat(2100), 'a\u0000b', 'ünïcode', 'a b', 'a;b', '%', 'a.b', `${'9'.repeat(70)}`),
      fc
        .string({ minLength: 1, maxLength: 80, unit: 'binary' })
        .filter((s) => !/^[A-Za-z0-9_-]+$/.test(s) && !/^\.+$/.test(s) && !/[\ud800-\udfff]/u.test(s)),
    );
    arbitraries.push(bad.map((value) => ({ where: 'params', path: [name], value, with: [] })));
  }
  return arbitraries;
}

async function send(
  key: RouteKey,
  description: RouteDescription,
  c: Case,
  account: Account,
  values: Record<string, string>,
) {
  const method = methodOf(key);
  const bad = c.where === 'params' ? { name: String(c.path[0]), value: String(c.value) } : undefined;
  let path = pathOf(key, values, bad);
  if (c.where === 'query') path += `?${new URLSearchParams({ [String(c.path[0])]: String(c.value) })}`;
  const options: Parameters<TestOrigin['api']>[2] = { token: account.token };
  if (c.where === 'body') {
    const body: Record<string, unknown> = {};
    for (const [at, value] of c.with) setAt(body, at, value);
    setAt(body, c.path, c.value);
    options.json = body;
  } else if (c.where === 'fields' || (description.spec.multipart && c.where === 'params')) {
    const form = new FormData();
    for (const [name, value] of Object.entries(await formBaseOf(key))) form.set(name, value);
    if (c.where === 'fields') {
      const [name, index] = c.path;
      if (index === undefined && Array.isArray(c.value))
        for (const v of c.value) form.append(`${name}[]`, String(v));
      else form.append(index === undefined ? String(name) : `${name}[]`, String(c.value));
    }
    options.form = form;
  } else if (description.spec.body) {
    options.json = {};
  }
  if (account.till && routes[key].auth === 'pos') options.headers = tillHeaders(account.till, options.json);
  return origin.api(method, path, options);
}

/** Per route: this many drawn bad requests (a few dozen keep the whole file to a couple of minutes). */
const RUNS_PER_ROUTE = 30;

export function describeBadInput(): void {
  describe('bad input', () => {
    it.each(ROUTE_KEYS.map((key) => [key]))(
      '%s refuses bad input with a 400 naming the field and stores nothing',
      async (key) => {
        const description = described.get(key) as RouteDescription;
        const { auth } = routes[key];
        const role = auth === 'admin' || auth === 'business' ? auth : auth === 'pos' ? 'business' : 'user';
        const account = await freshAccount(role);
        const values = await fixturesFor(key, account);
        // A till's request is signed with a key of the cellar, so the bad input reaches the schemas.
        if (auth === 'pos') account.till = await tillKeyOf(account);
        const state = auth === 'pos' ? tillTableState : tableState;
        const arbitraries = casesOf(key, description);
        const before = await state();
        if (arbitraries.length === 0) {
          // Nothing declared: undeclared query parameters are ignored, bad as they are.
          const junk = new URLSearchParams({ junk: 'a\u0000b', long: 'x'.repeat(2100) });
          const answer = await origin.api(methodOf(key), `${pathOf(key, values)}?${junk}`, {
            token: account.token,
            json: description.spec.body ? {} : undefined,
          });
          expect(answer.status, `${key} with undeclared query parameters`).toBeLessThan(500);
        } else {
          await fc.assert(
            fc.asyncProperty(fc.oneof(...arbitraries), async (c) => {
              const answer = await send(key, description, c, account, values);
              const context = `${key}: ${describeCase(c)} → ${answer.status} ${JSON.stringify(answer.error)}`;
              expect(answer.status, context).toBe(400);
              expect(namesField(answer.error?.fields, c.path), context).toBe(true);
            }),
            { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
          );
        }
        expect(changesBetween(before, await state()), `${key} stored something`).toEqual([]);
      },
    );
  });
}

// — 3. Access —

/**
 * Guarded routes that take a body and are open to every account of their role: each acts on what the
 * caller makes (an event, a note on any wine, a cover). On every other guarded route, who may call it
 * (its role, `owner`, `access`) is decided before its body is read: a caller without access sending a
 * bad body gets 403 or 404, never a 400 naming the body's fields.
 */
const OPEN_TO_EVERY_ACCOUNT = new Set<RouteKey>([
  'POST /api/events',
  'POST /api/events/covers',
  'POST /api/events/wine-ids',
  'POST /api/wines/{id}/tastings',
  'PUT /api/wines/{id}/my-rating',
]);

/** A body no route takes: a list where an object belongs, or a form with a broken text field. */
function refusedBody(spec: RouteDescription['spec']): { json: unknown } | { form: FormData } {
  if (spec.multipart) {
    const form = new FormData();
    form.append('junk', 'a\u0000b');
    return { form };
  }
  const json = [{ junk: 'a\u0000b' }];
  if (spec.body) expect((spec.body as unknown as Schema).safeParse(json).success).toBe(false);
  return { json };
}

export function describeAccess(): void {
  describe('access', () => {
    const guarded = ROUTE_KEYS.filter((key) => routes[key].auth !== 'public');
    it.each(guarded.map((key) => [key]))(
      '%s answers 401 without a token and 403 to another account where it is owned or for admins only',
      async (key) => {
        const { spec } = described.get(key) as RouteDescription;
        const { auth } = routes[key];
        const owner = await freshAccount(auth === 'admin' ? 'admin' : 'business');
        const stranger = await freshAccount('business');
        const values = await fixturesFor(key, owner);
        const path = pathOf(key, values);
        const body = () => (spec.multipart ? { form: new FormData() } : spec.body ? { json: {} } : {});
        // A POS key, signed as a till signs, is no client key: it passes no route but the till's.
        const ownKey = await tillKeyOf(owner);
        const strangerKey = auth === 'pos' ? await tillKeyOf(stranger) : undefined;
        const privateAccount = await freshAccount('user');
        const state = auth === 'pos' ? tillTableState : tableState;
        const before = await state();
        const anonymous = await origin.api(methodOf(key), path, body());
        expect(anonymous.status, `${key} without a token`).toBe(401);
        const takesBody = Boolean(spec.body || spec.multipart);
        if (takesBody && auth !== 'pos') {
          // Access before the body: a private account, and another business where the route is not
          // open to every business, get 403 or 404 for a body no route takes.
          const outsiders = [privateAccount];
          if (!OPEN_TO_EVERY_ACCOUNT.has(key)) outsiders.push(stranger);
          for (const outsider of outsiders) {
            if (auth === 'user' && OPEN_TO_EVERY_ACCOUNT.has(key)) continue;
            const answer = await origin.api(methodOf(key), path, {
              ...refusedBody(spec),
              token: outsider.token,
            });
            expect(
              [403, 404],
              `${key} for an account without access, with a bad body: ${answer.status} ${JSON.stringify(answer.error)}`,
            ).toContain(answer.status);
          }
        }
        if (spec.owner || auth === 'admin') {
          const answer = await origin.api(methodOf(key), path, { ...body(), token: stranger.token });
          expect(answer.status, `${key} for another account`).toBe(403);
        }
        if (auth === 'pos') {
          const { json } = body() as { json?: unknown };
          const forged = { ...tillHeaders(ownKey, json), 'x-kork-signature': `sha256=${'0'.repeat(64)}` };
          const unsigned = await origin.api(methodOf(key), path, { ...body(), headers: forged });
          expect(unsigned.status, `${key} with a wrong signature`).toBe(401);
          if (strangerKey && key.includes('{cellarId}')) {
            const answer = await origin.api(methodOf(key), path, {
              ...body(),
              headers: tillHeaders(strangerKey, json),
            });
            expect(answer.status, `${key} signed by another cellar's key`).toBe(403);
          }
        } else {
          const { json } = body() as { json?: unknown };
          const answer = await origin.api(methodOf(key), path, {
            ...body(),
            token: owner.token,
            headers: tillHeaders(ownKey, spec.multipart ? undefined : json),
          });
          expect(answer.status, `${key} with a POS key for its client key`).toBe(403);
          expect(answer.error?.code, `${key} with a POS key for its client key`).toBe('API_KEY');
        }
        expect(changesBetween(before, await state()), `${key} changed the table`).toEqual([]);
      },
    );
  });
}
