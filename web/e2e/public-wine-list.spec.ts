import AxeBuilder from '@axe-core/playwright';
import type { PublicWineList, WineListRef } from '@kork/shared';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import en from '../src/i18n/cellar/list-public.en.json' with { type: 'json' };
import nb from '../src/i18n/cellar/list-public.nb.json' with { type: 'json' };
import { API_HEADERS, DEMO, signInByApi } from './support/accounts';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage, DEMO_IDS, LANGUAGES, openPage } from './support/routes';

/**
 * A restaurant's wine list as its guests read it on a phone at the table: the demo restaurant's public
 * lists ("Vinkart", "Vin på glass", "Dessertviner"), a private one only its owner sees, and the lists on
 * the restaurant's profile.
 */

const PHONE = { width: 390, height: 844 };
const TEXTS = { en: en.wineListPublic, nb: nb.wineListPublic };

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`),
    }));
}

async function payload<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.status()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { payload: T }).payload;
}

async function demoLists(request: APIRequestContext): Promise<WineListRef[]> {
  const page = await payload<{ rows: WineListRef[] }>(
    await request.get(`/api/users/${DEMO_IDS.restaurant}/wine-lists`, { headers: API_HEADERS }),
  );
  return page.rows;
}

async function restaurantToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/log-in', { headers: API_HEADERS, data: DEMO.restaurant });
  return (await payload<{ access_token: string }>(login)).access_token;
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE });

  for (const language of LANGUAGES) {
    test(`a visitor reads the demo wine list and follows a wine to its profile (${language})`, async ({
      page,
      request,
    }) => {
      const texts = TEXTS[language];
      const vinkart = (await demoLists(request)).find((list) => list.name === 'Vinkart');
      expect(vinkart, 'the demo restaurant’s public list Vinkart').toBeTruthy();
      const id = vinkart?.id ?? '';
      const list = await payload<PublicWineList>(
        await request.get(`/api/wine-lists/${id}`, { headers: API_HEADERS }),
      );

      await chooseLanguage(page.context(), language);
      await openPage(page, `/wine-list/${id}`, language);

      await expect(page.getByRole('heading', { level: 1, name: 'Vinkart' })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^Vinkart — ${list.restaurant.name}`));
      // No navbar or footer around the list.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Kork' })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      // Every section as a heading, and a chip to jump to each.
      const sections = page.getByRole('navigation', { name: texts.sections });
      for (const section of list.sections.filter((candidate) => candidate.level === 0)) {
        await expect(page.getByRole('heading', { level: 2, name: section.name })).toBeVisible();
        await expect(sections.getByRole('link', { name: section.name })).toBeVisible();
      }
      // Large type for reading at arm's length.
      const wineName = page.locator('li p').first();
      const size = await wineName.evaluate((element) =>
        Number.parseFloat(getComputedStyle(element).fontSize),
      );
      expect(size).toBeGreaterThanOrEqual(18);

      await expectNoSidewaysScroll(page, `/wine-list/${id} (${language})`);
      expect(await seriousViolations(page)).toEqual([]);

      // Light, kept for the next list.
      await page.getByRole('button', { name: texts.theme.label }).click();
      await expect(page.locator('[data-theme]').first()).toHaveAttribute('data-theme', 'light');
      expect(await seriousViolations(page)).toEqual([]);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Vinkart' })).toBeVisible();
      await expect(page.locator('[data-theme]').first()).toHaveAttribute('data-theme', 'light');

      // The last section's chip brings it under the bar; a wine there opens its profile.
      const last = list.sections.filter((candidate) => candidate.level === 0).at(-1);
      await sections.getByRole('link', { name: last?.name ?? '' }).click();
      const region = page.getByRole('region', { name: last?.name ?? '' });
      await expect(region.getByRole('heading', { name: last?.name ?? '' })).toBeInViewport();
      const wineLink = region.getByRole('link').first();
      const href = await wineLink.getAttribute('href');
      expect(href).toMatch(/^\/wines\//);
      await wineLink.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('the glass list shows prices per glass and fits the phone', async ({ page, request }) => {
    const glass = (await demoLists(request)).find((list) => list.name === 'Vin på glass');
    expect(glass, 'the demo restaurant’s list Vin på glass').toBeTruthy();
    await chooseLanguage(page.context(), 'nb');
    await openPage(page, `/wine-list/${glass?.id}`, 'nb');
    await expect(page.getByText(/^Glass \d/).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'the glass list');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('a private list is not found by a visitor but shows to its owner', async ({ page, request }) => {
  const token = await restaurantToken(request);
  const owner = { ...API_HEADERS, authorization: `Bearer ${token}` };
  const lists = `/api/wine-cellars/users/${DEMO_IDS.restaurant}/wine-lists`;
  const name = `Privat ${Date.now()}`;
  const created = await payload<{ id: string }>(
    await request.post(lists, { headers: owner, data: { name, isPublic: false } }),
  );
  try {
    expect((await request.get(`/api/wine-lists/${created.id}`, { headers: API_HEADERS })).status()).toBe(404);

    await chooseLanguage(page.context(), 'en');
    await openPage(page, `/wine-list/${created.id}`, 'en');
    await expect(
      page.getByRole('heading', { level: 1, name: en.wineListPublic.notFound.title }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: en.wineListPublic.notFound.toFeed })).toHaveAttribute(
      'href',
      '/feed',
    );
    expect(await seriousViolations(page)).toEqual([]);

    await signInByApi(page, DEMO.restaurant);
    await openPage(page, `/wine-list/${created.id}`, 'en');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // The owner may put the list on their own website.
    await page.getByRole('button', { name: en.wineListPublic.embed.open }).click();
    const dialog = page.getByRole('dialog', { name: en.wineListPublic.embed.title });
    await expect(dialog.getByLabel(en.wineListPublic.embed.code)).toHaveValue(
      new RegExp(`/embed/wine-lists/${created.id}"`),
    );
  } finally {
    await request.delete(`${lists}/${created.id}`, { headers: owner });
  }
});

test('the restaurant profile shows its public lists, each opening the list', async ({ page, request }) => {
  const lists = await demoLists(request);
  expect(lists.map((list) => list.name).sort()).toEqual(['Dessertviner', 'Vin på glass', 'Vinkart']);

  await chooseLanguage(page.context(), 'nb');
  await openPage(page, `/restaurants/${DEMO_IDS.restaurant}`, 'nb');
  const section = page.getByRole('region', { name: 'Vinkart' }).filter({ has: page.getByRole('list') });
  for (const list of lists) {
    await expect(section.getByRole('link', { name: new RegExp(list.name) })).toHaveAttribute(
      'href',
      `/wine-list/${list.id}`,
    );
  }
  await section.getByRole('link', { name: /Dessertviner/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dessertviner' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test('the QR code’s address shows the list’s wines and prices as plain HTML', async ({ page, request }) => {
    const vinkart = (await demoLists(request)).find((list) => list.name === 'Vinkart');
    const list = await payload<PublicWineList>(
      await request.get(`/api/wine-lists/${vinkart?.id}`, {
        headers: { ...API_HEADERS, 'accept-language': 'en' },
      }),
    );
    await page.goto(`/l/${list.id}?lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: 'Vinkart' })).toBeVisible();
    const wine = list.sections.flatMap((section) => section.wines)[0];
    expect(wine, 'a wine on the demo list').toBeTruthy();
    const row = page
      .getByRole('listitem')
      .filter({ hasText: wine?.name ?? '' })
      .first();
    await expect(row).toBeVisible();
    if (wine?.printedBottlePrice.kind === 'text')
      await expect(row).toContainText(wine.printedBottlePrice.text);
    // The app's view of the same list is one link away.
    await expect(page.getByRole('link', { name: 'Open the list in the Kork app' })).toHaveAttribute(
      'href',
      `/wine-list/${list.id}`,
    );
  });
});
