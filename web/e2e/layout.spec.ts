import { expect, test } from '@playwright/test';
import { DEMO, signInByApi } from './support/accounts';

const CELLAR_MENU = [
  'Home',
  'Wines',
  'Wine lists',
  'History',
  'Sales analytics',
  'Stock count',
  'Analytics',
  'Beverages',
  'Price automator',
  'Orders',
  'Sales',
  'Settings',
];

test.describe('layout rules', () => {
  test('the feed has the footer, with register and login for a visitor', async ({ page }) => {
    await page.goto('/feed');
    const footer = page.getByRole('contentinfo');

    await expect(footer).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms-of-use');
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    await expect(footer.getByRole('link', { name: 'Kork on Instagram' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Download Kork on the App Store' })).toBeVisible();
  });

  test('a signed-in person sees no register or login buttons in the footer', async ({ page }) => {
    // A real sign-in: the shell trusts the viewer the API answers for the token, not the cookie alone.
    await signInByApi(page, DEMO.private);
    await page.goto('/feed');
    const footer = page.getByRole('contentinfo');
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();

    await expect(footer.getByRole('link', { name: 'Terms of use' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Register' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });

  for (const path of ['/wine-cellar/home', '/cart', '/feed?username=anna&userId=7']) {
    test(`${path} keeps the navbar but has no footer`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The footer is fetched after the page; only once everything has arrived does its absence count.
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    });
  }

  test('sign-in stands alone, without navbar or footer', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('the cellar side menu lists its 12 sections in order and marks the current one', async ({ page }) => {
    // The business sections are a business account's (a private cellar's six are in cellar-phone.spec.ts).
    await signInByApi(page, DEMO.restaurant);
    await page.goto('/wine-cellar/home');
    const menu = page.getByRole('complementary').getByRole('navigation', { name: 'Wine cellar' });

    await expect(menu.getByRole('link')).toHaveText(CELLAR_MENU);
    await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await menu.getByRole('link', { name: 'Stock count' }).click();

    await expect(page).toHaveURL(/\/wine-cellar\/stock-count$/);
    await expect(menu.getByRole('link', { name: 'Stock count' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Stock count', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New count' })).toBeVisible();
  });

  test('on a phone the cellar menu opens as a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInByApi(page, DEMO.restaurant);
    await page.goto('/wine-cellar/home');

    await page.getByRole('button', { name: 'Cellar menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Wine cellar' });
    await expect(drawer.getByRole('link')).toHaveText(CELLAR_MENU);

    await drawer.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/wine-cellar\/orders$/);
    await expect(drawer).toBeHidden();
  });

  test('the navbar is see-through over the home hero and solid once the categories scroll away', async ({
    page,
  }) => {
    await page.goto('/feed');
    const header = page.getByRole('banner');

    await expect(header).toHaveAttribute('data-transparent', 'true');
    await page.mouse.wheel(0, 900);
    await expect(header).not.toHaveAttribute('data-transparent', 'true');
  });
});
