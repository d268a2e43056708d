import AxeBuilder from '@axe-core/playwright';
import type { PublicWineList, WineListCategory } from '@kork/shared';
import { expect, type Page, test } from '@playwright/test';
import { API_HEADERS, DEMO, signInByApi } from './support/accounts';
import { type CellarSession, cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * The price automator in the browser: a rule set built in the editor, previewed, applied behind its
 * confirmation; the new price on the cellar's wines page, in a public wine list and in the history. The
 * rule set's one range is a single øre wide, so only this journey's own wine is repriced and the demo
 * prices other journeys assert stay as they are.
 */

test.describe.configure({ timeout: 180_000 });

interface OwnWine {
  id: string;
  purchasePriceWvat?: number;
  sellingPrice?: number;
  pricePerGlass?: number;
}

/** Its purchase price ex VAT: no demo wine costs this; the range is the one øre of its price inc VAT. */
const PURCHASE_WOVAT = 987_656;

/** Minor units as typed in English: 1234570 → "12345.70". */
const typed = (minor: number) => (minor / 100).toFixed(2);

async function expectAxeClean(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${where}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

async function remove(page: Page, session: CellarSession, path: string) {
  await page.request.delete(`/api/wine-cellars/users/${session.userId}${path}`, {
    headers: { ...API_HEADERS, authorization: `Bearer ${session.token}` },
  });
}

test('a rule set built in the editor reprices one wine, behind a confirmation, on the wines page and in a wine list', async ({
  page,
}) => {
  const session = await cellarSession(page.request, DEMO.restaurant);
  const suffix = Date.now().toString(36);
  const name = `Price rule check ${suffix}`;
  const categories = await cellarCall<{ rows: WineListCategory[] }>(
    page.request,
    session,
    'get',
    '/wine-list-categories',
  );
  const category = categories.rows.find((row) => row.parentId === null && row.isVisible);
  expect(category, 'the demo restaurant has a visible wine list category').toBeDefined();
  const wine = await cellarCall<OwnWine>(page.request, session, 'post', '/own-wines', {
    source: 'CUSTOM',
    wineName: name,
    vintage: 2020,
    bottleSize: 0.75,
    quantity: 3,
    purchasePriceWovat: PURCHASE_WOVAT,
    sellingPrice: 1_500_000,
    pricePerGlass: 300_000,
    wineListCategoryId: category?.id,
  });
  const list = await cellarCall<{ id: string }>(page.request, session, 'post', '/wine-lists', {
    name: `Price check list ${suffix}`,
    isPublic: true,
    ownWineIds: [wine.id],
  });
  const basis = wine.purchasePriceWvat as number;
  expect(basis, 'the cellar works out the price inc VAT').toBeGreaterThan(PURCHASE_WOVAT);
  const setName = `One wine ${suffix}`;
  await signInByApi(page, DEMO.restaurant);

  try {
    // — Build the rule set in the editor —
    await page.goto('/wine-cellar/price-automator');
    await expect(page.getByRole('heading', { name: 'Price automator', level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'New rule set' }).click();
    const editor = page.getByRole('dialog', { name: 'New rule set' });
    await editor.getByRole('textbox', { name: 'Name' }).fill(setName);
    await expect(editor.getByRole('radio', { name: 'Inc VAT' })).toBeChecked();
    // The net basis is offered and says what it does; this set stays on the price inc VAT.
    await editor.getByText('Net', { exact: true }).click();
    await expect(editor.getByRole('radio', { name: 'Net' })).toBeChecked();
    await expect(editor.getByTestId('basis-hint')).toContainText(
      "bottle's excise, packaging tax and deposit",
    );
    await editor.getByText('Inc VAT', { exact: true }).click();
    await expect(editor.getByRole('radio', { name: 'Inc VAT' })).toBeChecked();
    await editor.getByRole('textbox', { name: 'From' }).fill(typed(basis));
    await editor.getByRole('textbox', { name: 'To' }).fill(typed(basis - 1));
    await editor.getByRole('textbox', { name: 'Addition' }).fill('100');
    await editor.getByRole('textbox', { name: 'Glass value' }).fill('20');
    await editor.getByRole('button', { name: 'Save rule set' }).click();
    // The schema's own rule, beside the field: the end of a range must be above its start.
    await expect(editor.getByText('The end of a range must be above its start')).toBeVisible();
    await editor.getByRole('textbox', { name: 'To' }).fill(typed(basis + 1));
    await expectAxeClean(page, 'rule set editor');
    await editor.getByRole('button', { name: 'Save rule set' }).click();
    await expect(page.getByText(`${setName} saved`)).toBeVisible();
    await expect(editor).toBeHidden();

    // — Preview: only this wine, its price doubled and rounded up to end in 9; the glass 20 % of that —
    const selling = Math.ceil((2 * basis - 900) / 1000) * 1000 + 900;
    const glass = Math.ceil((selling / 5 - 900) / 1000) * 1000 + 900;
    const money = (minor: number) =>
      new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(minor / 100);
    await page.getByRole('button', { name: `Preview ${setName}` }).click();
    await expect(page.getByTestId('preview-count')).toHaveText('1 wine gets a new price');
    const row = page.getByTestId('preview-row').filter({ hasText: name });
    await expect(row).toContainText(money(selling));
    await expect(row).toContainText(money(glass));
    await expectAxeClean(page, 'price preview');

    // — Apply, confirmed —
    await page.getByRole('button', { name: 'Apply prices' }).click();
    const confirm = page.getByRole('dialog', { name: 'Apply new prices' });
    await expect(confirm).toContainText('overrides the selling price of 1 wine');
    await expect(confirm).toContainText('It cannot be undone.');
    await confirm.getByRole('button', { name: 'Override 1 price' }).click();
    await expect(page.getByText('1 wine got a new price')).toBeVisible();
    const after = await cellarCall<OwnWine>(page.request, session, 'get', `/own-wines/${wine.id}`);
    expect(after.sellingPrice).toBe(selling);
    expect(after.pricePerGlass).toBe(glass);

    // — On the wines page, in the wine list and in the history —
    await page.goto(`/wine-cellar/wines?q=${encodeURIComponent(name)}`);
    const wineRow = page
      .getByRole('table', { name: 'Wines in your cellar' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(wineRow).toContainText(money(selling));
    const shown = await page.request.get(`/api/wine-lists/${list.id}`, { headers: API_HEADERS });
    expect(shown.ok()).toBe(true);
    const publicList = ((await shown.json()) as { payload: PublicWineList }).payload;
    const printed = publicList.sections
      .flatMap((section) => section.wines)
      .find((w) => w.name.includes(name));
    expect(printed?.printedBottlePrice).toMatchObject({ kind: 'text' });
    await page.goto(`/wine-list/${list.id}`);
    await expect(page.getByText(name).first()).toBeVisible();
    const whole = String(Math.floor(selling / 100));
    await expect(page.locator('main')).toContainText(
      new RegExp(`${whole.slice(0, -3)}[\\s,.]?${whole.slice(-3)}`),
    );
    await page.goto(`/wine-cellar/history?q=${encodeURIComponent(name)}`);
    await expect(
      page
        .getByTestId('history-event')
        .filter({ hasText: `New price: NOK 15,000.00 → NOK ${money(selling)}` })
        .first(),
    ).toBeVisible();
    // The apply's entry offers its way back: a new change, the apply itself stays.
    await expect(
      page.getByRole('button', { name: 'Restore the price before this apply' }).first(),
    ).toBeVisible();

    // — A set that would lower the price says so before anything is written; raise only keeps it —
    await page.goto('/wine-cellar/price-automator');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const edit = async () => {
      await page.getByRole('button', { name: `More for ${setName}` }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      return page.getByRole('dialog', { name: 'Edit rule set' });
    };
    let setEditor = await edit();
    await setEditor.getByRole('textbox', { name: 'Addition' }).fill('50');
    await setEditor.getByRole('button', { name: 'Save rule set' }).click();
    await expect(setEditor).toBeHidden();
    await page.getByRole('button', { name: `Preview ${setName}` }).click();
    await expect(page.getByTestId('impact-down')).toHaveText('1 price falls');
    await expect(page.getByTestId('impact-up')).toHaveText('0 prices rise');
    await page.getByRole('button', { name: 'Apply prices' }).click();
    const warned = page.getByRole('dialog', { name: 'Apply new prices' });
    await expect(warned).toContainText('1 price falls');
    await expect(warned).toContainText('Stock value at selling price:');
    await warned.getByRole('button', { name: 'Cancel' }).click();
    setEditor = await edit();
    await setEditor.getByRole('checkbox', { name: /^Raise only/ }).check();
    await setEditor.getByRole('button', { name: 'Save rule set' }).click();
    await expect(setEditor).toBeHidden();
    // Saving the set shown previews it again: nothing falls, so nothing changes.
    await expect(page.getByTestId('impact-down')).toHaveText('0 prices fall');
    await expect(page.getByTestId('preview-count')).toHaveText('0 wines get a new price');

    // — On a 360 px phone, in Norwegian: the preview as cards, nothing sideways —
    await chooseLanguage(page.context(), 'nb');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/wine-cellar/price-automator');
    await expect(page.getByRole('heading', { name: 'Prisautomat', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Priser til gjennomgang' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.getByRole('button', { name: `Forhåndsvis ${setName}` }).click();
    // Applied: the wine's prices are already the rule's, so nothing changes now.
    await expect(page.getByTestId('preview-count')).toHaveText('0 viner får ny pris');
    await expectNoSidewaysScroll(page, 'price automator at 360 px');
    await page.getByRole('button', { name: 'Nytt regelsett' }).click();
    const phoneEditor = page.getByRole('dialog', { name: 'Nytt regelsett' });
    await expect(phoneEditor.getByRole('textbox', { name: 'Fra' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'rule set editor at 360 px');
  } finally {
    const sets = await cellarCall<{ rows: { id: string; name: string }[] }>(
      page.request,
      session,
      'get',
      '/price-rules',
    );
    for (const set of sets.rows.filter((s) => s.name === setName))
      await remove(page, session, `/price-rules/${set.id}`);
    await remove(page, session, `/wine-lists/${list.id}`);
    await remove(page, session, `/own-wines?includeId=${wine.id}`);
  }
});
