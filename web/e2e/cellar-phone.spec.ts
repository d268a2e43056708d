import { expect, type Page, test } from '@playwright/test';
import reviewEn from '../src/i18n/cellar/review.en.json' with { type: 'json' };
import reviewNb from '../src/i18n/cellar/review.nb.json' with { type: 'json' };
import winesEn from '../src/i18n/cellar/wines.en.json' with { type: 'json' };
import winesNb from '../src/i18n/cellar/wines.nb.json' with { type: 'json' };
import en from '../src/i18n/en.json' with { type: 'json' };
import nb from '../src/i18n/nb.json' with { type: 'json' };
import { DEMO, signInByApi } from './support/accounts';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * The cellar on a phone and on a wide desktop: wines and history as cards below 600 px (no sideways
 * scrolling, in both languages), the wines table fitting a 1440 px screen, and each role's own menu.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const TEXTS = {
  en: { shell: en, wines: winesEn, review: reviewEn },
  nb: { shell: nb, wines: winesNb, review: reviewNb },
} as const;
type Language = keyof typeof TEXTS;

/** The history caption "Cellar history, page 1 of 3" as a pattern for any page. */
function historyCaption(language: Language): RegExp {
  const caption = TEXTS[language].review.cellarReview.history.caption;
  return new RegExp(`^${caption.split('{{page}}')[0]}`);
}

/** Every money total inside `box` fits its place on one line: whole, or in its short form. */
async function expectTotalsFit(page: Page, box: string): Promise<void> {
  const figures = page.locator(`${box} [title]`);
  await expect(figures.first()).toBeVisible();
  const overflowing = await figures.evaluateAll((elements) =>
    elements
      .filter((element) => element.scrollWidth > element.clientWidth + 0.5)
      .map((element) => element.textContent),
  );
  expect(overflowing, 'totals that stick out of their card').toEqual([]);
}

for (const language of ['en', 'nb'] as const) {
  test.describe(`a phone in ${language}`, () => {
    test.use({ viewport: PHONE });

    test('the restaurant’s wines are cards that open the wine, and its history is cards', async ({
      page,
      context,
    }) => {
      const texts = TEXTS[language];
      await chooseLanguage(context, language);
      await signInByApi(page, DEMO.restaurant);

      await page.goto('/wine-cellar/wines');
      const cards = page.getByRole('list', { name: texts.wines.cellarWines.table.label });
      await expect(cards).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByRole('combobox', { name: texts.wines.cellarWines.sort.label })).toBeVisible();
      await expectNoSidewaysScroll(page, `the wines page in ${language}`);

      // Tapping a card opens that wine's drawer, as clicking a table row does.
      const second = cards.getByRole('listitem').nth(1);
      const name = (await second.locator('button span').first().textContent())?.trim() ?? '';
      expect(name).not.toBe('');
      await second.getByRole('button').click();
      await expect(page.getByRole('dialog', { name })).toBeVisible();
      await expectNoSidewaysScroll(page, `the wines page with the drawer in ${language}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name })).toBeHidden();

      await page.goto('/wine-cellar/history');
      const entries = page.getByRole('list', { name: historyCaption(language) });
      await expect(entries).toBeVisible();
      await expect(entries.locator(':scope > li').first()).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expectNoSidewaysScroll(page, `the history page in ${language}`);
    });
  });
}

test.describe('the smallest phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const language of ['en', 'nb'] as const) {
    test(`the toolbar and totals wrap at 360 px in ${language}`, async ({ page, context }) => {
      await chooseLanguage(context, language);
      await signInByApi(page, DEMO.restaurant);
      await page.goto('/wine-cellar/wines');
      await expect(
        page.getByRole('list', { name: TEXTS[language].wines.cellarWines.table.label }),
      ).toBeVisible();
      await expect(page.getByLabel(TEXTS[language].wines.cellarWines.totals.label)).toBeVisible();
      await expectNoSidewaysScroll(page, `the wines page in ${language}`);
      await expectTotalsFit(page, `[aria-label="${TEXTS[language].wines.cellarWines.totals.label}"]`);

      await page.goto('/wine-cellar/home');
      await expectTotalsFit(page, 'section[aria-labelledby="cellar-totals-heading"]');
      await expectNoSidewaysScroll(page, `the cellar home in ${language}`);
      await page.goto('/wine-cellar/history');
      await expect(page.getByRole('list', { name: historyCaption(language) })).toBeVisible();
      await expectNoSidewaysScroll(page, `the history page in ${language}`);
    });
  }
});

test.describe('a 1440 px desktop', () => {
  test.use({ viewport: DESKTOP });

  for (const language of ['en', 'nb'] as const) {
    test(`the wines table’s default columns fit without scrolling sideways in ${language}`, async ({
      page,
      context,
    }) => {
      await chooseLanguage(context, language);
      await signInByApi(page, DEMO.restaurant);
      await page.goto('/wine-cellar/wines');
      const table = page.getByRole('table', { name: TEXTS[language].wines.cellarWines.table.label });
      await expect(table.getByRole('row').nth(1)).toBeVisible();

      const scroll = await table.evaluate((element) => {
        let box: HTMLElement | null = element.parentElement;
        while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
        const columns = [...element.querySelectorAll('th')].map(
          (th) => `${th.textContent}: ${Math.round(th.getBoundingClientRect().width)}`,
        );
        return box ? { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, columns } : undefined;
      });
      expect(scroll, 'the table sits in its own scroll box').toBeDefined();
      expect(scroll?.scrollWidth, `column widths: ${scroll?.columns.join(', ')}`).toBeLessThanOrEqual(
        scroll?.clientWidth ?? 0,
      );
      await expectNoSidewaysScroll(page, `the wines page in ${language}`);
    });
  }
});

test.describe('the cellar menu per role', () => {
  const menu = (page: Page) => page.getByRole('navigation', { name: 'Wine cellar' }).getByRole('link');

  test('a private cellar has six entries and is told a business section is for business accounts', async ({
    page,
  }) => {
    await signInByApi(page, DEMO.private);
    await page.goto('/wine-cellar/home');
    await expect(menu(page)).toHaveText(['Home', 'Wines', 'Wine lists', 'History', 'Analytics', 'Settings']);

    await page.goto('/wine-cellar/sales');
    await expect(page.getByRole('heading', { name: 'Sales is for business accounts' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to cellar home' }).click();
    await expect(page).toHaveURL(/\/wine-cellar\/home$/);
  });

  test('the restaurant has all twelve entries', async ({ page }) => {
    await signInByApi(page, DEMO.restaurant);
    await page.goto('/wine-cellar/home');
    await expect(menu(page)).toHaveCount(12);
    await expect(menu(page).nth(4)).toHaveText('Sales analytics');
    await expect(menu(page).last()).toHaveText('Settings');

    await page.goto('/wine-cellar/sales');
    await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
  });
});
