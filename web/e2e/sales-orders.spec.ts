import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInByApi } from './support/accounts';
import { type CellarSession, cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * Sales and orders in the browser: a sale takes bottles out of stock (and a refused one takes none),
 * deleting it puts them back; an order received in two goes brings them in, with its status following.
 */

test.describe.configure({ timeout: 180_000 });

interface OwnWine {
  id: string;
  quantity: number;
  purchasePriceWovat?: number;
}

async function stockOf(page: Page, session: CellarSession, id: string): Promise<number> {
  return (await cellarCall<OwnWine>(page.request, session, 'get', `/own-wines/${id}`)).quantity;
}

async function expectAxeClean(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations, `${where}: ${JSON.stringify(results.violations, null, 2)}`).toEqual([]);
}

/** The wine's bottles as the inventory table on the cellar's wines page shows them. */
async function expectBottlesOnWinesPage(page: Page, name: string, bottles: number) {
  await page.goto(`/wine-cellar/wines?q=${encodeURIComponent(name)}`);
  const row = page
    .getByRole('table', { name: 'Wines in your cellar' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row.getByRole('cell', { name: String(bottles), exact: true })).toBeVisible();
}

async function expectHistoryEntry(page: Page, name: string, text: string | RegExp) {
  await page.goto(`/wine-cellar/history?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId('history-event').filter({ hasText: text }).first()).toBeVisible();
}

test('a sale takes bottles out, a refused one takes none, deleting it puts them back; an order comes in twice', async ({
  page,
}) => {
  const session = await cellarSession(page.request, DEMO.restaurant);
  const suffix = Date.now().toString(36);
  const shelf = `Sales shelf ${suffix}`;
  const location = await cellarCall<{ id: string }>(page.request, session, 'post', '/locations', {
    name: shelf,
  });
  const name = `Sale check ${suffix}`;
  const wine = await cellarCall<OwnWine>(page.request, session, 'post', '/own-wines', {
    source: 'CUSTOM',
    wineName: name,
    vintage: 2019,
    bottleSize: 0.75,
    quantity: 5,
    locationId: location.id,
    sellingPrice: 45_000,
    purchasePriceWovat: 10_000,
  });
  await signInByApi(page, DEMO.restaurant);

  // — A sale of 2 bottles —
  await page.goto('/wine-cellar/sales');
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAxeClean(page, 'sales page');

  await page.getByRole('button', { name: 'Record sale' }).click();
  let dialog = page.getByRole('dialog', { name: 'Record sale' });
  await dialog.getByRole('searchbox', { name: 'Add a wine from your cellar' }).fill(name);
  await dialog.getByRole('button', { name: new RegExp(`^Add ${name}`) }).click();
  const line = dialog.getByTestId('sale-line');
  await expect(line.getByRole('textbox', { name: 'Price per bottle' })).toHaveValue('450.00');
  await line.getByRole('textbox', { name: 'Bottles' }).fill('2');
  await expect(line.getByTestId('sale-line-total')).toContainText('900.00');
  await dialog.getByRole('textbox', { name: 'Distributor' }).fill('Vinmonopolet');
  await expectAxeClean(page, 'record sale form');
  await dialog.getByRole('button', { name: 'Record sale' }).click();
  await expect(page.getByText('Sale recorded')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await stockOf(page, session, wine.id)).toBe(3);
  await expectBottlesOnWinesPage(page, name, 3);
  await expectHistoryEntry(page, name, `Sold 2 bottles from ${shelf}`);

  // — More than the stock: refused, with the reason beside the form, and nothing changes —
  await page.goto('/wine-cellar/sales');
  await page.getByRole('button', { name: 'Record sale' }).click();
  dialog = page.getByRole('dialog', { name: 'Record sale' });
  await dialog.getByRole('searchbox', { name: 'Add a wine from your cellar' }).fill(name);
  await dialog.getByRole('button', { name: new RegExp(`^Add ${name}`) }).click();
  await dialog.getByTestId('sale-line').getByRole('textbox', { name: 'Bottles' }).fill('10');
  await dialog.getByRole('button', { name: 'Record sale' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'The sale was not recorded' })).toBeVisible();
  await expect(dialog.getByTestId('sale-line').getByRole('textbox', { name: 'Bottles' })).toHaveValue('10');
  expect(await stockOf(page, session, wine.id)).toBe(3);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // — Deleting the sale puts the bottles back —
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(name);
  await expect(page.getByTestId('sales-total-count')).toHaveText('1');
  await page.getByRole('table').getByRole('button').first().click();
  const detail = page.getByRole('dialog', { name: /^Sale of / });
  await expect(detail.getByText(`2 bottles at NOK 450.00 from ${shelf}`)).toBeVisible();
  await detail.getByRole('button', { name: 'Delete sale' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this sale?' })
    .getByRole('button', { name: 'Delete sale' })
    .click();
  await expect(page.getByText('Sale deleted, bottles back in stock')).toBeVisible();
  expect(await stockOf(page, session, wine.id)).toBe(5);
  await expectBottlesOnWinesPage(page, name, 5);

  // — An order of 6, received 2 and then the rest —
  await page.goto('/wine-cellar/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAxeClean(page, 'orders page');
  await page.getByRole('button', { name: 'New order' }).click();
  dialog = page.getByRole('dialog', { name: 'New order' });
  await dialog.getByRole('textbox', { name: 'Order ID' }).fill(`PO-${suffix}`);
  await dialog.getByRole('textbox', { name: 'Supplier' }).fill('Vinimport AS');
  await dialog.getByRole('searchbox', { name: 'Find a wine in your cellar' }).fill(name);
  await dialog.getByRole('button', { name: new RegExp(`^Add ${name}`) }).click();
  const orderLine = dialog.getByTestId('order-form-line');
  await expect(orderLine.getByRole('textbox', { name: 'Cost per bottle ex VAT' })).toHaveValue('100.00');
  await orderLine.getByRole('textbox', { name: 'Bottles' }).fill('6');
  await orderLine.getByRole('textbox', { name: 'Cost per bottle ex VAT' }).fill('120');
  await dialog.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByText('Order created')).toBeVisible();

  const order = page.getByRole('dialog', { name: `Order PO-${suffix}` });
  await expect(order.getByTestId('order-status')).toContainText('Draft');
  await order.getByRole('button', { name: 'Receive' }).click();
  let receive = page.getByRole('dialog', { name: 'Receive bottles' });
  await receive.getByRole('combobox', { name: 'Into location' }).click();
  await page.getByRole('option', { name: shelf }).click();
  await receive.getByText('Some bottles').click();
  await receive.getByRole('textbox', { name: `Bottles of ${name} 2019 to receive` }).fill('2');
  // 5 bottles at 100 and 2 at 120: 105.71 a bottle.
  await expect(receive.getByTestId('receive-average')).toHaveText('NOK 105.71');
  await expectAxeClean(page, 'receive dialog');
  await receive.getByRole('button', { name: 'Receive bottles' }).click();
  await expect(page.getByText('Bottles received; the rest is still to come')).toBeVisible();
  await expect(order.getByTestId('order-status')).toContainText('Partly received');
  expect(await stockOf(page, session, wine.id)).toBe(7);

  await order.getByRole('button', { name: 'Receive' }).click();
  receive = page.getByRole('dialog', { name: 'Receive bottles' });
  await receive.getByRole('combobox', { name: 'Into location' }).click();
  await page.getByRole('option', { name: shelf }).click();
  await receive.getByRole('button', { name: 'Receive bottles' }).click();
  await expect(page.getByText('Order received', { exact: true })).toBeVisible();
  await expect(order.getByTestId('order-status')).toContainText(/^Received/);
  expect(await stockOf(page, session, wine.id)).toBe(11);
  await expectHistoryEntry(page, name, `Received 2 at NOK 120.00 into ${shelf}`);
});

test('both pages fit a 360 px phone and speak Norwegian', async ({ page }) => {
  await chooseLanguage(page.context(), 'nb');
  await signInByApi(page, DEMO.restaurant);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 780 });
    await page.goto('/wine-cellar/sales');
    await expect(page.getByRole('heading', { name: 'Salg', level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSidewaysScroll(page, `sales at ${width} px`);
    await page.getByRole('button', { name: 'Registrer salg' }).click();
    await expect(page.getByRole('dialog', { name: 'Registrer salg' })).toBeVisible();
    await expectNoSidewaysScroll(page, `record sale at ${width} px`);
    await page.keyboard.press('Escape');

    await page.goto('/wine-cellar/orders');
    await expect(page.getByRole('heading', { name: 'Bestillinger', level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSidewaysScroll(page, `orders at ${width} px`);
  }
  await expectAxeClean(page, 'orders page in Norwegian on a phone');
  await page.goto('/wine-cellar/sales');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAxeClean(page, 'sales page in Norwegian on a phone');
});
