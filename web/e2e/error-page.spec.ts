import { expect, test } from '@playwright/test';

// A deploy can leave an open tab asking for a page chunk that no longer exists, or a network can fail
// mid-download: the lazy import then throws and the router's error page must take over.
const EVENTS_CHUNK = /\/assets\/events-page-[^/]+\.js$/;

test('a page that fails to load shows the error page, and refresh recovers', async ({ page }) => {
  await page.route(EVENTS_CHUNK, (route) => route.fulfill({ status: 500, body: 'unavailable' }));

  await page.goto('/events');

  await expect(page.getByRole('heading', { name: 'Oops, something went wrong.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@kork.no' })).toHaveAttribute(
    'href',
    'mailto:support@kork.no',
  );
  // The shell stays, so a person can still go elsewhere.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.unroute(EVENTS_CHUNK);
  await page.getByRole('button', { name: 'Refresh page' }).click();

  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
});

test('the error page speaks Norwegian to a Norwegian visitor', async ({ page, context }) => {
  await context.addCookies([{ name: 'KORK_LANGUAGE', value: 'nb', url: 'http://localhost:3100' }]);
  await page.route(EVENTS_CHUNK, (route) => route.fulfill({ status: 500, body: 'unavailable' }));

  await page.goto('/events');

  await expect(page.getByRole('heading', { name: 'Oisann, noe har gått galt.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Last inn siden på nytt' })).toBeVisible();
});
