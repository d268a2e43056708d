import { expect, test } from '@playwright/test';

test.describe('the shell', () => {
  test('speaks English and Norwegian, and remembers the choice', async ({ page }) => {
    await page.goto('/feed');
    const mainNav = page.getByRole('navigation', { name: 'Main' });

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(mainNav.getByRole('link', { name: 'Events' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find the wines worth opening');

    await page.getByRole('button', { name: 'Norsk' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
    await expect(
      page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Arrangementer' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finn vinene som er verdt å åpne');
    await expect(page.getByRole('link', { name: 'Brukervilkår' })).toBeVisible();
    await expect(page).toHaveTitle('Forsiden · Kork');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
    await expect(page.getByRole('button', { name: 'Norsk' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Terms of use' })).toBeVisible();
  });

  test('changes the currency, confirms it with a toast that leaves by itself', async ({ page }) => {
    await page.goto('/events');
    const currency = page.getByLabel('Currency');
    await expect(currency).toHaveValue('EUR');

    await currency.selectOption('NOK');

    const toast = page.getByRole('status').filter({ hasText: 'Prices are now shown in NOK.' });
    await expect(toast).toContainText('Success!');
    await expect(toast).toBeHidden({ timeout: 6_000 });
    expect((await page.context().cookies()).find((c) => c.name === 'KORK_CURRENCY')?.value).toBe('NOK');

    await page.reload();
    await expect(page.getByLabel('Currency')).toHaveValue('NOK');
  });

  test('sends / to the feed and shows a not-found page for unknown paths', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/feed$/);

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
  });
});
