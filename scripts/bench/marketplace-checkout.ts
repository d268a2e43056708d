/**
 * Marketplace checkout (docs/marketplace.md, Cart and checkout): a 60-line cart across 12 of the demo
 * catalogue's wholesalers (5 wines each, enough bottles to reach each supplier's minimum order), filled
 * through `POST …/nbs/cart-items` and placed through `POST …/nbs/checkout` on the local origin: 12 orders,
 * 12 supplier inbox entries, the emptied cart, the remembered details and the checkout record in one
 * transaction, then 12 placed messages. 20 runs after 2 warm-up runs; between runs the queue's consumer
 * finishes mailing the suppliers so it does not share the cores with the next checkout.
 *
 * Runs inside `npm run bench`, or alone: `npx tsx scripts/bench/marketplace-checkout.ts`.
 */

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CartItemAdded, CheckoutResult, LoginResult, Supplier, SupplierSummary } from '@kork/shared';
import { withApiOrigin } from './api-origin';
import type { BenchSection } from './catalog-search';

const SUPPLIERS = 12;
const WINES_PER_SUPPLIER = 5;
const RUNS = 20;
const WARM_UP = 2;
const BUDGET = { checkoutP95Ms: 2_000 };

const ms = (n: number) => `${n.toFixed(0)} ms`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

interface Line {
  supplierId: string;
  wineId: string;
  quantity: number;
}

/** Five wines in stock from each of the first twelve suppliers whose minimum order their lines reach. */
export async function cartLines(call: Caller): Promise<Line[]> {
  const list = await call<{ rows: SupplierSummary[] }>('GET', '/api/suppliers?sort=wines&resultsPerPage=200');
  const lines: Line[] = [];
  let suppliers = 0;
  for (const summary of list.rows) {
    if (suppliers === SUPPLIERS) break;
    const supplier = await call<Supplier>('GET', `/api/suppliers/${summary.id}?resultsPerPage=60`);
    const wines = supplier.wines.filter(
      (wine) => (wine.stock ?? 0) >= 24 && (wine.horecaPriceMinor ?? 0) > 0,
    );
    if (wines.length < WINES_PER_SUPPLIER) continue;
    const picked = wines.slice(0, WINES_PER_SUPPLIER);
    const perBottle = picked.reduce((sum, wine) => sum + (wine.horecaPriceMinor as number), 0);
    const quantity = Math.max(1, Math.ceil(supplier.minimumOrderMinor / perBottle));
    if (picked.some((wine) => quantity > (wine.stock as number))) continue;
    lines.push(...picked.map((wine) => ({ supplierId: supplier.id, wineId: wine.wineId, quantity })));
    suppliers++;
  }
  if (suppliers < SUPPLIERS)
    throw new Error(`only ${suppliers} suppliers offer ${WINES_PER_SUPPLIER} wines in stock`);
  return lines;
}

