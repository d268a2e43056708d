import type { Cart, CheckoutResult, Order, Supplier, SupplierSummary, SupplierWine } from '@kork/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { API_HEADERS, DEMO, newestMailTo, signInByApi } from './support/accounts';
import { expectAxeClean, settled } from './support/axe';
import { type CellarSession, cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * The trade marketplace's main journey: the demo restaurant fills its cart from four suppliers (one
 * wine through a supplier's page, where more than the stock is refused), one of them below its minimum
 * order; checkout names that supplier's problem under it and places the three that can go (a §8
 * message first), and each of them gets its order by mail, named by its number. One supplier confirms from its link, another changes a line's bottles, the third has not
 * answered; the restaurant sees all three on its orders page and receives the confirmed one.
 */

test.describe.configure({ timeout: 180_000 });

interface Pick {
  supplier: Supplier;
  wine: SupplierWine;
  quantity: number;
}

const authorized = (session: CellarSession) => ({ ...API_HEADERS, authorization: `Bearer ${session.token}` });

async function apiGet<T>(request: APIRequestContext, session: CellarSession, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: authorized(session) });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

async function apiSend<T>(
  request: APIRequestContext,
  session: CellarSession,
  method: 'post' | 'delete',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](`/api${path}`, { headers: authorized(session), data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/**
 * Three suppliers without an importer account, each with a wine in stock and the bottles that reach its
 * minimum order (the one answering with a change gets at least 6, so 2 can come off).
 */
async function pickSuppliers(request: APIRequestContext, session: CellarSession): Promise<Pick[]> {
  const list = await apiGet<{ rows: SupplierSummary[] }>(
    request,
    session,
    '/suppliers?sort=wines&resultsPerPage=12',
  );
  const picks: Pick[] = [];
  for (const summary of list.rows) {
    if (summary.hasAccount || picks.length === 3) continue;
    // The first page of its wines as the supplier's page shows them (20 a page).
    const supplier = await apiGet<Supplier>(
      request,
      session,
      `/suppliers/${encodeURIComponent(summary.id)}?page=1&resultsPerPage=20`,
    );
    const least = picks.length === 1 ? 6 : 1;
    const candidates = supplier.wines
      .filter((wine) => wine.availability !== 'outOfStock' && wine.horecaPriceMinor && wine.stock)
      .map((wine) => ({
        wine,
        quantity: Math.max(least, Math.ceil(supplier.minimumOrderMinor / (wine.horecaPriceMinor ?? 1))),
      }))
      .filter(({ wine, quantity }) => quantity <= (wine.stock ?? 0) && quantity <= 60)
      .sort((a, b) => a.quantity - b.quantity);
    const best = candidates[0];
    if (best) picks.push({ supplier, wine: best.wine, quantity: best.quantity });
  }
  expect(picks, 'three suppliers with a wine to order').toHaveLength(3);
  return picks;
}

/**
 * A fourth supplier whose minimum order one bottle of a wine in stock does not reach: its part of the
 * cart cannot go, the others can.
 */
async function pickBelowMinimum(
  request: APIRequestContext,
  session: CellarSession,
  taken: readonly Pick[],
): Promise<Pick> {
  const list = await apiGet<{ rows: SupplierSummary[] }>(
    request,
    session,
    '/suppliers?sort=wines&resultsPerPage=50',
  );
  for (const summary of list.rows) {
    if (taken.some((pick) => pick.supplier.id === summary.id) || summary.minimumOrderMinor <= 0) continue;
    const supplier = await apiGet<Supplier>(
      request,
      session,
      `/suppliers/${encodeURIComponent(summary.id)}?page=1&resultsPerPage=20`,
    );
    const wine = supplier.wines.find(
      (w) =>
        (w.stock ?? 0) > 0 &&
        (w.horecaPriceMinor ?? 0) > 0 &&
        (w.horecaPriceMinor ?? 0) < supplier.minimumOrderMinor,
    );
    if (wine) return { supplier, wine, quantity: 1 };
  }
  throw new Error('No supplier whose minimum one bottle does not reach');
}

function supplierLink(text: string): string {
  const match = text.match(/https?:\/\/\S+\/supplier-order#t=\S+/);
  if (!match) throw new Error(`No supplier link in: ${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.hash}`;
}

test('a restaurant orders from three suppliers, which confirm, change or have not answered; the confirmed order is received', async ({
  page,
}) => {
  const session = await cellarSession(page.request, DEMO.restaurant);
  const cellars = await cellarCall<{ rows: { id: string }[] }>(page.request, session, 'get', '/cellars');
  const cellarId = cellars.rows[0]?.id as string;
  const cartPath = `/wine-cellars/cellars/${cellarId}/nbs/cart-items`;
  // A cart left by an earlier journey starts empty.
  const before = await apiGet<Cart>(page.request, session, cartPath);
  for (const line of before.groups.flatMap((group) => group.lines))
    await apiSend(page.request, session, 'delete', `${cartPath}/${line.id}`);

  const [first, second, third] = (await pickSuppliers(page.request, session)) as [Pick, Pick, Pick];
  const short = await pickBelowMinimum(page.request, session, [first, second, third]);
  const shelf = `Marketplace shelf ${Date.now().toString(36)}`;
  await cellarCall(page.request, session, 'post', '/locations', { name: shelf });
  await signInByApi(page, DEMO.restaurant);

  // — One wine through the supplier's page, two through the API —
  await page.goto(`/suppliers/${encodeURIComponent(first.supplier.id)}`);
  await expect(page.getByRole('heading', { name: first.supplier.name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('supplier-offer').first()).toBeVisible();
  // By its link: a supplier may offer two bottle sizes of one name.
  const offer = page
    .getByTestId('supplier-offer')
    .filter({ has: page.locator(`a[href="/wines/${encodeURIComponent(first.wine.wineId)}"]`) });
  // The HORECA price says how much of it is duties (the demo catalogue knows every wine's alcohol).
  const duties = first.wine.duties;
  if (!duties?.known) throw new Error(`no duties for ${first.wine.wineId}`);
  // The page shows the restaurant's currency (NOK); the journey's API calls answer in the default one.
  const dutiesAmount = new Intl.NumberFormat('en', { style: 'currency', currency: 'NOK' })
    .format(duties.totalMinor / 100)
    .replace(/\s/g, ' ');
  await expect(offer.getByTestId('duties-line')).toHaveText(
    new RegExp(`^of which duties ${escapeRegExp(dutiesAmount).replace(/ /g, '\\s')}`),
  );
  // More than the supplier has: refused on the spot with the stock, and no "Success!".
  const quantity = offer.getByRole('textbox', { name: `Quantity of ${first.wine.name}` });
  await quantity.fill(String((first.wine.stock ?? 0) + 50));
  await offer.getByRole('button', { name: `Add ${first.wine.name} to cart` }).click();
  await expect(offer.getByRole('alert')).toHaveText(`Only ${first.wine.stock} in stock`);
  await expect(page.getByText(/^Success!/)).toHaveCount(0);
  await quantity.fill(String(first.quantity));
  await offer.getByRole('button', { name: `Add ${first.wine.name} to cart` }).click();
  await expect(
    page.getByText(new RegExp(`of ${escapeRegExp(first.wine.name)} added\\. Bottles in the cart:`)),
  ).toBeVisible();
  for (const pick of [second, third, short])
    await apiSend(page.request, session, 'post', cartPath, {
      supplierId: pick.supplier.id,
      wineId: pick.wine.wineId,
      quantity: pick.quantity,
    });
  const bottles = first.quantity + second.quantity + third.quantity + short.quantity;

  // — The cart: the navbar's count, four suppliers, one below its minimum; checkout stays open —
  await page.goto('/cart');
  await expect(page.getByRole('link', { name: `Cart, ${bottles} items` })).toBeVisible();
  await expect(page.getByTestId('cart-group')).toHaveCount(4);
  for (const pick of [first, second, third, short])
    await expect(page.getByRole('heading', { name: pick.supplier.name, level: 2 })).toBeVisible();
  await expect(page.getByTestId('below-minimum')).toHaveCount(1);
  await expect(page.getByTestId('cart-line').getByTestId('duties-line')).toHaveCount(4);
  await expect(page.getByTestId('checkout-blocked')).toHaveText(
    "1 supplier can't take its order as it is (see its part of the cart); the others can go.",
  );
  await expect(page.getByRole('button', { name: 'Go to checkout' })).toBeEnabled();
  await settled(page);
  await expectAxeClean(page, 'cart');

  // — Cart and checkout fit a 360 px phone —
  await page.setViewportSize({ width: 360, height: 780 });
  await settled(page);
  await expectNoSidewaysScroll(page, 'cart at 360 px');
  // The page's side padding: the title does not touch the screen's edge.
  const title = await page.getByRole('heading', { name: 'Cart', level: 1 }).boundingBox();
  expect(title?.x ?? 0).toBeGreaterThanOrEqual(12);
  await page.goto('/cart/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await settled(page);
  await expectNoSidewaysScroll(page, 'checkout at 360 px');
  expect(
    (await page.getByRole('heading', { name: 'Checkout', level: 1 }).boundingBox())?.x ?? 0,
  ).toBeGreaterThanOrEqual(12);
  await page.setViewportSize({ width: 1280, height: 800 });

  // — Checkout: a missing organization number and a wrong check digit are named, then the order goes —
  const billing = page.getByRole('group', { name: 'Billing' });
  const delivery = page.getByRole('group', { name: 'Delivery' });
  const organizationNumber = billing.getByRole('textbox', { name: 'Organization number' });
  await organizationNumber.fill('1');
  await organizationNumber.fill('');
  await expect(billing.getByText('Missing organization number')).toBeVisible();
  await organizationNumber.fill('123456789');
  await expect(
    billing.getByText('Not a valid organization number: the check digit does not match'),
  ).toBeVisible();
  await organizationNumber.fill('123 456 785');
  await expect(billing.getByText('Missing organization number')).toHaveCount(0);
  await expect(billing.getByText(/check digit/)).toHaveCount(0);
  await billing.getByRole('radio', { name: 'E-mail' }).check();
  await billing.getByRole('textbox', { name: 'Invoice e-mail' }).fill('faktura@restaurant.example');
  await billing.getByRole('textbox', { name: 'Name', exact: true }).fill('Demo Restaurant AS');
  await billing.getByRole('textbox', { name: 'Street address' }).fill('Karl Johans gate 1');
  await billing.getByRole('textbox', { name: 'Postal code' }).fill('0154');
  await billing.getByRole('textbox', { name: 'City' }).fill('Oslo');
  await delivery.getByRole('textbox', { name: 'Name or recipient' }).fill('Demo Restaurant, kitchen door');
  await delivery.getByRole('textbox', { name: 'Street address' }).fill('');
  await expect(delivery.getByText('Missing delivery address')).toBeVisible();
  await delivery.getByRole('textbox', { name: 'Street address' }).fill('Bakgården 3');
  await delivery.getByRole('textbox', { name: 'Postal code' }).fill('0155');
  await delivery.getByRole('textbox', { name: 'City' }).fill('Oslo');
  await expect(page.getByTestId('order-summary')).toContainText(third.supplier.name);
  // The supplier that cannot go is named with its problem under its own name; the buyer chooses to
  // place the three that can.
  const shortPart = page.getByTestId('summary-supplier').filter({ hasText: short.supplier.name });
  await expect(shortPart.getByTestId('supplier-problems')).toContainText(
    "Below the supplier's minimum order of",
  );
  await expect(page.getByTestId('supplier-problems')).toHaveCount(1);
  await expect(page.getByTestId('checkout-blocked')).toContainText(
    "1 supplier can't take its order as it is: its wines stay in your cart.",
  );
  await expect(page.getByRole('button', { name: 'Place order', exact: true })).toHaveCount(0);
  await expectAxeClean(page, 'checkout');
  await page.getByRole('button', { name: 'Place the 3 orders that can go' }).dblclick();

  // — The confirmation, also after a reload —
  await expect(page).toHaveURL(/\/cart\/confirmation\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Order placed', level: 1 })).toBeVisible();
  await expect(page.getByTestId('placed-order')).toHaveCount(3);
  await expect(page.getByText(/normally within 2–24 hours/)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('placed-order')).toHaveCount(3);
  await expect(page.getByTestId('kept-in-cart')).toContainText(
    'The wines of 1 supplier that could not take its order are still in your cart.',
  );
  await settled(page);
  await expectAxeClean(page, 'confirmation');
  // The navbar counts the bottle left in the cart.
  await expect(page.getByRole('link', { name: /^Cart, 1 items?$/ })).toBeVisible();
  const checkoutId = decodeURIComponent(page.url().split('/').pop() as string);
  const checkout = await apiGet<CheckoutResult>(
    page.request,
    session,
    `/wine-cellars/cellars/${cellarId}/nbs/checkouts/${encodeURIComponent(checkoutId)}`,
  );
  expect(checkout.orders).toHaveLength(3);
  const orderOf = (pick: Pick) =>
    checkout.orders.find((order) => order.marketplace?.supplierId === pick.supplier.id) as Order;

  // — The first supplier confirms from its mail's link; the mail names the order by its number —
  const firstMail = await newestMailTo(page.request, first.supplier.orderEmail);
  expect(firstMail.subject).toContain(`Order ${orderOf(first).orderId} from`);
  await page.goto(supplierLink(firstMail.text));
  await page.getByRole('button', { name: 'Confirm all' }).click();
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText('Your answer was sent. The buyer has been told.')).toBeVisible();

  // — The second changes its line's bottles —
  const secondMail = await newestMailTo(page.request, second.supplier.orderEmail);
  // Another link differs only after the '#': a fresh load, not a jump within the page.
  await page.goto('about:blank');
  await page.goto(supplierLink(secondMail.text));
  await page.getByText('Change', { exact: true }).first().click();
  await page.getByRole('textbox', { name: 'Bottles you deliver' }).fill(String(second.quantity - 2));
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText('Your answer was sent. The buyer has been told.')).toBeVisible();
  // The third got its mail and has not answered.
  await newestMailTo(page.request, third.supplier.orderEmail);

  // — The restaurant's orders: confirmed, changed, waiting —
  await page.goto('/wine-cellar/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  const rowOf = (pick: Pick) =>
    page
      .getByRole('table', { name: /orders?, newest first|bestillinger?, nyeste først/i })
      .getByRole('row')
      .filter({ hasText: pick.supplier.name })
      .first();
  await expect(rowOf(third)).toContainText('Waiting for supplier');
  await expect(rowOf(first)).not.toContainText('Waiting for supplier');

  await rowOf(second).getByRole('button').first().click();
  let detail = page.getByRole('dialog', { name: /^Order / });
  await expect(detail.getByTestId('line-answer')).toContainText(
    `Changed: ${second.quantity} → ${second.quantity - 2} bottles`,
  );
  await expect(detail.getByTestId('marketplace-facts')).toContainText('Bakgården 3, 0155 Oslo');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await rowOf(first).getByRole('button').first().click();
  detail = page.getByRole('dialog', { name: /^Order / });
  await expect(detail.getByTestId('line-answer')).toContainText('Confirmed');
  await expect(detail.getByTestId('order-status')).toContainText('Confirmed');
  await detail.getByRole('button', { name: 'Receive' }).click();
  const receive = page.getByRole('dialog', { name: 'Receive bottles' });
  await receive.getByRole('combobox', { name: 'Into location' }).click();
  await page.getByRole('option', { name: shelf }).click();
  await receive.getByRole('button', { name: 'Receive bottles' }).click();
  await expect(page.getByText('Order received', { exact: true })).toBeVisible();
  await expect(detail.getByTestId('order-status')).toContainText(/^Received/);

  // The bottles are in the cellar.
  const received = await cellarCall<Order>(page.request, session, 'get', `/orders/${orderOf(first).id}`);
  const line = received.products[0];
  expect(line?.received).toBe(first.quantity);
  const ownWine = await cellarCall<{ quantity: number }>(
    page.request,
    session,
    'get',
    `/own-wines/${line?.ownWineId}`,
  );
  expect(ownWine.quantity).toBeGreaterThanOrEqual(first.quantity);

  // — In Norwegian, the third order still waits for its supplier —
  await chooseLanguage(page.context(), 'nb');
  await page.goto('/wine-cellar/orders');
  await expect(page.getByRole('heading', { name: 'Bestillinger', level: 1 })).toBeVisible();
  await expect(rowOf(third)).toContainText('Venter på leverandør');
  // The supplier that could not go is still in the cart, below its minimum.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-group')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: short.supplier.name, level: 2 })).toBeVisible();
  await expect(page.getByTestId('below-minimum')).toContainText('Under leverandørens minste bestilling');
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
