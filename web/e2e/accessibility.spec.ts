import { expect, test } from '@playwright/test';
import { DEMO, signInByApi } from './support/accounts';
import { seriousViolations } from './support/axe';

for (const path of ['/feed', '/wine-cellar/home', '/terms-of-use', '/sign-in']) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The footer arrives just after the page; audit it too where it is shown.
    if (!path.startsWith('/sign-in') && !path.startsWith('/wine-cellar')) {
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }

    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('a toast has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/terms-of-use');
  await page.getByLabel('Currency').selectOption('GBP');
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);
});

for (const path of [
  '/wine-cellar/home',
  '/wine-cellar/wines',
  '/wine-cellar/history',
  '/wine-cellar/settings',
]) {
  test(`${path} with the demo restaurant's cellar has no serious or critical accessibility violations`, async ({
    page,
  }) => {
    await signInByApi(page, DEMO.restaurant);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Wait for the cellar's own data, not just the page's frame.
    await expect(
      page
        .getByRole('table')
        .or(page.getByRole('heading', { level: 2 }))
        .first(),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

// Every page on a phone, for a visitor and for the signed-in demo restaurant: phone-widths.spec.ts audits
// each one in the same visit that measures its width.
