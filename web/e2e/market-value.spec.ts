import { expect, type Locator, type Page, test } from '@playwright/test';
import billingEn from '../src/i18n/cellar/billing.en.json' with { type: 'json' };
import valueEn from '../src/i18n/cellar/market-value.en.json' with { type: 'json' };
import valueNb from '../src/i18n/cellar/market-value.nb.json' with { type: 'json' };
import analyticsEn from '../src/i18n/cellar/sales-analytics.en.json' with { type: 'json' };
import analyticsNb from '../src/i18n/cellar/sales-analytics.nb.json' with { type: 'json' };
import { DEMO, signInByApi } from './support/accounts';
import { expectAxeClean, settled } from './support/axe';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * The demo restaurant (on Pro after the seed) reads its cellar's market value on a 390 px phone: the value
 * over time, the 30-day change and the top movers, each figure saying where it comes from (the local
 * provider's figures are labelled demo data), in English and in Norwegian, with nothing scrolling sideways
 * and no serious accessibility violation.
 */

const PATH = '/wine-cellar/analytics';

const LANGUAGES = [
  { code: 'en', texts: valueEn.marketValuePage, table: analyticsEn.salesAnalytics.view.table },
  { code: 'nb', texts: valueNb.marketValuePage, table: analyticsNb.salesAnalytics.view.table },
] as const;

/** Picks a choice of a segmented control by its label (the radio itself is hidden under it). */
async function choose(scope: Locator, name: string): Promise<void> {
  await scope
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
}

async function openMarketValue(page: Page): Promise<void> {
  await signInByApi(page, DEMO.restaurant);
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);
}

test.use({ viewport: { width: 390, height: 844 } });
// A year of values, a chart and an accessibility check on a phone: more than the default half minute.
test.describe.configure({ timeout: 90_000 });

for (const { code, texts, table } of LANGUAGES) {
  test(`the demo restaurant sees its value over time, the 30-day change and top movers (${code})`, async ({
    page,
    context,
  }) => {
    await chooseLanguage(context, code);
    await openMarketValue(page);
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    // A paying account: its own cellar, not the sample.
    await expect(page.getByText(texts.sample.title)).toHaveCount(0);

    const figures = page.getByRole('region', { name: texts.figures.label });
    await expect(figures.getByText(texts.figures.total)).toBeVisible();
    // The cellar is worth something, and its 30-day change carries a sign.
    await expect(figures.locator('dd').first()).toHaveText(/[1-9]/);
    const change = figures.getByText(texts.figures.change30d.replace('{{days}}', '30')).locator('..');
    await expect(change.locator('dd').first()).toHaveText(/[+−±]/);

    // The local provider's figures say they are demo data, near the figures.
    await expect(page.getByText(texts.demo.text)).toBeVisible();

    // The value over time: a day per row in its table, most recent first.
    const overTime = page.getByRole('region', { name: texts.charts.overTime });
    await expect(overTime).toBeVisible();
    await expect(overTime.locator('.recharts-surface').first()).toBeVisible();
    await choose(overTime, table);
    await expect.poll(() => overTime.getByRole('table').locator('tbody tr').count()).toBeGreaterThan(30);

    const up = page.getByRole('region', { name: texts.movers.up });
    const down = page.getByRole('region', { name: texts.movers.down });
    await expect(up.getByRole('rowheader').first()).toBeVisible();
    await expect(down).toBeVisible();
    await expect(up.getByRole('rowheader').first().getByRole('link')).toHaveAttribute(
      'href',
      /\/wine-cellar\/wines\?wine=/,
    );

    // Every wine's value says where it comes from and how old it is.
    const wines = page.getByRole('region', { name: texts.table.title });
    const firstRow = wines.locator('tbody tr').first();
    await expect(firstRow).toContainText(new RegExp(Object.values(texts.sources).join('|')));

    await expectNoSidewaysScroll(page, `market value at 390 px (${code})`);
    await expectAxeClean(page, `market value (${code})`);
  });
}

test.describe('a free account on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('sees the sample on demo data beside the way to upgrade, with nothing sideways', async ({ page }) => {
    const texts = valueEn.marketValuePage;
    // The wine expert stays on the free plan (the private collector is the one the upgrade journey moves).
    await signInByApi(page, DEMO.expert);
    await page.goto(PATH);
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    await settled(page);

    await expect(page.getByText(texts.sample.title)).toBeVisible();
    await expect(page.getByText(texts.demo.text)).toBeVisible();
    await expect(page.getByRole('heading', { name: billingEn.billing.upgrade.title })).toBeVisible();
    const figures = page.getByRole('region', { name: texts.figures.label });
    await expect(figures.locator('dd').first()).toHaveText(/[1-9]/);
    await expect(page.getByRole('region', { name: texts.charts.overTime })).toBeVisible();
    // The sample's wines are not the viewer's: no link to a row of their cellar.
    await expect(page.getByRole('region', { name: texts.table.title }).getByRole('link')).toHaveCount(0);

    await expectNoSidewaysScroll(page, 'the market value sample at 360 px');
    await expectAxeClean(page, 'the market value sample');
  });
});
