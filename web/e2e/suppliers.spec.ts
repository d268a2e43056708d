import type { CartSummary, Supplier, SupplierSummary, SupplierWine } from '@kork/shared';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { API_HEADERS, DEMO, signInByApi } from './support/accounts';
import { expectAxeClean, settled } from './support/axe';
import { type CellarSession, cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * The marketplace's suppliers as visitors and businesses see them: the list and a profile (prices for
 * professional accounts only), the feed filtered by a supplier, a wine added to the cart from its page's
 * suppliers, and the supplier's order link refusing a token that is no link. Phones and axe on the way.
 */

test.describe.configure({ timeout: 90_000 });

const authorized = (session?: CellarSession) =>
  session ? { ...API_HEADERS, authorization: `Bearer ${session.token}` } : API_HEADERS;

async function apiGet<T>(request: APIRequestContext, path: string, session?: CellarSession): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: authorized(session) });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

/** The supplier with the most wines, and one of its wines in stock. */
async function busySupplier(
  request: APIRequestContext,
  session?: CellarSession,
): Promise<{ supplier: Supplier; wine: SupplierWine }> {
  const list = await apiGet<{ rows: SupplierSummary[] }>(
    request,
    '/suppliers?sort=wines&resultsPerPage=5',
    session,
  );
  const top = list.rows[0] as SupplierSummary;
  const supplier = await apiGet<Supplier>(
    request,
    `/suppliers/${encodeURIComponent(top.id)}?resultsPerPage=50`,
    session,
  );
  const wine = supplier.wines.find((offer) => offer.availability === 'inStock') ?? supplier.wines[0];
  expect(wine, 'a wine of the supplier').toBeTruthy();
  return { supplier, wine: wine as SupplierWine };
}

