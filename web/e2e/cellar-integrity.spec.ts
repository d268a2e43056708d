import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInByApi } from './support/accounts';
import { cellarCall, cellarSession } from './support/cellar-api';

/** The cellar never clamps or duplicates silently: moves, catalogue wines already there, location names. */

interface Row {
  id: string;
  wineId?: string;
  wineName: string;
  wineDisplayName: string;
  quantity: number;
}

function locationsPanel(page: Page) {
  return page.getByRole('navigation', { name: 'Locations' });
}

test('moving 10 of 4 bottles is refused beside the field, and "Move all 4" moves them', async ({ page }) => {
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36);
  const session = await cellarSession(page.request);
  const from = await cellarCall<{ id: string }>(page.request, session, 'post', '/locations', {
    name: `Crate ${suffix}`,
  });
  const to = `Bar shelf ${suffix}`;
  await cellarCall(page.request, session, 'post', '/locations', { name: to });
  const name = `Four bottles ${suffix}`;
  await cellarCall(page.request, session, 'post', '/own-wines', {
    source: 'CUSTOM',
    wineName: name,
    vintage: 2019,
    bottleSize: 0.75,
    quantity: 4,
    locationId: from.id,
  });

  await signInByApi(page, DEMO.restaurant);
  await page.goto('/wine-cellar/wines');
  await locationsPanel(page)
    .getByRole('button', { name: new RegExp(`^Crate ${suffix}`) })
    .click();
  const table = page.getByRole('table', { name: 'Wines in your cellar' });
  await table.getByRole('checkbox', { name: new RegExp(`^Select .*${name}`) }).check();
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  const move = page.getByRole('dialog', { name: /Move 1 wine/ });
  await page.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: new RegExp(`^${to}$`) }).click();

  const field = move.getByRole('textbox', { name: `Bottles to move from Crate ${suffix}` });
  await field.fill('10');
  await expect(move.getByText('Only 4 bottles there')).toBeVisible();
  // Kept as typed, and nothing can be sent while it asks for more than there is.
  await expect(field).toHaveValue('10');
  await expect(move.getByRole('button', { name: 'Move bottles' })).toBeDisabled();

  await move.getByRole('button', { name: 'Move all 4' }).click();
  await expect(field).toHaveValue('4');
  await expect(move.getByText('Only 4 bottles there')).toHaveCount(0);
  await move.getByRole('button', { name: 'Move 4 bottles' }).click();
  await expect(page.getByText(`4 bottles moved to ${to}`)).toBeVisible();

  const rows = await cellarCall<{ rows: (Row & { placements: unknown })[] }>(
    page.request,
    session,
    'get',
    `/own-wines?search=${encodeURIComponent(name)}`,
  );
  expect(rows.rows).toHaveLength(1);
  expect(rows.rows[0]?.quantity).toBe(4);
  expect(rows.rows[0]?.placements).toEqual([{ locationId: expect.any(String), quantity: 4 }]);
});

test('a catalogue wine already in the cellar says so, and adding 2 makes it N+2 in the same row', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const session = await cellarSession(page.request);
  const held = await cellarCall<{ rows: Row[] }>(
    page.request,
    session,
    'get',
    '/own-wines?source=KORK&inStock=true&resultsPerPage=50&sortColumn=quantity&sortDirection=desc',
  );
  // A wine with a name of its own among the demo cellar's wines, so the catalogue search finds it first.
  const wine = held.rows.find(
    (row) => held.rows.filter((other) => other.wineName === row.wineName).length === 1,
  ) as Row;
  expect(wine).toBeTruthy();
  const bottles = wine.quantity;

  await signInByApi(page, DEMO.restaurant);
  await page.goto('/wine-cellar/wines');
  await page.getByRole('button', { name: 'Add wine' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add wine' });
  await dialog.getByRole('searchbox', { name: 'Search the Kork catalogue' }).fill(wine.wineName);
  const results = dialog.getByRole('list', { name: 'Catalogue wines' });
  const result = results
    .getByRole('button')
    .filter({ hasText: wine.wineName })
    .filter({ hasText: `In your cellar (${bottles} bottles)` })
    .first();
  await expect(result).toBeVisible();
  await result.click();

  await expect(dialog.getByText('This wine is already in your cellar.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add to cellar', exact: true })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Bottles to add' }).fill('2');
  await dialog.getByRole('button', { name: 'Add to the wine in the cellar' }).click();
  await expect(
    page.getByText(`2 bottles added to ${wine.wineDisplayName}: ${bottles + 2} in the cellar`),
  ).toBeVisible();

  const after = await cellarCall<{ rows: Row[] }>(
    page.request,
    session,
    'get',
    `/own-wines?wineId=${wine.wineId}`,
  );
  expect(after.rows.map((row) => [row.id, row.quantity])).toEqual([[wine.id, bottles + 2]]);
});

test('a location named like another under the same parent is refused with the rule beside the name', async ({
  page,
}) => {
  test.setTimeout(45_000);
  const suffix = Date.now().toString(36);
  const room = `Cold room ${suffix}`;
  await signInByApi(page, DEMO.restaurant);
  await page.goto('/wine-cellar/wines');
  const panel = locationsPanel(page);

  await panel.getByRole('button', { name: 'Add location' }).click();
  let dialog = page.getByRole('dialog', { name: 'New location' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(room);
  await dialog.getByRole('button', { name: 'Add location' }).click();
  await expect(panel.getByRole('button', { name: new RegExp(`^${room}`) })).toBeVisible();

  await panel.getByRole('button', { name: 'Add location' }).click();
  dialog = page.getByRole('dialog', { name: 'New location' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`  ${room.toUpperCase()} `);
  await dialog.getByRole('button', { name: 'Add location' }).click();
  await expect(dialog.getByText('A location with this name already exists here')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('button', { name: new RegExp(`^${room}`, 'i') })).toHaveCount(1);
});
