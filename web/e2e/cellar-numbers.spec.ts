import { expect, test } from '@playwright/test';
import { DEMO, signInByApi } from './support/accounts';
import { cellarCall, cellarSession } from './support/cellar-api';

/** Numbers in the cellar's wine drawer mean what was typed: nothing wrong is saved, nothing is guessed. */

interface OwnWine {
  id: string;
  quantity: number;
  sellingPrice?: number;
}

test('bad numbers are refused in the drawer and change nothing; "add 2" adds two bottles', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const session = await cellarSession(page.request);
  const name = `Number check ${Date.now().toString(36)}`;
  const wine = await cellarCall<OwnWine>(page.request, session, 'post', '/own-wines', {
    source: 'CUSTOM',
    wineName: name,
    vintage: 2020,
    bottleSize: 0.75,
    quantity: 4,
    sellingPrice: 45000,
  });
  const fresh = () => cellarCall<OwnWine>(page.request, session, 'get', `/own-wines/${wine.id}`);

  await signInByApi(page, DEMO.restaurant);
  await page.goto(`/wine-cellar/wines?q=${encodeURIComponent(name)}`);
  const table = page.getByRole('table', { name: 'Wines in your cellar' });
  await table.getByText(name).click();
  const drawer = page.getByRole('dialog', { name: `${name} 2020` });
  const save = drawer.getByRole('button', { name: 'Save changes' });

  // "abc" as the price: said beside the field, kept as typed.
  const price = drawer.getByRole('textbox', { name: 'Selling price inc VAT (NOK)' });
  await expect(price).toHaveValue('450.00');
  await price.fill('abc');
  await expect(drawer.getByText('Must be a number')).toBeVisible();
  await expect(price).toHaveValue('abc');
  await expect(save).toBeDisabled();

  // "-5" bottles as a new total: the schema's own bounds, the minus sign kept.
  await drawer.getByRole('tab', { name: /^Quantity and locations/ }).click();
  await drawer.getByText('Set the total', { exact: true }).click();
  const total = drawer.getByRole('textbox', { name: 'Bottles in total' });
  await total.fill('-5');
  await expect(drawer.getByText('Must be between 0 and 1,000,000')).toBeVisible();
  await expect(total).toHaveValue('-5');
  // The wheel over the field scrolls; it never changes the number.
  await total.hover();
  await page.mouse.wheel(0, -200);
  await expect(total).toHaveValue('-5');
  await expect(save).toBeDisabled();
  // Enter in the field is refused too.
  await total.press('Enter');
  await expect(drawer.getByRole('tab', { name: /Pricing.*has errors/ })).toBeVisible();

  // Nothing was saved.
  await page.reload();
  expect(await fresh()).toMatchObject({ quantity: 4, sellingPrice: 45000 });
  await table.getByText(name).click();
  await expect(drawer.getByRole('textbox', { name: 'Selling price inc VAT (NOK)' })).toHaveValue('450.00');

  // "Add 2": sent as a change on the count there is, and the drawer stays open on the result.
  await drawer.getByRole('tab', { name: 'Quantity and locations' }).click();
  await drawer.getByRole('textbox', { name: 'Bottles to add' }).fill('2');
  await expect(drawer.getByText('After saving: 6 bottles.')).toBeVisible();
  await save.click();
  await expect(page.getByText(`${name} 2020 saved`)).toBeVisible();
  await expect(drawer.getByRole('status')).toHaveText(/Saved/);
  await expect(drawer.getByText('Now 6 bottles in all.')).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Bottles to add' })).toHaveValue('');
  expect((await fresh()).quantity).toBe(6);
});
