import AxeBuilder from '@axe-core/playwright';
import type { CellarLocation, CellarWine } from '@kork/shared';
import { expect, type Page, test } from '@playwright/test';
import { locationPath, PATH_SEPARATOR } from '../src/features/cellar/locations/location-tree';
import { API_HEADERS, DEMO, signInByApi } from './support/accounts';

/** A wine's profile shows the viewer's own bottles of it: the demo restaurant's cellar from the wine's page. */

const OWNER = 'demo-restaurant';
const CELLAR_API = `/api/wine-cellars/users/${OWNER}`;

async function headers(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === 'KORK_TOKEN')?.value;
  expect(token, 'signed in').toBeTruthy();
  return { ...API_HEADERS, authorization: `Bearer ${token}`, 'x-currency': 'NOK' };
}

/** `GET /api…` as the signed-in person, answering the payload. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: await headers(page) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { payload: T }).payload;
}

async function copiesOf(page: Page, wineId: string): Promise<CellarWine[]> {
  const page1 = await apiGet<{ rows: CellarWine[] }>(
    page,
    `${CELLAR_API}/own-wines?wineId=${encodeURIComponent(wineId)}&resultsPerPage=20`,
  );
  return [...page1.rows].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

function pathOf(locations: CellarLocation[], id: string): string {
  return locationPath(locations, id).join(PATH_SEPARATOR);
}

/** Serious violations on the wine's page as it stands, with any dialog the journey opened. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => `${node.target.join(' ')} ${node.html} ${node.failureSummary}`),
    }));
}

/** The value a read-only summary on the wine's page shows next to a label. */
function summaryValue(page: Page, label: string) {
  return page
    .getByRole('tabpanel')
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd[1]');
}

test('the restaurant sees its bottles of a wine it holds and where they are', async ({ page }) => {
  await signInByApi(page, DEMO.restaurant);
  const held = await apiGet<{ rows: CellarWine[] }>(
    page,
    `${CELLAR_API}/own-wines?source=KORK&inStock=true&resultsPerPage=1`,
  );
  const wineId = held.rows[0]?.wineId;
  expect(wineId, 'a catalogue wine in the demo cellar').toBeTruthy();
  // The page shows the copy added first when the wine was added more than once.
  const [shown] = await copiesOf(page, wineId as string);
  const locations = (await apiGet<{ rows: CellarLocation[] }>(page, `${CELLAR_API}/locations`)).rows;

  await page.goto(`/wines/${encodeURIComponent(wineId as string)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A wine the viewer holds opens on its pricing.
  await expect(page.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Edit in cellar' })).toBeVisible();
  await expect(summaryValue(page, 'Purchase price ex VAT')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Quantity and locations' }).click();
  await expect(page.getByTestId('cellar-bottles')).toHaveText(String(shown?.quantity));

  await page.getByRole('button', { name: 'Locations', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Locations of ${shown?.wineDisplayName}` });
  const table = dialog.getByRole('table', { name: 'Bottles per location' });
  await expect(table).toBeVisible();
  for (const placement of shown?.placements ?? []) {
    const path = placement.locationId === null ? 'Uncategorized' : pathOf(locations, placement.locationId);
    await expect(table.getByRole('row').filter({ hasText: path }).first()).toContainText(
      String(placement.quantity),
    );
  }
  await expect(table.getByRole('row').last()).toHaveText(`Total${shown?.quantity}`);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the restaurant adds a wine it does not hold from the wine’s own page and sees its pricing', async ({
  page,
}) => {
  await signInByApi(page, DEMO.restaurant);
  const catalogue = await apiGet<{ rows: { id: string; name: string }[] }>(
    page,
    '/api/wines?resultsPerPage=40&sortColumn=name&sortDirection=asc',
  );
  let wine: { id: string; name: string } | undefined;
  for (const row of catalogue.rows) {
    if ((await copiesOf(page, row.id)).length === 0) {
      wine = row;
      break;
    }
  }
  expect(wine, 'a catalogue wine the demo cellar does not hold').toBeTruthy();
  const { id, name } = wine as { id: string; name: string };

  await page.goto(`/wines/${encodeURIComponent(id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Pricing' }).click();
  await expect(page.getByText('This wine is not in your cellar')).toBeVisible();
  await page.getByRole('button', { name: 'Add to cellar' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add wine' });
  await expect(dialog.getByRole('region', { name: 'Chosen wine' })).toContainText(name);
  await dialog.getByRole('textbox', { name: 'Bottles' }).fill('3');
  await dialog.getByRole('textbox', { name: 'Purchase price ex VAT (NOK)' }).fill('200');
  await dialog.getByRole('textbox', { name: 'Selling price inc VAT (NOK)' }).fill('600');
  await dialog.getByRole('button', { name: 'Add to cellar' }).click();
  await expect(dialog).toBeHidden();

  await expect(summaryValue(page, 'Purchase price ex VAT')).toContainText('200.00');
  await expect(summaryValue(page, 'Selling price inc VAT')).toContainText('600.00');
  await expect(page.getByRole('button', { name: 'Edit in cellar' })).toBeVisible();
  await page.getByRole('tab', { name: 'Quantity and locations' }).click();
  await expect(page.getByTestId('cellar-bottles')).toHaveText('3');

  // Leave the demo cellar as it was.
  const [added] = await copiesOf(page, id);
  const removed = await page.request.delete(`${CELLAR_API}/own-wines?includeId=${added?.id}`, {
    headers: await headers(page),
  });
  expect(removed.status()).toBe(200);
});
