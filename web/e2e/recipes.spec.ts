import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInByApi } from './support/accounts';
import { type CellarSession, cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * Beverages in the browser, in Norwegian: a cocktail made of two spirits of the demo cellar, its cost and
 * cost percentage worked out live in the editor and the same in the list as the server answers them; a new
 * selling price moves the figures; the page and its editor fit a phone and pass axe.
 */

test.describe.configure({ timeout: 180_000 });

interface OwnWine {
  id: string;
  wineDisplayName: string;
  purchasePriceWovat?: number;
}

interface RecipeAnswer {
  id: string;
  name: string;
  cost: number | null;
  costPercentage: number | null;
  sellBuyRatio: number | null;
}

/** Two spirits of the cellar with a purchase price; spirits of the run's own are added when it has fewer. */
async function twoSpirits(page: Page, session: CellarSession, suffix: string): Promise<OwnWine[]> {
  const found = await cellarCall<{ rows: OwnWine[] }>(
    page.request,
    session,
    'get',
    '/own-wines?mainCategoryId=spirits&resultsPerPage=50&page=1',
  );
  const priced = found.rows.filter((wine) => (wine.purchasePriceWovat ?? 0) > 0).slice(0, 2);
  const extra = [`Recipe gin ${suffix}`, `Recipe rum ${suffix}`];
  while (priced.length < 2) {
    const wine = await cellarCall<OwnWine>(page.request, session, 'post', '/own-wines', {
      source: 'CUSTOM',
      wineName: extra[priced.length],
      vintage: null,
      bottleSize: 0.7,
      mainCategoryId: 'spirits',
      quantity: 2,
      purchasePriceWovat: 28_000 + priced.length * 4_000,
    });
    priced.push(wine);
  }
  return priced;
}

/** Money and percentages as the page writes them in Norwegian: the browser's own Intl. */
async function nbMoney(page: Page, minor: number): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.NumberFormat('nb', {
        style: 'currency',
        currency: 'NOK',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(value / 100),
    minor,
  );
}

async function nbPercent(page: Page, percent: number): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.NumberFormat('nb', { style: 'percent', maximumFractionDigits: 1 }).format(value / 100),
    percent,
  );
}

async function recipeNamed(page: Page, session: CellarSession, name: string): Promise<RecipeAnswer> {
  const list = await cellarCall<{ rows: RecipeAnswer[] }>(page.request, session, 'get', '/recipes');
  const recipe = list.rows.find((row) => row.name === name);
  expect(recipe, `recipe ${name}`).toBeDefined();
  return recipe as RecipeAnswer;
}

async function expectAxeClean(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations, `${where}: ${JSON.stringify(results.violations, null, 2)}`).toEqual([]);
}

async function pickWine(page: Page, name: string) {
  const picker = page.getByRole('combobox', { name: 'Legg til vin eller brennevin' });
  await picker.click();
  await picker.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

test('a cocktail of two spirits: live cost and cost %, the same in the list, and a new price moves them', async ({
  page,
}) => {
  const session = await cellarSession(page.request, DEMO.restaurant);
  const suffix = Date.now().toString(36);
  const [first, second] = (await twoSpirits(page, session, suffix)) as [OwnWine, OwnWine];
  const name = `Husets cocktail ${suffix}`;

  await chooseLanguage(page.context(), 'nb');
  await signInByApi(page, DEMO.restaurant);
  await page.goto('/wine-cellar/beverages');
  await expect(page.getByRole('heading', { name: 'Drikkevarer', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Ny oppskrift' }).first().click();
  const editor = page.getByRole('dialog', { name: 'Ny oppskrift' });
  await editor.getByRole('textbox', { name: 'Navn', exact: true }).fill(name);
  await pickWine(page, first.wineDisplayName);
  await pickWine(page, second.wineDisplayName);
  const lines = editor.getByTestId('recipe-ingredient');
  await expect(lines).toHaveCount(2);
  await lines.nth(1).getByRole('textbox', { name: 'Mengde' }).fill('2');
  await editor.getByRole('textbox', { name: 'Salgspris inkl. mva.' }).fill('180');
  const liveCost = await editor.getByTestId('recipe-cost').textContent();
  const livePercentage = await editor.getByTestId('recipe-cost-percentage').textContent();
  expect(liveCost).not.toBe('–');
  await expectAxeClean(page, 'the recipe editor in Norwegian');
  await editor.getByRole('button', { name: 'Lagre oppskrift' }).click();
  await expect(page.getByText('Oppskriften er lagret', { exact: true })).toBeVisible();

  // The editor's live figures are the server's.
  const saved = await recipeNamed(page, session, name);
  expect(saved.cost).not.toBeNull();
  expect(liveCost).toBe(await nbMoney(page, saved.cost as number));
  expect(livePercentage).toBe(await nbPercent(page, saved.costPercentage as number));

  await page.getByRole('searchbox', { name: 'Søk i oppskrifter' }).fill(suffix);
  const row = page.getByTestId('recipe-row').filter({ hasText: name });
  await expect(row).toContainText(liveCost as string);
  await expect(row).toContainText(livePercentage as string);
  await expectAxeClean(page, 'the beverages list in Norwegian');

  // A higher selling price: a lower cost percentage, a higher ratio, in the editor and the list.
  await row.getByRole('button', { name }).click();
  const edit = page.getByRole('dialog', { name: 'Rediger oppskrift' });
  await expect(edit.getByTestId('recipe-cost')).toHaveText(liveCost as string);
  await edit.getByRole('textbox', { name: 'Salgspris inkl. mva.' }).fill('240');
  const newPercentage = await edit.getByTestId('recipe-cost-percentage').textContent();
  expect(newPercentage).not.toBe(livePercentage);
  await edit.getByRole('button', { name: 'Lagre oppskrift' }).click();
  await expect(edit).toBeHidden();
  const changed = await recipeNamed(page, session, name);
  expect(changed.cost).toBe(saved.cost);
  expect(changed.costPercentage as number).toBeLessThan(saved.costPercentage as number);
  expect(changed.sellBuyRatio as number).toBeGreaterThan(saved.sellBuyRatio as number);
  await expect(row).toContainText(await nbPercent(page, changed.costPercentage as number));
  await expect(row).toContainText(await nbMoney(page, 24_000));
});

test('the beverages page and its editor fit a 360 px phone, in Norwegian', async ({ page }) => {
  await chooseLanguage(page.context(), 'nb');
  await signInByApi(page, DEMO.restaurant);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 780 });
    await page.goto('/wine-cellar/beverages');
    await expect(page.getByRole('heading', { name: 'Drikkevarer', level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByTestId('recipe-card').first()).toBeVisible();
    await expectNoSidewaysScroll(page, `beverages at ${width} px`);
    await page.getByTestId('recipe-card').first().click();
    const editor = page.getByRole('dialog', { name: 'Rediger oppskrift' });
    await expect(editor).toBeVisible();
    await expect(editor.getByTestId('recipe-ingredient').first()).toBeVisible();
    await expectNoSidewaysScroll(page, `recipe editor at ${width} px`);
    await page.keyboard.press('Escape');
  }
  await expectAxeClean(page, 'the beverages page on a phone');
});
