import AxeBuilder from '@axe-core/playwright';
import type { StockCountSheet } from '@kork/shared';
import { expect, type Page, test } from '@playwright/test';
import { API_HEADERS, DEMO, signInByApi } from './support/accounts';
import { type CellarSession, cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';
import { chooseLanguage } from './support/routes';

/**
 * A stock count on a phone in a cellar without a network: figures entered offline wait on the device,
 * survive a reload without a network, are sent when it is back, and finishing the count sets the stock.
 * A blind count of the whole cellar as a bar counts it: compact rows (eight wines and more on a phone's
 * screen), no "Expected" while it is open, and an open bottle typed "2,5" kept as 2.5.
 */

test.use({ viewport: { width: 390, height: 844 } });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`),
    }));
}

interface Wine {
  id: string;
  quantity: number;
}

/** A location of the demo cellar with bottles in it, as the count's location choice names it. */
async function aLocation(
  request: Parameters<typeof cellarCall>[0],
  session: CellarSession,
): Promise<{ id: string; path: string }> {
  const { rows } = await cellarCall<{
    rows: { id: string; name: string; parentId: string | null; bottles: number }[];
  }>(request, session, 'get', '/locations');
  const parents = new Set(rows.map((row) => row.parentId).filter(Boolean));
  const leaves = rows.filter((row) => row.bottles > 0 && !parents.has(row.id));
  const location = leaves.sort((a, b) => a.bottles - b.bottles).find((row) => row.bottles >= 3) ?? leaves[0];
  expect(location, 'a location with bottles in the demo cellar').toBeTruthy();
  // The choice names a location by its path from the top ("Cellar › Rack A").
  const byId = new Map(rows.map((row) => [row.id, row]));
  const names: string[] = [];
  for (let at = location; at; at = at.parentId ? byId.get(at.parentId) : undefined) names.unshift(at.name);
  return { id: location?.id ?? '', path: names.join(' › ') };
}

function countedField(page: Page, line: StockCountSheet['lines'][number]) {
  return page.getByRole('textbox', { name: `Counted, ${line.wineDisplayName}`, exact: true });
}

test('a count goes on offline, survives a reload without a network and sets the stock when finished', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await cellarSession(request);
  const location = await aLocation(request, session);
  await signInByApi(page, DEMO.restaurant);

  // A new count, limited to one location.
  await page.goto('/wine-cellar/stock-count');
  await expect(page.getByRole('heading', { level: 1, name: 'Stock count' })).toBeVisible();
  await page
    .getByRole('button', { name: /^(New count|Start your first count)$/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'New stock count' });
  await dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('Cellar walk');
  await dialog.getByRole('combobox', { name: 'Locations (optional)' }).click();
  await page.getByRole('option', { name: location.path, exact: true }).first().click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Start count' }).click();
  await expect(page).toHaveURL(/\/wine-cellar\/stock-count\/[^/]+$/);
  const countId = decodeURIComponent(page.url().split('/').pop() ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'Cellar walk' })).toBeVisible();

  const sheet = await cellarCall<StockCountSheet>(request, session, 'get', `/stock-counts/${countId}`);
  expect(sheet.locationIds).toEqual([location.id]);
  // Lines of wines that appear once, so a field's name finds one line.
  const once = sheet.lines.filter(
    (line) => sheet.lines.filter((other) => other.ownWineId === line.ownWineId).length === 1,
  );
  expect(once.length, 'wines to count in the location').toBeGreaterThan(0);
  const first = once[0] as StockCountSheet['lines'][number];
  const second = once[1] ?? first;
  const before = await cellarCall<Wine>(request, session, 'get', `/own-wines/${first.ownWineId}`);

  // The service worker holds the app before the network goes: activated, in control of the page, nothing
  // installing or waiting, every file of its precache list stored, and among them the page itself and
  // every script and style this page has loaded (what a reload without a network asks for again). Polled
  // from here: `page.waitForFunction` does not await an async predicate, so it would take the promise
  // itself as a truthy answer and let the network go while the worker is still installing.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          if (registration?.active?.state !== 'activated' || !navigator.serviceWorker.controller)
            return false;
          if (registration.installing || registration.waiting) return false;
          const source = await (await fetch('/sw.js', { cache: 'no-store' })).text();
          const listed = source.match(/\{url:"/g)?.length ?? 0;
          let stored = 0;
          for (const name of await caches.keys()) stored += (await (await caches.open(name)).keys()).length;
          if (listed === 0 || stored < listed) return false;
          const files = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter(
              (url) =>
                url.origin === window.location.origin && /^\/assets\/.+\.(?:js|css)$/.test(url.pathname),
            )
            .map((url) => url.pathname);
          for (const file of ['/index.html', ...files]) {
            if (!(await caches.match(file, { ignoreSearch: true }))) return false;
          }
          return true;
        }),
      { message: 'the service worker has stored the app', timeout: 60_000, intervals: [250] },
    )
    .toBe(true);

  // Online: the figures go at once.
  await countedField(page, first).fill(String((first.expected ?? 0) + 2));
  if (second !== first) {
    await page.getByRole('button', { name: `One more of ${second.wineDisplayName}`, exact: true }).click();
  }
  await expect(page.getByText('All entries saved')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status').getByText('Offline')).toHaveCount(0);

  // Offline: they wait on the device.
  await context.setOffline(true);
  await countedField(page, first).fill(String((first.expected ?? 0) + 3));
  if (second !== first) await countedField(page, second).fill(String(second.expected ?? 0));
  const waiting = second === first ? '1 entry waiting' : '2 entries waiting';
  await expect(page.getByText(waiting)).toBeVisible();
  await expect(page.getByRole('status').getByText('Offline')).toBeVisible();

  // The waiting figures stay on the page while the network is gone.
  await expect(countedField(page, first)).toHaveValue(String((first.expected ?? 0) + 3));
  if (second !== first) await expect(countedField(page, second)).toHaveValue(String(second.expected ?? 0));

  // A reload without a network: the app from the service worker, the sheet from this device's copy, and
  // the waiting figures on top of it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Cellar walk' })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByText(waiting)).toBeVisible();
  await expect(page.getByRole('status').getByText('Offline')).toBeVisible();
  await expect(countedField(page, first)).toHaveValue(String((first.expected ?? 0) + 3));
  if (second !== first) await expect(countedField(page, second)).toHaveValue(String(second.expected ?? 0));

  // Back online: the queue drains.
  await context.setOffline(false);
  await expect(page.getByText('All entries saved')).toBeVisible({ timeout: 20_000 });
  const saved = await cellarCall<StockCountSheet>(request, session, 'get', `/stock-counts/${countId}`);
  expect(saved.lines.find((line) => line.ownWineId === first.ownWineId)?.counted).toBe(
    (first.expected ?? 0) + 3,
  );
  if (second !== first)
    expect(saved.lines.find((line) => line.ownWineId === second.ownWineId)?.counted).toBe(
      second.expected ?? 0,
    );

  // The sheet reads well: nothing sticks out at 360 px, and no serious accessibility violations.
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page, 'the count sheet at 360 px');
  await page.setViewportSize({ width: 390, height: 844 });

  // Finishing the latest count sets the inventory.
  await page.getByRole('button', { name: 'Finish count' }).click();
  const finish = page.getByRole('dialog', { name: 'Finish this count?' });
  await expect(finish.getByText(/This is the latest count/)).toBeVisible();
  await finish.getByRole('button', { name: 'Finish count' }).click();
  // The page itself tells the outcome (the toast that also says so goes after four seconds).
  await expect(page.getByText('Inventory updated', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();

  const after = await cellarCall<Wine>(request, session, 'get', `/own-wines/${first.ownWineId}`);
  expect(after.quantity).toBe(before.quantity + 3);

  // The wines page shows the new stock, the history the count.
  await page.goto(`/wine-cellar/wines?q=${encodeURIComponent(first.wineDisplayName)}`);
  const escaped = first.wineDisplayName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(
    page.getByRole('button', { name: new RegExp(`^${escaped}.* ${after.quantity} bottles?\\b`) }).first(),
  ).toBeVisible();
  await page.goto('/wine-cellar/history');
  await expect(page.getByText('Counted', { exact: true }).first()).toBeVisible();

  // The list shows the finished count; in Norwegian too.
  await chooseLanguage(context, 'nb');
  await page.goto(`/wine-cellar/stock-count/${encodeURIComponent(countId)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cellar walk' })).toBeVisible();
  await expect(page.getByText('Beholdning oppdatert', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Last ned PDF' })).toBeVisible();
  await page.goto('/wine-cellar/stock-count');
  await expect(page.getByRole('heading', { level: 1, name: 'Varetelling' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cellar walk' }).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'the stock counts in Norwegian');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a blind count shows no Expected, fits eight wines on a phone and keeps "2,5" as 2.5', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const session = await cellarSession(request);
  await signInByApi(page, DEMO.restaurant);
  await page.goto('/wine-cellar/stock-count');
  await page
    .getByRole('button', { name: /^(New count|Start your first count)$/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'New stock count' });
  await dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('Bar blind');
  await dialog.getByRole('checkbox', { name: 'Blind count' }).check();
  await dialog.getByRole('button', { name: 'Start count' }).click();
  await expect(page).toHaveURL(/\/wine-cellar\/stock-count\/[^/]+$/);
  const countId = decodeURIComponent(page.url().split('/').pop() ?? '');
  try {
    await expect(page.getByRole('heading', { level: 1, name: 'Bar blind' })).toBeVisible();
    await expect(page.getByText('Blind count', { exact: true }).first()).toBeVisible();
    const rows = page.getByRole('list', { name: 'Wines to count' }).getByRole('listitem');
    await expect(rows.nth(8)).toBeVisible();
    // Blind: the counters see no expected bottles and no difference, and the API sends none.
    await expect(page.getByText(/Expected/)).toHaveCount(0);
    const sheet = await cellarCall<StockCountSheet>(request, session, 'get', `/stock-counts/${countId}`);
    expect(sheet.lines.length).toBeGreaterThan(8);
    expect(sheet.lines.some((line) => line.expected !== undefined)).toBe(false);

    // Compact rows: with the first row scrolled to the top of what the sticky bars leave (and not under
    // them), eight rows and more are whole on the 390 × 844 screen.
    await rows.first().evaluate((row) => row.scrollIntoView({ block: 'start' }));
    const viewport = page.viewportSize() ?? { width: 390, height: 844 };
    const top = (await rows.first().boundingBox())?.y ?? viewport.height;
    const uncovered = await rows.first().evaluate((row) => {
      const box = row.getBoundingClientRect();
      return row.contains(document.elementFromPoint(box.left + 8, box.top + 8));
    });
    expect(uncovered, 'the first row is not under the sticky bars').toBe(true);
    let whole = 0;
    for (let index = 0; index < Math.min(16, sheet.lines.length); index++) {
      const box = await rows.nth(index).boundingBox();
      if (box && box.y >= top - 1 && box.y + box.height <= viewport.height) whole++;
    }
    expect(whole, 'wines whole on one screen').toBeGreaterThanOrEqual(8);
    const first = await rows.first().boundingBox();
    expect(first?.height ?? 999, 'a row’s height').toBeLessThanOrEqual(80);

    // An open bottle typed with a comma is two and a half bottles, saved exactly.
    const field = rows.first().getByRole('textbox');
    await field.fill('2,5');
    await field.press('Enter');
    await expect(page.getByText('All entries saved')).toBeVisible({ timeout: 15_000 });
    await expect(field).toHaveValue(/^2[.,]5$/);
    await expect
      .poll(async () => {
        const saved = await cellarCall<StockCountSheet>(request, session, 'get', `/stock-counts/${countId}`);
        return saved.lines.filter((item) => item.counted !== undefined).map((item) => item.counted);
      })
      .toEqual([2.5]);
    await expect(page.getByText(/Expected|Diff\./)).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'the blind count sheet at 390 px');
  } finally {
    // The count goes again, so it never stands in another journey's way.
    await request.delete(
      `/api/wine-cellars/users/${session.userId}/stock-counts/${encodeURIComponent(countId)}`,
      {
        headers: { ...API_HEADERS, authorization: `Bearer ${session.token}` },
      },
    );
  }
});
