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
 *
 * This module starts the stack and makes the accounts and what they own; schemas.ts builds the bad
 * values, fixtures.ts the ids a route's path needs, bad-input.ts and access.ts the tests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allWines } from '@kork/functions/catalog/catalog-store';
import { catalogSeed } from '@kork/functions/catalog/seed';
import { db } from '@kork/functions/data/entities';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { marketplaceSeed } from '@kork/functions/marketplace/seed';
import { issueAccessToken } from '@kork/functions/platform/auth';
import type { RouteDescription } from '@kork/functions/platform/http';
import { signBody } from '@kork/functions/pos/pos-secrets';
import { type RouteKey, routes } from '@kork/functions/routes';
import type { CheckoutResult, Role, Supplier, SupplierSummary } from '@kork/shared';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadFunction } from '../../../infra/local/stack';
import { startTestOrigin, type TestOrigin } from '../test-stack';

export let origin: TestOrigin;
let jwksServer: Server;
let providerKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
export let catalogWineId: string;
const GOOGLE_CLIENT = 'kork-sweep.apps.googleusercontent.com';
const APPLE_CLIENT = 'no.kork.sweep';

export const described = new Map<RouteKey, RouteDescription>();
export const ROUTE_KEYS = Object.keys(routes) as RouteKey[];

async function descriptionOf(key: RouteKey): Promise<RouteDescription> {
  let description = described.get(key);
  if (!description) {
    const handler = await loadFunction<{ route: RouteDescription }>(routes[key].handler);
    description = handler.route;
    described.set(key, description);
  }
  return description;
}

export const paramsOf = (key: RouteKey) => [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
export const methodOf = (key: RouteKey) => key.split(' ')[0] as string;

export interface Account {
  id: string;
  token: string;
  /** A POS key of the account's cellar, for the till's routes. */
  till?: { id: string; secret: string };
}

/** A POS key of the account's cellar, made through its owner route. */
export async function tillKeyOf(account: Account): Promise<{ id: string; secret: string }> {
  return ok(
    origin.api<{ id: string; secret: string }>('POST', `/api/wine-cellars/users/${account.id}/pos-keys`, {
      token: account.token,
      json: { name: 'Sveipekasse' },
    }),
  );
}

/** A till's headers: the key id and the signature of exactly the body that is sent. */
export function tillHeaders(till: { id: string; secret: string }, json: unknown): Record<string, string> {
  const body = json === undefined ? '' : JSON.stringify(json);
  return { 'x-api-key': till.id, 'x-kork-signature': signBody(till.secret, body) };
}

let accounts = 0;
export async function freshAccount(role: Role = 'user'): Promise<Account> {
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

export async function ok<T>(answer: Promise<{ status: number; payload: T; error?: unknown }>): Promise<T> {
  const { status, payload, error } = await answer;
  if (status >= 300) throw new Error(`fixture call failed: ${status} ${JSON.stringify(error)}`);
  return payload;
}

/** A supplier's wine a business can order now: its price and stock, and the supplier's minimum order. */
export interface MarketOffer {
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
export async function nextOffer(): Promise<MarketOffer> {
  const offers = await orderableOffers();
  return offers[marketOffersTaken++ % offers.length] as MarketOffer;
}

/**
 * A checkout placed by a business of its own (its cellar's cart of one line), after which the queue's
 * consumer has mailed the supplier: nothing it does later changes the table under the test.
 */
export async function placedCheckout(
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
export async function linkToSupplier(account: Account, supplierId: string): Promise<void> {
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
export async function formBaseOf(key: RouteKey): Promise<Record<string, string>> {
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