test('a visitor sees the suppliers and a profile without prices, for professional accounts', async ({
  page,
}) => {
  const { supplier } = await busySupplier(page.request);
  await page.goto('/suppliers');
  await expect(page.getByRole('heading', { name: 'Suppliers', level: 1 })).toBeVisible();
  await expect(page.getByTestId('supplier-card').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search suppliers' }).fill(supplier.name);
  const card = page.getByTestId('supplier-card').filter({ hasText: supplier.name }).first();
  await expect(card).toBeVisible();
  await expectAxeClean(page, 'suppliers, visitor');
  await card.click();

  await expect(page.getByRole('heading', { name: supplier.name, level: 1 })).toBeVisible();
  await expect(page.getByText(supplier.organizationNumber)).toBeVisible();
  await expect(page.getByTestId('supplier-offer').first()).toBeVisible();
  await expect(page.getByText('Prices and ordering for professional accounts')).toBeVisible();
  await expect(page.getByText('For professional accounts').first()).toBeVisible();
  await expect(page.getByTestId('horeca-price')).toHaveCount(0);
  await settled(page);
  await expectAxeClean(page, 'supplier profile, visitor');

  await page.goto('/suppliers/sup-no-such-supplier');
  await expect(page.getByRole('heading', { name: 'Supplier not found', level: 1 })).toBeVisible();
});

test('the demo restaurant sees prices, filters the feed by a supplier and adds a wine from its page', async ({
  page,
}) => {
  const session = await cellarSession(page.request, DEMO.restaurant);
  const { supplier, wine } = await busySupplier(page.request, session);
  await signInByApi(page, DEMO.restaurant);

  // — The profile with prices ex VAT —
  await page.goto(`/suppliers/${encodeURIComponent(supplier.id)}`);
  await expect(page.getByRole('heading', { name: supplier.name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('horeca-price').first()).toContainText('ex VAT');
  await expect(page.getByText('Prices and ordering for professional accounts')).toHaveCount(0);

  // — The feed by that supplier: every row comes from it —
  await page.goto('/feed');
  const filters = page.locator('fieldset').filter({ has: page.getByText('Supplier', { exact: true }) });
  await filters.getByRole('searchbox', { name: 'Search suppliers' }).fill(supplier.name);
  const checkbox = filters.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(supplier.name)}`) });
  await checkbox.click();
  await expect(page).toHaveURL(new RegExp(`nbsSuppliers=${escapeRegExp(encodeURIComponent(supplier.id))}`));
  await settled(page);
  // The filtered answer has replaced the unfiltered list once the count is the supplier's.
  const filtered = await apiGet<{ count: number }>(
    page.request,
    `/wines?nbsSuppliers=${encodeURIComponent(supplier.id)}&resultsPerPage=1`,
    session,
  );
  await expect(page.getByTestId('wine-count')).toHaveText(
    new RegExp(`^${escapeRegExp(new Intl.NumberFormat('en-GB').format(filtered.count))} wines?$`),
  );
  const links = page.locator('article h3 a');
  await expect(links.first()).toBeVisible();
  const hrefs = (
    await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))
  ).slice(0, 5);
  for (const href of hrefs) {
    const wineId = decodeURIComponent(href.replace(/^\/wines\//, ''));
    const offers = await apiGet<{ rows: SupplierWine[] }>(
      page.request,
      `/wines/${encodeURIComponent(wineId)}/suppliers`,
      session,
    );
    expect(
      offers.rows.map((offer) => offer.supplierId),
      `${wineId} is offered by ${supplier.id}`,
    ).toContain(supplier.id);
  }

  // The row's "Add to cart" lists the wine's suppliers.
  await page
    .locator('article')
    .first()
    .getByRole('button', { name: /from a supplier$/ })
    .click();
  await expect(page.getByTestId('feed-offer').filter({ hasText: supplier.name })).toBeVisible();
  await page.keyboard.press('Escape');

  // — A wine added from its page's suppliers raises the cart —
  const cellars = await cellarCall<{ rows: { id: string }[] }>(page.request, session, 'get', '/cellars');
  const summaryPath = `/wine-cellars/cellars/${cellars.rows[0]?.id}/nbs/cart-items/summary`;
  const before = await apiGet<CartSummary>(page.request, summaryPath, session);
  await page.goto(`/wines/${encodeURIComponent(wine.wineId)}`);
  const panel = page.getByTestId('wine-availability');
  await expect(panel.getByRole('heading', { name: 'Order from a supplier' })).toBeVisible();
  const offer = panel.getByTestId('supplier-offer').filter({ hasText: supplier.name });
  await expect(offer.getByTestId('horeca-price')).toContainText('ex VAT');
  await offer.getByRole('textbox', { name: `Quantity of ${wine.name}` }).fill('2');
  await offer.getByRole('button', { name: `Add ${wine.name} to cart` }).click();
  await expect
    .poll(async () => (await apiGet<CartSummary>(page.request, summaryPath, session)).totalCartQuantity)
    .toBe(before.totalCartQuantity + 2);
  await settled(page);
  await expectAxeClean(page, 'wine page with its suppliers');
});

test('the supplier link page refuses a token that is no link', async ({ page }) => {
  await page.goto('/supplier-order#t=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'This link does not work', level: 1 })).toBeVisible();
  await expect(page.getByTestId('supplier-link-problem')).toContainText('This order link is not valid');
  await expectAxeClean(page, 'supplier link, invalid');

  await page.goto('/supplier-order');
  await expect(page.getByRole('heading', { name: 'No order in this link', level: 1 })).toBeVisible();
});

test('on a 360 px phone in Norwegian, the suppliers, a profile and the link page fit', async ({
  page,
  context,
}) => {
  await chooseLanguage(context, 'nb');
  await page.setViewportSize({ width: 360, height: 740 });
  const { supplier } = await busySupplier(page.request);

  await page.goto('/suppliers');
  await expect(page.getByRole('heading', { name: 'Leverandører', level: 1 })).toBeVisible();
  await expect(page.getByTestId('supplier-card').first()).toBeVisible();
  await settled(page);
  await expectNoSidewaysScroll(page, '/suppliers');
  await expectAxeClean(page, 'suppliers, nb, phone');

  await page.goto(`/suppliers/${encodeURIComponent(supplier.id)}`);
  await expect(page.getByRole('heading', { name: supplier.name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('supplier-offer').first()).toBeVisible();
  await settled(page);
  await expectNoSidewaysScroll(page, 'supplier profile');
  await expectAxeClean(page, 'supplier profile, nb, phone');

  await page.goto('/supplier-order#t=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Denne lenken virker ikke', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page, 'supplier link');
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
