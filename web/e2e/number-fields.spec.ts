import type { Cart, StockCountSheet, SupplierSummary } from '@kork/shared';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { API_HEADERS, DEMO } from './support/accounts';
import { type CellarSession, cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * Every number field stores exactly what was typed, or refuses it with the rule's message beside it and
 * changes nothing: `1e9`, `1000000000`, `2.5`, `-1`, `abc` (and `1,5` in Norwegian) typed key by key into
 * the count sheet, the sale and order forms, the cart, a price rule, a recipe, a wine list's page setup and
 * the cellar's wine drawer, each read back from the API afterwards. The account signs in once; every form
 * gets its own test, its own data and its own page.
 */

test.describe.configure({ timeout: 90_000 });

let session: CellarSession;

test.beforeAll(async ({ request }) => {
  session = await cellarSession(request, DEMO.restaurant);
});

/** The page signed in with the one session (its token as the web app keeps it), in a language. */
async function signedIn(context: BrowserContext, language: 'en' | 'nb' = 'en'): Promise<void> {
  await context.addCookies([{ name: 'KORK_TOKEN', value: session.token, url: 'http://localhost' }]);
  await chooseLanguage(context, language);
}

const authorized = () => ({ ...API_HEADERS, authorization: `Bearer ${session.token}` });

async function api<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'delete',
  path: string,
  data?: unknown,
) {
  const response = await request[method](`/api${path}`, { headers: authorized(), data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

const NUMBER = 'Must be a number';
const WHOLE = 'Must be a whole number';
/** A business counts open bottles in tenths: one decimal, no more. */
const TENTHS = 'At most one decimal: tenths of an open bottle';
const between = (min: string, max: string) => `Must be between ${min} and ${max}`;

function escaped(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/** Types the text key by key over what the field held, as a person does. */
async function typeOver(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
}

/**
 * Types `text`, runs `submit` (the form's save, or nothing for a field that saves itself), and expects the
 * field to keep the text, be marked invalid and be described by the rule's message.
 */
async function expectRefused(
  field: Locator,
  text: string,
  message: string,
  submit?: () => Promise<void>,
): Promise<void> {
  await typeOver(field, text);
  if (submit) await submit();
  await expect(field, `"${text}" stays as typed`).toHaveValue(text);
  await expect(field, `"${text}" is marked invalid`).toHaveAttribute('aria-invalid', 'true');
  await expect(field, `"${text}" is refused with "${message}"`).toHaveAccessibleDescription(escaped(message));
}

/** A wine of the demo cellar made for one test, in a shelf of its own. */
async function aWine(
  request: APIRequestContext,
  label: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; name: string; locationId: string }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const shelf = await cellarCall<{ id: string }>(request, session, 'post', '/locations', {
    name: `${label} shelf ${suffix}`,
  });
  const name = `${label} ${suffix}`;
  const wine = await cellarCall<{ id: string }>(request, session, 'post', '/own-wines', {
    source: 'CUSTOM',
    wineName: name,
    vintage: 2019,
    bottleSize: 0.75,
    quantity: 5,
    locationId: shelf.id,
    sellingPrice: 45_000,
    purchasePriceWovat: 10_000,
    ...extra,
  });
  return { id: wine.id, name, locationId: shelf.id };
}

async function ownWine(request: APIRequestContext, id: string) {
  return cellarCall<{ quantity: number; sellingPrice?: number; vintage?: number }>(
    request,
    session,
    'get',
    `/own-wines/${id}`,
  );
}

test('count sheet: a typed figure is entered exactly or refused, and "All entries saved" only when it is', async ({
  page,
  context,
}) => {
  const wine = await aWine(page.request, 'Count check');
  const count = await cellarCall<{ id: string }>(page.request, session, 'post', '/stock-counts', {
    name: `Number check ${Date.now().toString(36)}`,
    locationIds: [wine.locationId],
  });
  const sheetLines = async () => {
    const answer = await cellarCall<StockCountSheet | { sheet: StockCountSheet }>(
      page.request,
      session,
      'get',
      `/stock-counts/${count.id}`,
    );
    return ('sheet' in answer ? answer.sheet : answer).lines;
  };
  const sheet = async () => (await sheetLines()).find((line) => line.ownWineId === wine.id);
  try {
    await signedIn(context);
    await page.goto(`/wine-cellar/stock-count/${encodeURIComponent(count.id)}`);
    const field = page.getByRole('textbox', { name: `Counted, ${wine.name} 2019`, exact: true });
    const status = page.getByRole('status').filter({ hasText: /saved|waiting|Saving/ });
    await expect(status).toHaveText('All entries saved');

    const refusals: [string, string][] = [
      ['1e9', NUMBER],
      ['1000000000', between('0', '100,000')],
      ['2.55', TENTHS],
      ['-1', between('0', '100,000')],
      ['abc', NUMBER],
    ];
    for (const [text, message] of refusals) {
      await expectRefused(field, text, message);
      await expect(status).toHaveText(/^1 figure not saved/);
      // Long past the pause after typing and the queue's send: nothing of it reached the count.
      await page.waitForTimeout(1_500);
      await expect(status).toHaveText(/^1 figure not saved/);
      expect((await sheet())?.counted, `"${text}" changes nothing`).toBeUndefined();
    }

    // A figure typed right is entered as typed, and only then is everything saved.
    await typeOver(field, '100000');
    await expect(status).toHaveText('All entries saved', { timeout: 10_000 });
    await expect.poll(async () => (await sheet())?.counted).toBe(100_000);
    // An open bottle's tenths, as typed.
    await typeOver(field, '2.5');
    await expect(status).toHaveText('All entries saved', { timeout: 10_000 });
    await expect.poll(async () => (await sheet())?.counted).toBe(2.5);
    await typeOver(field, '12');
    await expect(status).toHaveText('All entries saved', { timeout: 10_000 });
    await expect.poll(async () => (await sheet())?.counted).toBe(12);
    await page.reload();
    await expect(field).toHaveValue('12');

    // A wine found where the sheet did not expect it: its bottles are judged by the same rule.
    await page.getByRole('button', { name: 'Add extra wine' }).click();
    const extra = page.getByRole('dialog', { name: 'Add a wine found here' });
    await extra.getByLabel('Wine', { exact: true }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    const found = extra.getByRole('textbox', { name: 'Bottles found' });
    const add = () => extra.getByRole('button', { name: 'Add', exact: true }).click();
    // A wine found where the sheet did not expect it is added in whole bottles.
    const wholeRefusals = refusals.map(([text, message]): [string, string] =>
      text === '2.55' ? ['2.5', WHOLE] : [text, message],
    );
    for (const [text, message] of wholeRefusals) await expectRefused(found, text, message, add);
    await expect(extra).toBeVisible();
    await extra.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForTimeout(1_500);
    expect((await sheetLines()).length, 'no extra line was added').toBe(1);

    // In Norwegian "1,55" has a decimal too many, and "1,5" is one and a half bottles.
    await chooseLanguage(context, 'nb');
    await page.reload();
    const felt = page.getByRole('textbox', { name: `Telt, ${wine.name} 2019`, exact: true });
    await expectRefused(felt, '1,55', 'Høyst én desimal: tideler av en åpnet flaske');
    await expect(page.getByRole('status').filter({ hasText: /lagret/ })).toHaveText(/^1 tall er ikke lagret/);
    await page.waitForTimeout(1_500);
    expect((await sheet())?.counted).toBe(12);
    await typeOver(felt, '1,5');
    await expect.poll(async () => (await sheet())?.counted, { timeout: 10_000 }).toBe(1.5);
  } finally {
    await page.request.delete(`/api/wine-cellars/users/${session.userId}/stock-counts/${count.id}`, {
      headers: authorized(),
    });
  }
});

test('sale form: bottles typed are sold exactly or refused, and a refused sale takes none', async ({
  page,
  context,
}) => {
  const wine = await aWine(page.request, 'Sale number check');
  await signedIn(context);
  await page.goto('/wine-cellar/sales');
  await page.getByRole('button', { name: 'Record sale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record sale' });
  await dialog.getByRole('searchbox', { name: 'Add a wine from your cellar' }).fill(wine.name);
  await dialog.getByRole('button', { name: new RegExp(`^Add ${wine.name}`) }).click();
  const bottles = dialog.getByTestId('sale-line').getByRole('textbox', { name: 'Bottles' });
  const record = () => dialog.getByRole('button', { name: 'Record sale' }).click();
  for (const [text, message] of [
    ['1e9', NUMBER],
    ['1000000000', between('1', '10,000')],
    ['2.5', WHOLE],
    ['-1', between('1', '10,000')],
    ['abc', NUMBER],
  ] as const)
    await expectRefused(bottles, text, message, record);
  expect((await ownWine(page.request, wine.id)).quantity).toBe(5);

  await typeOver(bottles, '2');
  await record();
  await expect(page.getByText('Sale recorded')).toBeVisible();
  expect((await ownWine(page.request, wine.id)).quantity).toBe(3);
});

test('order form and receiving: bottles typed are ordered and received exactly or refused, and nothing changes for a refused one', async ({
  page,
  context,
}) => {
  const first = await aWine(page.request, 'Order number check');
  const second = await aWine(page.request, 'Order number check');
  const orderId = `PO-N-${Date.now().toString(36)}`;
  await signedIn(context);
  await page.goto('/wine-cellar/orders');
  await page.getByRole('button', { name: 'New order' }).click();
  const dialog = page.getByRole('dialog', { name: 'New order' });
  await dialog.getByRole('textbox', { name: 'Order ID' }).fill(orderId);
  await dialog.getByRole('textbox', { name: 'Supplier' }).fill('Vinimport AS');
  for (const wine of [first, second]) {
    await dialog.getByRole('searchbox', { name: 'Find a wine in your cellar' }).fill(wine.name);
    await dialog.getByRole('button', { name: new RegExp(`^Add ${wine.name}`) }).click();
  }
  const lines = dialog.getByTestId('order-form-line');
  const bottles = lines.filter({ hasText: first.name }).getByRole('textbox', { name: 'Bottles' });
  await lines.filter({ hasText: second.name }).getByRole('textbox', { name: 'Bottles' }).fill('3');
  const create = () => dialog.getByRole('button', { name: 'Create order' }).click();
  for (const [text, message] of [
    ['1e9', NUMBER],
    ['1000000000', between('1', '100,000')],
    ['2.5', WHOLE],
    ['-1', between('1', '100,000')],
    ['abc', NUMBER],
  ] as const)
    await expectRefused(bottles, text, message, create);
  const orders = async () =>
    (
      await cellarCall<{
        rows: { orderId: string; products: { units: number; received?: number }[] }[];
      }>(page.request, session, 'get', `/orders?q=${encodeURIComponent(orderId)}`)
    ).rows.filter((row) => row.orderId === orderId);
  expect(await orders()).toEqual([]);

  await typeOver(bottles, '100000');
  await create();
  await expect(page.getByText('Order created')).toBeVisible();
  const [order] = await orders();
  expect(order?.products.map((line) => line.units)).toEqual([100_000, 3]);

  // Receiving some: the figure of the line listed second is judged, and its message is shown at that
  // line even though the one above it is emptied (and so not sent).
  await page
    .getByRole('dialog', { name: `Order ${orderId}` })
    .getByRole('button', { name: 'Receive' })
    .click();
  const receive = page.getByRole('dialog', { name: 'Receive bottles' });
  await receive.getByText('Some bottles').click();
  const fields = receive.getByRole('textbox', { name: /^Bottles of .* to receive$/ });
  await expect(fields).toHaveCount(2);
  const units = fields.nth(1);
  // Nothing of the first line this time.
  await fields.nth(0).fill('');
  const confirm = () => receive.getByRole('button', { name: 'Receive bottles' }).click();
  for (const [text, message] of [
    ['1e9', NUMBER],
    ['2.5', WHOLE],
    ['-1', between('1', '100,000')],
    ['abc', NUMBER],
  ] as const)
    await expectRefused(units, text, message, confirm);
  await expect(fields.nth(0)).not.toHaveAttribute('aria-invalid', 'true');
  const [after] = await orders();
  expect(after?.products.map((line) => line.received ?? 0)).toEqual([0, 0]);
  expect((await ownWine(page.request, first.id)).quantity).toBe(5);
  expect((await ownWine(page.request, second.id)).quantity).toBe(5);
});

test('cart: a quantity typed is kept exactly or refused, and the cart keeps what it had', async ({
  page,
  context,
}) => {
  const cellars = await cellarCall<{ rows: { id: string }[] }>(page.request, session, 'get', '/cellars');
  const cartPath = `/wine-cellars/cellars/${cellars.rows[0]?.id}/nbs/cart-items`;
  const suppliers = await api<{ rows: SupplierSummary[] }>(
    page.request,
    'get',
    '/suppliers?sort=wines&resultsPerPage=5',
  );
  const supplier = await api<{ id: string; wines: { wineId: string; name: string; stock?: number }[] }>(
    page.request,
    'get',
    `/suppliers/${encodeURIComponent(suppliers.rows[0]?.id as string)}?page=1&resultsPerPage=20`,
  );
  const offer = supplier.wines.find((wine) => (wine.stock ?? 0) >= 3);
  expect(offer, 'a supplier wine in stock').toBeDefined();
  const quantityInCart = async () =>
    (await api<Cart>(page.request, 'get', cartPath)).groups
      .flatMap((group) => group.lines)
      .find((line) => line.wineId === offer?.wineId);
  // A line an earlier run left behind would add up with this one.
  const left = await quantityInCart();
  if (left) await api(page.request, 'delete', `${cartPath}/${left.id}`);
  await api(page.request, 'post', cartPath, { supplierId: supplier.id, wineId: offer?.wineId, quantity: 2 });
  try {
    await signedIn(context);
    await page.goto('/cart');
    const field = page
      .getByTestId('cart-line')
      .filter({ hasText: offer?.name })
      .getByRole('textbox', { name: `Bottles of ${offer?.name}` });
    await expect(field).toHaveValue('2');
    const commit = () => field.press('Enter');
    for (const [text, message] of [
      ['1e9', NUMBER],
      ['1000000000', between('1', '10,000')],
      ['2.5', WHOLE],
      ['-1', between('1', '10,000')],
      ['abc', NUMBER],
    ] as const)
      await expectRefused(field, text, message, commit);
    expect((await quantityInCart())?.quantity).toBe(2);

    await typeOver(field, '3');
    await commit();
    await expect.poll(async () => (await quantityInCart())?.quantity).toBe(3);
    await page.reload();
    await expect(field).toHaveValue('3');
  } finally {
    const line = await quantityInCart();
    if (line) await api(page.request, 'delete', `${cartPath}/${line.id}`);
  }
});

test('price rule: an addition typed is saved exactly or refused; the preview fits at 1280 and 360 px', async ({
  page,
  context,
}) => {
  const name = `Number rule ${Date.now().toString(36)}`;
  await signedIn(context);
  await page.goto('/wine-cellar/price-automator');
  await expect(page.getByRole('heading', { name: 'Price automator', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New rule set' }).click();
  const editor = page.getByRole('dialog', { name: 'New rule set' });
  await editor.getByRole('textbox', { name: 'Name' }).fill(name);
  await editor.getByRole('textbox', { name: 'From' }).fill('0');
  await editor.getByRole('textbox', { name: 'Glass value' }).fill('20');
  const addition = editor.getByRole('textbox', { name: 'Addition' });
  const save = () => editor.getByRole('button', { name: 'Save rule set' }).click();
  for (const [text, message] of [
    ['1e9', NUMBER],
    ['1000000000', between('0', '1000')],
    ['-1', between('0', '1000')],
    ['abc', NUMBER],
  ] as const)
    await expectRefused(addition, text, message, save);
  const sets = async () =>
    (
      await cellarCall<{
        rows: { id: string; name: string; ranges: { sellingPrice: { value: number } }[] }[];
      }>(page.request, session, 'get', '/price-rules')
    ).rows.filter((set) => set.name === name);
  expect(await sets()).toEqual([]);

  // A percentage may have decimals: 2.5 % is kept exactly.
  await typeOver(addition, '2.5');
  await save();
  await expect(page.getByText(`${name} saved`)).toBeVisible();
  const [set] = await sets();
  expect(set?.ranges[0]?.sellingPrice.value).toBe(2.5);

  try {
    // The preview's table fits the page at 1280 px, its wine names wrapped between words only.
    await page.getByRole('button', { name: `Preview ${name}` }).click();
    await expect(page.getByTestId('preview-row').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'the price preview at 1280 px');
    const broken = await page.evaluate(() => {
      const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      return [...document.querySelectorAll('[data-testid="preview-row"] td:first-child')]
        .filter((cell) => {
          const style = getComputedStyle(cell);
          canvas.font = style.font;
          const room =
            cell.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
          const longest = Math.max(
            ...(cell.textContent ?? '').split(/\s+/).map((word) => canvas.measureText(word).width),
          );
          return longest > room + 0.5;
        })
        .map((cell) => cell.textContent);
    });
    expect(broken, 'wine names broken inside a word').toEqual([]);
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(
      page
        .getByRole('list', { name: /./ })
        .filter({ has: page.locator('li') })
        .first(),
    ).toBeVisible();
    await expectNoSidewaysScroll(page, 'the price preview at 360 px');
  } finally {
    if (set)
      await page.request.delete(`/api/wine-cellars/users/${session.userId}/price-rules/${set.id}`, {
        headers: authorized(),
      });
  }
});

test('recipe editor: an amount and a price typed are saved exactly or refused', async ({ page, context }) => {
  const name = `Number recipe ${Date.now().toString(36)}`;
  const recipe = await cellarCall<{ id: string }>(page.request, session, 'post', '/recipes', {
    name,
    ingredients: [{ kind: 'other', name: 'Lime', amount: 1, unit: 'pcs', costPerUnit: 500 }],
    sellingPrice: 15_000,
  });
  const stored = () =>
    cellarCall<{ sellingPrice: number | null; ingredients: { amount?: number }[] }>(
      page.request,
      session,
      'get',
      `/recipes/${recipe.id}`,
    );
  try {
    await signedIn(context);
    await page.goto('/wine-cellar/beverages');
    await page.getByRole('searchbox', { name: 'Search recipes' }).fill(name);
    await page.getByTestId('recipe-row').filter({ hasText: name }).getByRole('button', { name }).click();
    const editor = page.getByRole('dialog', { name: 'Edit recipe' });
    const amount = editor.getByTestId('recipe-ingredient').getByRole('textbox', { name: 'Amount' });
    const price = editor.getByRole('textbox', { name: 'Selling price incl. VAT' });
    const save = () => editor.getByRole('button', { name: 'Save recipe' }).click();
    for (const [text, message] of [
      ['1e9', NUMBER],
      ['1000000000', between('0.01', '10,000')],
      ['-1', between('0.01', '10,000')],
      ['abc', NUMBER],
    ] as const)
      await expectRefused(amount, text, message, save);
    await typeOver(amount, '2.5');
    for (const [text, message] of [
      ['1e9', NUMBER],
      ['1000000000', 'The amount is too large'],
      ['-1', 'Must not be negative'],
      ['abc', NUMBER],
    ] as const)
      await expectRefused(price, text, message, save);
    expect(await stored()).toMatchObject({ sellingPrice: 15_000, ingredients: [{ amount: 1 }] });

    await typeOver(price, '2.5');
    await save();
    await expect(editor).toBeHidden();
    expect(await stored()).toMatchObject({ sellingPrice: 250, ingredients: [{ amount: 2.5 }] });
  } finally {
    await page.request.delete(`/api/wine-cellars/users/${session.userId}/recipes/${recipe.id}`, {
      headers: authorized(),
    });
  }
});

test('wine list page setup: a threshold and a margin typed are saved exactly or refused', async ({
  page,
  context,
}) => {
  const list = await cellarCall<{ id: string }>(page.request, session, 'post', '/wine-lists', {
    name: `Number list ${Date.now().toString(36)}`,
  });
  const layout = async () =>
    (
      await cellarCall<{ layout: { lowStockThreshold: number; margins: { top: number } } }>(
        page.request,
        session,
        'get',
        `/wine-lists/${list.id}`,
      )
    ).layout;
  const before = await layout();
  try {
    await signedIn(context);
    await page.goto(`/wine-cellar/wine-lists?list=${encodeURIComponent(list.id)}`);
    await page.getByRole('tab', { name: 'Page setup' }).click();
    const threshold = page.getByRole('textbox', { name: 'Running out at' });
    const top = page.getByRole('textbox', { name: 'Top' });
    const saveButton = page.getByRole('button', { name: 'Save page setup' }).last();
    for (const [text, message] of [
      ['1e9', NUMBER],
      ['1000000000', between('0', '1000')],
      ['2.5', WHOLE],
      ['-1', between('0', '1000')],
      ['abc', NUMBER],
    ] as const)
      await expectRefused(threshold, text, message);
    // The setup cannot be saved while a field is wrong.
    await expect(saveButton).toBeDisabled();
    await typeOver(threshold, '7');
    for (const [text, message] of [
      ['1e9', NUMBER],
      ['1000000000', between('0', '60')],
      ['-1', between('0', '60')],
      ['abc', NUMBER],
    ] as const)
      await expectRefused(top, text, message);
    await expect(saveButton).toBeDisabled();
    expect(await layout()).toEqual(before);

    await typeOver(top, '12.5');
    await saveButton.click();
    await expect(page.getByText('The page setup was saved')).toBeVisible();
    expect(await layout()).toMatchObject({ lowStockThreshold: 7, margins: { top: 12.5 } });
  } finally {
    await page.request.delete(`/api/wine-cellars/users/${session.userId}/wine-lists/${list.id}`, {
      headers: authorized(),
    });
  }
});

/** The wine's drawer from the cellar's wines page. */
async function openDrawer(page: Page, name: string, vintage: number): Promise<Locator> {
  await page.goto(`/wine-cellar/wines?q=${encodeURIComponent(name)}`);
  // A table on a wide screen, a card per wine on a phone.
  await page.getByText(name).filter({ visible: true }).first().click();
  const drawer = page.getByRole('dialog', { name: `${name} ${vintage}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('wine drawer: stock, price and vintage typed are saved exactly or refused; its tabs fit a phone', async ({
  page,
  context,
}) => {
  const wine = await aWine(page.request, 'Drawer number check');
  await signedIn(context);
  const drawer = await openDrawer(page, wine.name, 2019);
  const save = drawer.getByRole('button', { name: 'Save changes' });

  const price = drawer.getByRole('textbox', { name: 'Selling price inc VAT (NOK)' });
  for (const [text, message] of [
    ['1e9', NUMBER],
    ['1000000000', 'The amount is too large'],
    ['-1', 'Must not be negative'],
    ['abc', NUMBER],
  ] as const)
    await expectRefused(price, text, message);
  await typeOver(price, '2.5');

  await drawer.getByRole('tab', { name: /^Quantity and locations/ }).click();
  await drawer.getByText('Set the total', { exact: true }).click();
  const total = drawer.getByRole('textbox', { name: 'Bottles in total' });
  for (const [text, message] of [
    ['1e9', NUMBER],
    ['1000000000', between('0', '1,000,000')],
    ['2.5', WHOLE],
    ['-1', between('0', '1,000,000')],
    ['abc', NUMBER],
  ] as const)
    await expectRefused(total, text, message);
  await expect(save).toBeDisabled();

  await drawer.getByRole('tab', { name: /^Details/ }).click();
  const vintage = drawer.getByRole('textbox', { name: 'Vintage' });
  for (const [text, message] of [
    ['1e9', NUMBER],
    ['2.5', WHOLE],
    ['abc', NUMBER],
  ] as const)
    await expectRefused(vintage, text, message);
  expect(await ownWine(page.request, wine.id)).toMatchObject({
    quantity: 5,
    sellingPrice: 45_000,
    vintage: 2019,
  });

  await typeOver(vintage, '2018');
  await drawer.getByRole('tab', { name: /^Quantity and locations/ }).click();
  await typeOver(total, '1000000');
  await save.click();
  await expect(page.getByText(`${wine.name} 2018 saved`)).toBeVisible();
  expect(await ownWine(page.request, wine.id)).toMatchObject({
    quantity: 1_000_000,
    sellingPrice: 250,
    vintage: 2018,
  });

  // On a phone every tab of the drawer is on the screen: the row wraps instead of running off its edge.
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await openDrawer(page, wine.name, 2018);
  const tabs = await phone.getByRole('tab').all();
  expect(tabs.length).toBeGreaterThan(3);
  for (const tab of tabs) {
    // Measured once the drawer has slid in: during its opening its tabs are still on their way.
    await expect
      .poll(
        async () => {
          const box = await tab.boundingBox();
          return box ? { starts: box.x >= 0, ends: box.x + box.width <= 390 } : null;
        },
        { message: `${await tab.textContent()} starts and ends on the screen` },
      )
      .toEqual({ starts: true, ends: true });
  }
  await expectNoSidewaysScroll(page, 'the wine drawer at 390 px');
});
