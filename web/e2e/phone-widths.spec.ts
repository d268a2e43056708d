import { expect, type Page, test } from '@playwright/test';
import en from '../src/i18n/en.json' with { type: 'json' };
import nb from '../src/i18n/nb.json' with { type: 'json' };
import { seriousViolations } from './support/axe';
import { expectNoSidewaysScroll, expectNothingCutOff } from './support/page-width';
import {
  AUDIENCES,
  type DynamicIds,
  LANGUAGES,
  lookUpIds,
  openPage,
  prepareVisit,
  ROUTE_NAMES,
  routesWith,
} from './support/routes';

/**
 * Every page fits a 360 px phone (SPEC §2: the smallest phones people use): nothing makes the page scroll
 * sideways, for a visitor and for a signed-in restaurant, in English and in Norwegian; and in the same
 * visit (English) no serious or critical accessibility violations.
 */

const PHONE = { width: 360, height: 800 };
const TEXTS = { en, nb };
test.use({ viewport: PHONE });

let ids: DynamicIds;
test.beforeAll(async ({ request }) => {
  ids = await lookUpIds(request);
});

function pathOf(name: string): string {
  const route = routesWith(ids).find((candidate) => candidate.name === name);
  if (!route) throw new Error(`No route named ${name}`);
  return route.path;
}

for (const audience of AUDIENCES) {
  for (const language of LANGUAGES) {
    test.describe(`${audience}, ${language}`, () => {
      // One browser tab for the block's pages, signed in once: each route's test opens its page in it
      // with a full load of the address, as a fresh visit does, and the checks see only that page.
      let phone: Page;
      test.beforeAll(async ({ browser }, info) => {
        const { baseURL, locale } = info.project.use;
        const context = await browser.newContext({ baseURL, locale, viewport: PHONE });
        phone = await context.newPage();
        await prepareVisit(phone, { audience, language });
      });
      test.afterAll(async () => {
        await phone?.context().close();
      });

      for (const name of ROUTE_NAMES) {
        const audited = language === 'en';
        const title = audited
          ? `${name} fits a ${PHONE.width} px phone and has no serious accessibility violations`
          : `${name} fits a ${PHONE.width} px phone`;
        test(title, async () => {
          const path = pathOf(name);
          await openPage(phone, path, language);
          await expectNoSidewaysScroll(phone, `${path} (${audience}, ${language})`);
          // Axe on every page for both audiences, once (in English), in the same visit.
          if (audited) expect(await seriousViolations(phone), `${path} (${audience})`).toEqual([]);
        });
      }
    });
  }
}

for (const language of LANGUAGES) {
  test(`every cellar tab and dialog of a held wine's profile fits a ${PHONE.width} px phone (${language})`, async ({
    page,
  }) => {
    const path = pathOf('wine profile (wine in the cellar)');
    await prepareVisit(page, { audience: 'restaurant', language });
    await openPage(page, path, language);

    const texts = TEXTS[language].wine;
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(5);
    for (let index = 0; index < 5; index += 1) {
      const tab = tabs.nth(index);
      const tabName = (await tab.textContent()) ?? `tab ${index + 1}`;
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      const where = `${path}, tab "${tabName}" (${language})`;
      await expectNoSidewaysScroll(page, where);
      // The chosen tab shows in full: a tab list wider than the phone scrolls inside its own box.
      const box = await tab.boundingBox();
      expect(box, where).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${where}: the chosen tab is cut off`).toBeLessThanOrEqual(
        PHONE.width,
      );
    }

    // Where the bottles are, in a dialog over the quantity tab.
    await page.getByRole('tab', { name: texts.tabs.quantity }).click();
    await page.getByRole('button', { name: texts.cellar.quantity.showLocations }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    await expectNothingCutOff(page, `${path}, locations dialog (${language})`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The embed dialog: its code and preview wrap inside it.
    await page.getByRole('button', { name: texts.actions.embed }).click();
    await expect(dialog).toBeVisible();
    await expectNothingCutOff(page, `${path}, embed dialog (${language})`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test(`links are never the browser's default blue or visited purple`, async ({ page }) => {
  await prepareVisit(page, { audience: 'visitor', language: 'en' });
  for (const path of ['/terms-of-use', '/privacy-policy', '/registration', '/feed']) {
    await openPage(page, path, 'en');
    const colours = await page.evaluate(() =>
      [...document.querySelectorAll('a[href]')]
        .filter((link) => link.getBoundingClientRect().width > 0)
        .map((link) => ({ link: link.outerHTML.slice(0, 80), colour: getComputedStyle(link).color })),
    );
    expect(colours.length, `${path} has links`).toBeGreaterThan(0);
    const browserDefaults = ['rgb(0, 0, 238)', 'rgb(85, 26, 139)', 'rgb(0, 0, 255)'];
    expect(
      colours.filter(({ colour }) => browserDefaults.includes(colour)),
      `${path}: links in the browser's colours`,
    ).toEqual([]);
  }
});