export type Caller = <T>(
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

export const billing = {
  organizationNumber: '987654325',
  invoiceMethod: 'email',
  invoiceEmail: 'faktura@example.no',
  name: 'Fjord Bistro AS',
  street: 'Bryggen 1',
  postalCode: '5003',
  city: 'Bergen',
};
export const delivery = {
  recipient: 'Fjord Bistro',
  street: 'Bryggen 1',
  postalCode: '5003',
  city: 'Bergen',
};

export async function benchMarketplaceCheckout(
  base: string,
  settle: () => Promise<void>,
): Promise<BenchSection> {
  const headers = { 'x-api-key': 'kork-local-web', 'content-type': 'application/json', 'x-currency': 'NOK' };
  const login = (await (
    await fetch(`${base}/api/auth/log-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'restaurant@kork.local', password: 'Restaurant1' }),
    })
  ).json()) as { payload: LoginResult };
  const auth = { ...headers, authorization: `Bearer ${login.payload.access_token}` };
  const call: Caller = async <T>(method: string, path: string, body?: unknown, extra = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...auth, ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (JSON.parse(text) as { payload: T }).payload;
  };
  const ownerId = login.payload.user.id;
  const cellars = await call<{ rows: { id: string }[] }>('GET', `/api/wine-cellars/users/${ownerId}/cellars`);
  const nbs = `/api/wine-cellars/cellars/${cellars.rows[0]?.id}/nbs`;
  const lines = await cartLines(call);

  const fills: number[] = [];
  const adds: number[] = [];
  const checkouts: number[] = [];
  let orders = 0;
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const fillStart = performance.now();
    let cart: CartItemAdded | undefined;
    for (const line of lines) {
      const addStart = performance.now();
      cart = await call<CartItemAdded>('POST', `${nbs}/cart-items`, line);
      if (run >= WARM_UP) adds.push(performance.now() - addStart);
    }
    const fillMs = performance.now() - fillStart;
    const start = performance.now();
    const result = await call<CheckoutResult>(
      'POST',
      `${nbs}/checkout`,
      { billing, delivery, version: cart?.version },
      { 'idempotency-key': `bench-${Date.now()}-${run}` },
    );
    const checkoutMs = performance.now() - start;
    if (result.orders.length !== SUPPLIERS) throw new Error(`${result.orders.length} orders placed`);
    if (run >= WARM_UP) {
      fills.push(fillMs);
      checkouts.push(checkoutMs);
      orders += result.orders.length;
    }
    await settle();
  }

  const p50 = percentile(checkouts, 50);
  const p95 = percentile(checkouts, 95);
  const failures = p95 > BUDGET.checkoutP95Ms ? ['marketplace checkout'] : [];
  return {
    title: 'Marketplace checkout',
    lines: [
      `## Marketplace checkout (${lines.length} lines, ${SUPPLIERS} suppliers)`,
      '',
      `The demo restaurant's cart of ${WINES_PER_SUPPLIER} wines from each of ${SUPPLIERS} of the catalogue's wholesalers (enough bottles to reach each minimum order), placed ${RUNS} times after ${WARM_UP} warm-up runs (${orders} orders in all); the queue's consumer mails the suppliers between runs.`,
      '',
      '| call | p50 | p95 |',
      '|---|---:|---:|',
      `| \`POST …/nbs/checkout\`: ${SUPPLIERS} orders, ${SUPPLIERS} inbox entries, the cart, the details and the checkout in one transaction, then ${SUPPLIERS} messages | **${ms(p50)}** | **${ms(p95)}** |`,
      `| \`POST …/nbs/cart-items\` (one line added to a cart of up to ${lines.length - 1}) | ${ms(percentile(adds, 50))} | ${ms(percentile(adds, 95))} |`,
      `| filling the cart (${lines.length} adds one after another) | ${ms(percentile(fills, 50))} | ${ms(percentile(fills, 95))} |`,
      '',
      `Budget: checkout p95 ≤ ${ms(BUDGET.checkoutP95Ms)} — ${failures.length === 0 ? 'within budget' : 'OVER BUDGET'}.`,
    ],
    failures,
    figures: {
      checkoutP50Ms: p50,
      checkoutP95Ms: p95,
      addP50Ms: percentile(adds, 50),
      fillP50Ms: percentile(fills, 50),
    },
  };
}

/** The section on a stack of its own: the demo accounts, the catalogue and its suppliers. */
export async function benchMarketplaceCheckoutAlone(): Promise<BenchSection> {
  const { applySeeds } = await import('@kork/functions/data/seed-runner');
  const { accountsSeed } = await import('@kork/functions/accounts/seed');
  const { catalogSeed } = await import('@kork/functions/catalog/seed');
  const { marketplaceSeed } = await import('@kork/functions/marketplace/seed');
  return withApiOrigin(
    async (base, stack) => {
      await applySeeds([accountsSeed, catalogSeed, marketplaceSeed]);
      return benchMarketplaceCheckout(base, () => stack.broker.idle());
    },
    { silent: true },
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const section = await benchMarketplaceCheckoutAlone();
  console.log(section.lines.join('\n'));
  if (section.failures.length > 0) console.error(`Over budget: ${section.failures.join(', ')}`);
}
