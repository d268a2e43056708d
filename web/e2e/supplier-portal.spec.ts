import type { Cart, CartItemAdded, CheckoutResult, SupplierPortal, SupplierWine } from '@kork/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { API_HEADERS, DEMO, signInByApi } from './support/accounts';
import { expectAxeClean, settled } from './support/axe';
import { type CellarSession, cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * The demo importer's own page, in Norwegian: a restaurant has just ordered one of its wines through the
 * marketplace; the importer opens the order from its inbox and confirms it, then changes a wine's price
 * and stock in its price list, which buyers see at once. Axe finds nothing serious; a 360 px phone never
 * scrolls sideways.
 */

test.describe.configure({ timeout: 120_000 });

const authorized = (session: CellarSession) => ({ ...API_HEADERS, authorization: `Bearer ${session.token}` });

async function api<T>(
  request: APIRequestContext,
  session: CellarSession,
  method: 'get' | 'post' | 'delete',
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await request[method](`/api${path}`, {
    headers: { ...authorized(session), ...headers },
    data,
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/** The restaurant orders `wine` from the importer's supplier through its cart (the API, as the cart page does). */
async function restaurantOrders(request: APIRequestContext, portal: SupplierPortal, wine: SupplierWine) {
  const restaurant = await cellarSession(request, DEMO.restaurant);
  const cellars = await cellarCall<{ rows: { id: string }[] }>(request, restaurant, 'get', '/cellars');
  const cellarId = cellars.rows[0]?.id as string;
  const cartPath = `/wine-cellars/cellars/${cellarId}/nbs/cart-items`;
  const before = await api<Cart>(request, restaurant, 'get', cartPath);
  for (const line of before.groups.flatMap((group) => group.lines))
    await api(request, restaurant, 'delete', `${cartPath}/${line.id}`);
  const price = wine.horecaPriceMinor ?? 1;
  const quantity = Math.max(2, Math.ceil(portal.supplier.minimumOrderMinor / price));
  const added = await api<CartItemAdded>(request, restaurant, 'post', cartPath, {
    supplierId: wine.supplierId,
    wineId: wine.wineId,
    quantity,
  });
  const placed = await api<CheckoutResult>(
    request,
    restaurant,
    'post',
    `/wine-cellars/cellars/${cellarId}/nbs/checkout`,
    {
      billing: {
        organizationNumber: '987654325',
        invoiceMethod: 'email',
        invoiceEmail: 'faktura@restaurant.example',
        name: 'Fjord Bistro AS',
        street: 'Bryggen 1',
        postalCode: '5003',
        city: 'Bergen',
      },
      delivery: { recipient: 'Fjord Bistro', street: 'Bryggen 1', postalCode: '5003', city: 'Bergen' },
      version: added.version,
    },
    { 'Idempotency-Key': `portal-${Date.now()}` },
  );
  expect(placed.orders).toHaveLength(1);
  return { restaurant, order: placed.orders[0] };
}

test('the demo importer answers an order and changes a price and a stock on its supplier page', async ({
  page,
}) => {
  const importer = await cellarSession(page.request, DEMO.importer);
  const portal = await api<SupplierPortal>(page.request, importer, 'get', '/supplier-portal');
  const list = await api<{ rows: SupplierWine[] }>(
    page.request,
    importer,
    'get',
    '/supplier-portal/price-list?resultsPerPage=100',
  );
  const [ordered, edited] = list.rows.filter(
    (wine) =>
      (wine.stock ?? 0) >= Math.ceil(portal.supplier.minimumOrderMinor / (wine.horecaPriceMinor ?? 1)) + 2 &&
      wine.availability === 'inStock',
  );
  expect(ordered, 'a wine in stock').toBeDefined();
  expect(edited, 'another wine in stock').toBeDefined();
  const { restaurant } = await restaurantOrders(page.request, portal, ordered as SupplierWine);

  await chooseLanguage(page.context(), 'nb');
  await signInByApi(page, DEMO.importer);
  await page.goto('/feed');
  await page.getByRole('button', { name: /^Kontomeny for/ }).click();
  await page.getByRole('link', { name: 'Din leverandørside' }).click();
  await expect(page).toHaveURL(/\/supplier-portal$/);
  await expect(page.getByRole('heading', { level: 1, name: portal.supplier.name })).toBeVisible();
  await expect(page.getByText(/venter på svaret ditt/).first()).toBeVisible();
  await settled(page);
  await expectAxeClean(page, 'the supplier page’s orders');

  // — The waiting order, answered —
  const waiting = page.getByRole('region', { name: /Venter på svaret ditt/ });
  await waiting
    .getByTestId('portal-order')
    .first()
    .getByRole('button', { name: /^Åpne bestillingen fra/ })
    .click();
  await settled(page);
  await page.getByRole('button', { name: 'Bekreft alle' }).click();
  await expectAxeClean(page, 'an order’s answer form');
  await page.getByRole('button', { name: 'Send svar' }).click();
  await expect(page.getByText('Svaret ditt er sendt. Kjøperen har fått beskjed.')).toBeVisible();
  await page.getByRole('button', { name: 'Tilbake til bestillingene' }).click();
  await expect(
    page
      .getByRole('region', { name: /^Besvart/ })
      .getByTestId('portal-order')
      .first(),
  ).toBeVisible();

  // — A price and a stock —
  await page.getByRole('tab', { name: 'Prisliste og lager' }).click();
  await expect(page).toHaveURL(/tab=price-list/);
  await page.getByRole('searchbox', { name: 'Søk i vinene dine' }).fill((edited as SupplierWine).name);
  await settled(page);
  const row = page
    .getByTestId('price-row')
    .filter({ hasText: (edited as SupplierWine).name })
    .first();
  await row.getByRole('textbox', { name: /^Pris eks\. mva\. for/ }).fill('345,50');
  await row.getByRole('textbox', { name: /^Lager for/ }).fill('7');
  await expectAxeClean(page, 'the price list');
  await page.getByRole('button', { name: 'Lagre endringer' }).click();
  await expect(page.getByText('1 vin lagret')).toBeVisible();
  await expect(row.getByText('Få på lager')).toBeVisible();

  const seen = await api<{ rows: SupplierWine[] }>(
    page.request,
    restaurant,
    'get',
    `/wines/${(edited as SupplierWine).wineId}/suppliers`,
  );
  expect(seen.rows.find((row) => row.supplierId === portal.supplier.id)).toMatchObject({
    horecaPriceMinor: 34_550,
    stock: 7,
    availability: 'lowStock',
  });

  // — A 360 px phone —
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page, 'the price list at 360 px');
  await page.getByRole('tab', { name: 'Bestillinger' }).click();
  await settled(page);
  await expectNoSidewaysScroll(page, 'the orders at 360 px');

  // — Buyers' view of the supplier —
  await page.getByRole('link', { name: 'Se siden din slik kjøperne ser den' }).click();
  await expect(page.getByRole('heading', { level: 1, name: portal.supplier.name })).toBeVisible();
});

test('an account linked to no supplier is told so', async ({ page }) => {
  await chooseLanguage(page.context(), 'nb');
  await signInByApi(page, DEMO.restaurant);
  await page.goto('/supplier-portal');
  await expect(page.getByText('Denne kontoen er ikke koblet til en leverandør')).toBeVisible();
  await expectAxeClean(page, 'the supplier page of an unlinked account');
});

test('an admin turns order import on for a supplier and sees its linked account', async ({ page }) => {
  const importer = await cellarSession(page.request, DEMO.importer);
  const portal = await api<SupplierPortal>(page.request, importer, 'get', '/supplier-portal');
  await chooseLanguage(page.context(), 'nb');
  await signInByApi(page, DEMO.admin);
  await page.goto('/feed');
  await page.getByRole('button', { name: /^Kontomeny for/ }).click();
  await page.getByRole('link', { name: 'Markedsplassens leverandører' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leverandører' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Søk etter leverandører' }).fill(portal.supplier.name);
  await settled(page);
  const row = page.getByTestId('admin-supplier').filter({ hasText: portal.supplier.name }).first();
  await expect(row.getByText('Konto koblet')).toBeVisible();
  await row.getByRole('button', { name: `Administrer ${portal.supplier.name}` }).click();
  const panel = row.getByTestId('supplier-admin-panel');
  const orderImport = panel.getByRole('switch', { name: 'Ordreimport' });
  await expect(orderImport).not.toBeChecked();
  await expect(panel.getByText('Må aktiveres')).toBeVisible();
  await expectAxeClean(page, 'the admin’s suppliers');
  await orderImport.click({ force: true });
  await expect(panel.getByText('Aktiv', { exact: true })).toBeVisible();
  await expect(panel.getByText('Koblet til importer@kork.local')).toBeVisible();
  await expect(orderImport).toBeChecked();

  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page, 'the admin’s suppliers at 360 px');
  // Turned off again, as the demo data has it.
  await orderImport.click({ force: true });
  await expect(panel.getByText('Må aktiveres')).toBeVisible();
});
