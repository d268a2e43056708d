import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 } });

test('a first-time phone visitor sees the app banner once', async ({ page }) => {
  await page.goto('/feed');
  const banner = page.getByRole('region', { name: 'Kork app' });

  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Manage your cellar and keep tasting notes');
  await expect(banner.getByRole('link', { name: 'Get the app' })).toBeVisible();

  await banner.getByRole('button', { name: 'Close app banner' }).click();
  await expect(banner).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kork app' })).toHaveCount(0);
});

test('a wide screen never sees the app banner', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/feed');

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kork app' })).toHaveCount(0);
});

test('the phone menu holds the links, the language and the currency', async ({ page }) => {
  await page.goto('/feed');
  await page
    .getByRole('region', { name: 'Kork app' })
    .getByRole('button', { name: 'Close app banner' })
    .click();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: 'Wine cellar' })).toBeVisible();
  await expect(menu.getByLabel('Currency')).toHaveValue('EUR');

  await menu.getByRole('button', { name: 'Norsk' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nb');

  await menu.getByRole('link', { name: 'Arrangementer' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(menu).toBeHidden();
});
