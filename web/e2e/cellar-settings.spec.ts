import { expect, test } from '@playwright/test';
import { DEMO, signInByApi } from './support/accounts';

test('the restaurant sets its cellar currency, glass size and VAT, and they stay after a reload', async ({
  page,
}) => {
  await signInByApi(page, DEMO.restaurant);
  await page.goto('/wine-cellar/settings');
  await expect(page.getByRole('heading', { name: 'Cellar settings' })).toBeVisible();

  const glass = page.getByRole('textbox', { name: /Default glass size/ });
  await expect(glass).toHaveValue(/15/);
  await glass.fill('100');
  await expect(page.getByText('Glass size can be at most 99 cl')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();

  await glass.fill('12');
  const vat = page.getByRole('group', { name: 'VAT per style' });
  await vat.getByRole('textbox', { name: /Non-alcoholic/ }).fill('15');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Cellar settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: /Default glass size/ })).toHaveValue(/12/);
  await expect(
    page.getByRole('group', { name: 'VAT per style' }).getByRole('textbox', { name: /Non-alcoholic/ }),
  ).toHaveValue(/15/);
});
