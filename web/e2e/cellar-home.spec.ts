import { expect, test } from '@playwright/test';
import { DEMO, signInByApi } from './support/accounts';

/** The cellar home as the demo restaurant sees it. */

test('the low-stock panel shows the wines about to run out under the sold-out ones', async ({ page }) => {
  await signInByApi(page, DEMO.restaurant);
  await page.goto('/wine-cellar/home');
  const panel = page.getByRole('region', { name: 'Low stock' });
  await expect(panel).toBeVisible();
  const rows = panel.getByRole('listitem');
  // The demo cellar has more sold-out wines than the panel lists: they share one line at the top…
  await expect(rows.first()).toContainText('Out of stock');
  await expect(rows.first()).toContainText(/\d+ wines: .+ and \d+ more$/);
  // …and the wines with one or two bottles follow, fewest first.
  const counts = (await panel.getByText(/^\d+ bottles?$/).allTextContents()).map((text) =>
    Number.parseInt(text, 10),
  );
  expect(counts.length).toBeGreaterThan(0);
  expect(counts.every((n) => n >= 1 && n <= 2)).toBe(true);
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
  await panel.screenshot({ path: test.info().outputPath('low-stock.png') });
});
