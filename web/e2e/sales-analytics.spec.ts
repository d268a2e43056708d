import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import analyticsEn from '../src/i18n/cellar/sales-analytics.en.json' with { type: 'json' };
import analyticsNb from '../src/i18n/cellar/sales-analytics.nb.json' with { type: 'json' };
import { DEMO, signInByApi } from './support/accounts';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * The demo restaurant's sales analytics: its year of sales by month and by week, a period that ends
 * before it starts, the page in Norwegian, on a 360 px phone and under the accessibility check.
 */

const PATH = '/wine-cellar/sales-analytics';
const EN = analyticsEn.salesAnalytics;
const NB = analyticsNb.salesAnalytics;

async function openAnalytics(page: Page, path = PATH): Promise<void> {
  await signInByApi(page, DEMO.restaurant);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** Picks a choice of a segmented control by its label (the radio itself is hidden under it). */
async function choose(scope: Page | Locator, name: string): Promise<void> {
  await scope
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
}

/** The body rows of a chart's table, once its "Table" view is chosen. */
async function tableRows(page: Page, chart: string, table = EN.view.table) {
  const section = page.getByRole('region', { name: chart });
  await choose(section, table);
  return section.getByRole('table').locator('tbody tr');
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`),
    }));
}

test('the demo year shows by month with its revenue and top sellers, and by week when asked', async ({
  page,
}) => {
  await openAnalytics(page);
  const figures = page.getByRole('region', { name: EN.figures.label });
  await expect(figures.getByText(EN.figures.revenue)).toBeVisible();
  // The revenue of a year of sales is more than nothing.
  await expect(figures.locator('dd').first()).toHaveText(/[1-9]/);

  const months = await tableRows(page, EN.charts.overTime);
  const monthCount = await months.count();
  expect(monthCount).toBeGreaterThanOrEqual(12);
  expect(monthCount).toBeLessThanOrEqual(13);

  const top = page.getByRole('region', { name: EN.top.title });
  await expect(top.getByRole('rowheader').first()).toBeVisible();

  await choose(page, EN.period.groups.week);
  await expect(page).toHaveURL(/group=week/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  const weeks = await tableRows(page, EN.charts.overTime);
  await expect.poll(() => weeks.count()).toBeGreaterThanOrEqual(52);

  // A reload keeps the period and its grouping.
  await page.reload();
  await expect(page.getByRole('radio', { name: EN.period.groups.week })).toBeChecked();
});

test('a custom period that ends before it starts says so', async ({ page }) => {
  await openAnalytics(page);
  await page.getByLabel(EN.period.label, { exact: true }).selectOption('custom');
  await page.getByLabel(EN.period.from, { exact: true }).fill('2025-06-01');
  await page.getByLabel(EN.period.to, { exact: true }).fill('2025-05-01');
  await expect(page.getByText('The end of the period must be on or after its start')).toBeVisible();
  await expect(page).toHaveURL(/from=2025-06-01&to=2025-05-01/);
});

test('the page has no serious or critical accessibility violations, as charts and as tables', async ({
  page,
}) => {
  await openAnalytics(page);
  await expect(page.getByRole('region', { name: EN.top.title })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await tableRows(page, EN.charts.overTime);
  await tableRows(page, EN.charts.byCategory);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('nothing scrolls sideways, charts or tables, and the tables pass the accessibility check', async ({
    page,
  }) => {
    await openAnalytics(page);
    await expect(page.getByRole('region', { name: EN.top.title })).toBeVisible();
    await expectNoSidewaysScroll(page, 'sales analytics on a 360 px phone');
    await tableRows(page, EN.charts.overTime);
    await tableRows(page, EN.charts.byCountry);
    await expectNoSidewaysScroll(page, 'sales analytics tables on a 360 px phone');
    // Tables that scroll in their own box can be scrolled from the keyboard.
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the page speaks Norwegian', async ({ page, context }) => {
  await chooseLanguage(context, 'nb');
  await openAnalytics(page, `${PATH}?period=lastYear`);
  await expect(page.getByRole('heading', { level: 1, name: NB.title })).toBeVisible();
  await expect(
    page.getByRole('region', { name: NB.figures.label }).getByText(NB.figures.revenue),
  ).toBeVisible();
  const months = await tableRows(page, NB.charts.overTime, NB.view.table);
  await expect(months).toHaveCount(12);
  await expect(
    page.getByRole('region', { name: NB.charts.overTime }).getByRole('columnheader').first(),
  ).toHaveText(NB.columns.period.month);
});

test.describe('wine-list engineering on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the demo restaurant finds a Puzzle and opens its price to re-price it', async ({ page }) => {
    const ENG = EN.engineering;
    await openAnalytics(page);
    const engineering = page.getByRole('region', { name: ENG.title });
    await expect(engineering.getByTestId('engineering-thresholds')).toContainText(/[1-9]/);
    for (const name of Object.values(ENG.classes)) {
      await expect(engineering.getByRole('region', { name })).toBeVisible();
    }
    // A section's price ladder folds out with its gaps and crowding marked.
    await engineering.getByRole('button', { name: /Rødvin/ }).click();
    const reds = engineering.getByRole('region', { name: /Rødvin/ });
    await expect(reds.getByText(/^(Gap \+|Crowded)/).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'wine-list engineering on a 390 px phone');
    expect(await seriousViolations(page)).toEqual([]);

    const puzzles = engineering.getByRole('region', { name: ENG.classes.puzzle });
    const reprice = puzzles.getByRole('link', { name: /^Re-price / }).first();
    const wine = ((await reprice.getAttribute('aria-label')) ?? '').replace(/^Re-price /, '');
    expect(wine).not.toBe('');
    await reprice.click();

    await expect(page).toHaveURL(/\/wine-cellar\/wines\?wine=/);
    const drawer = page.getByRole('dialog', { name: wine });
    await expect(drawer.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true');
    const price = drawer.getByLabel(/Selling price inc VAT/);
    // A new price (another than the one it has, should the journey run twice on the same data).
    const before = (await price.inputValue()).replace(/\D/g, '');
    await price.fill(before.startsWith('1490') ? '1510' : '1490');
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${wine} saved`)).toBeVisible();
  });
});
