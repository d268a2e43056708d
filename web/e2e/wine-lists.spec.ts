import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { WineListCategory, WineListDetail } from '@kork/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, signInByApi } from './support/accounts';
import { type CellarSession, cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';

test.describe.configure({ timeout: 120_000 });

async function listDetail(request: APIRequestContext, session: CellarSession, listId: string) {
  return cellarCall<WineListDetail>(request, session, 'get', `/wine-lists/${listId}`);
}

async function setBottles(
  request: APIRequestContext,
  session: CellarSession,
  ownWineId: string,
  quantity: number,
) {
  await cellarCall(request, session, 'patch', `/own-wines/${ownWineId}`, { quantity });
}

/** Two visible top-level categories of the demo restaurant that hold wines in stock. */
async function twoStockedCategories(request: APIRequestContext, session: CellarSession) {
  const { rows } = await cellarCall<{ rows: WineListCategory[] }>(
    request,
    session,
    'get',
    '/wine-list-categories',
  );
  const chosen: WineListCategory[] = [];
  for (const category of rows.filter((row) => row.parentId === null && row.isVisible)) {
    const wines = await cellarCall<{ count: number }>(
      request,
      session,
      'get',
      `/own-wines?wineListCategoryId=${category.id}&inStock=true&resultsPerPage=1`,
    );
    if (wines.count > 0) chosen.push(category);
    if (chosen.length === 2) break;
  }
  expect(chosen, 'the demo restaurant has two stocked categories').toHaveLength(2);
  return chosen as [WineListCategory, WineListCategory];
}

async function addCategory(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'A whole category' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(`The wines of ${name} were added`)).toBeVisible();
}

test('the restaurant builds a list, lays it out, downloads its PDF and sees it follow the stock', async ({
  page,
  request,
  browser,
}) => {
  const session = await cellarSession(request, DEMO.restaurant);
  const [first, second] = await twoStockedCategories(request, session);
  await signInByApi(page, DEMO.restaurant);

  await page.goto('/wine-cellar/wine-lists');
  await expect(page.getByRole('heading', { name: 'Wine lists', level: 1 })).toBeVisible();
  const name = `Dining room ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: /New wine list|Create your first wine list/ }).click();
  const dialog = page.getByRole('dialog', { name: 'New wine list' });
  await dialog.getByRole('textbox', { name: /Name/ }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/wine-cellar\/wine-lists\?list=/);
  const listId = new URL(page.url()).searchParams.get('list') as string;

  await addCategory(page, first.name);
  await addCategory(page, second.name);

  // Page setup: A5 landscape with the glass column and the QR code.
  await page.getByRole('tab', { name: 'Page setup' }).click();
  await page.getByRole('combobox', { name: 'Paper size' }).click();
  await page.getByRole('option', { name: /^A5/ }).click();
  await page.locator('label', { hasText: /^Landscape$/ }).click();
  await page.getByRole('switch', { name: 'Price per glass column' }).check();
  await page.getByRole('switch', { name: /QR code to the public page/ }).check();
  // The preview follows the unsaved setup: an A5 landscape page is wider than high.
  const firstPage = page.locator('svg[data-page="1"]');
  await expect(firstPage).toHaveAttribute('viewBox', /^0 0 595\.\d+ 419\.\d+$|^0 0 595 419/);
  await page.getByRole('button', { name: 'Save page setup' }).last().click();
  await expect(page.getByText('The page setup was saved')).toBeVisible();
  const saved = await listDetail(request, session, listId);
  expect(saved.layout).toMatchObject({
    paperSize: 'A5',
    orientation: 'landscape',
    glassColumn: true,
    qrCode: true,
  });

  // The PDF: a real download.
  const pdfResponse = page.waitForResponse((response) =>
    response.url().includes(`/wine-lists/${listId}/pdf`),
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const download = await downloading;
  const file = await download.path();
  const bytes = await readFile(file);
  expect(bytes.length).toBeGreaterThan(0);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // The guest and the staff copy save under names of their own.
  expect(download.suggestedFilename()).toBe(`${name} (guest).pdf`);
  const staffDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Staff copy (with private note)' }).click();
  expect((await staffDownload).suggestedFilename()).toBe(`${name} (staff).pdf`);

  // A wine of the list sold out leaves the preview; with bottles again it returns.
  const detail = await listDetail(request, session, listId);
  const wine = detail.entries.find((entry) => entry.printed && entry.quantity > 0);
  expect(wine, 'a printed wine on the list').toBeTruthy();
  const { ownWineId, quantity } = wine as { ownWineId: string; quantity: number };
  const inPreview = page.locator(`svg [data-wine="${ownWineId}"]`);
  await expect(inPreview.first()).toBeAttached();

  // Published, the list is read by guests at /wine-list/<id>; the demo restaurant's lists are public.
  await cellarCall(request, session, 'patch', `/wine-lists/${listId}`, { isPublic: true });
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  const publicUrl = new URL(`/wine-list/${listId}`, page.url()).toString();
  // Demo cellar rows of catalogue wines carry the catalogue wine's id, which the public page links to.
  const onPublicPage = guestPage.locator(`main a[href*="${ownWineId}"]`);
  await guestPage.goto(publicUrl);
  await expect(onPublicPage.first()).toBeVisible();

  await setBottles(request, session, ownWineId, 0);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.locator('svg[data-page="1"]')).toBeVisible();
    await expect(inPreview).toHaveCount(0);
    await expect(
      page.locator(`li[data-wine="${ownWineId}"]`).getByText('Sold out — not printed'),
    ).toBeVisible();
    await guestPage.reload();
    await expect(guestPage.locator('main h2, main h3').first()).toBeVisible();
    await expect(onPublicPage).toHaveCount(0);
  } finally {
    await setBottles(request, session, ownWineId, quantity);
  }
  await page.reload();
  await expect(page.locator('svg[data-page="1"]')).toBeVisible();
  await expect(inPreview.first()).toBeAttached();
  await guestPage.reload();
  await expect(onPublicPage.first()).toBeVisible();
  await guest.close();

  // Accessibility of the editor, with the preview drawn.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);

  // On a phone: the panels and the preview stack, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('svg[data-page="1"]')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the wine list editor at 390 px');
  await page.getByRole('tab', { name: 'Page setup' }).click();
  await expectNoSidewaysScroll(page, 'the page setup at 390 px');
  await page.goto('/wine-cellar/wine-lists');
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the wine lists at 390 px');

  // Clean up: the list goes, with a confirmation.
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete wine list' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});
