import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInByApi } from './support/accounts';
import {
  AUDIENCES,
  type DynamicIds,
  lookUpIds,
  openPage,
  prepareVisit,
  ROUTE_NAMES,
  routesWith,
} from './support/routes';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`),
    }));
}

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

/** Every page on a 390 px phone (SPEC §2), for a visitor and for the signed-in demo restaurant. */
test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  let ids: DynamicIds;
  test.beforeAll(async ({ request }) => {
    ids = await lookUpIds(request);
  });

  for (const audience of AUDIENCES) {
    for (const name of ROUTE_NAMES) {
      test(`${name} (${audience}) has no serious or critical accessibility violations`, async ({ page }) => {
        const route = routesWith(ids).find((candidate) => candidate.name === name);
        if (!route) throw new Error(`No route named ${name}`);
        await prepareVisit(page, { audience, language: 'en' });
        await openPage(page, route.path, 'en');
        expect(await seriousViolations(page), route.path).toEqual([]);
      });
    }
  }
});
