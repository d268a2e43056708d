import { expect, test } from '@playwright/test';
import { DEMO, signInByApi } from './support/accounts';
import { expectAxeClean, settled } from './support/axe';
import { cellarSession, emptyCart } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';

/** The cellar home as the demo restaurant sees it, on a phone: from "Low stock" to a filled cart. */

test('the demo restaurant reorders its low stock into the cart by supplier in one tap', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The cart starts empty: an earlier journey (the assistant's) may have put the same wines in it.
  await emptyCart(page.request, await cellarSession(page.request, DEMO.restaurant));
  await signInByApi(page, DEMO.restaurant);
  await page.goto('/wine-cellar/home');

  // — Low stock: the wines at or under their reorder point, each with the days its bottles last —
  const panel = page.getByRole('region', { name: 'Low stock' });
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  await expect(panel.getByRole('listitem').first()).toContainText(/\d+ bottles? · (\d+ days? left|no sales)/);
  // The navbar's cart ("Cart" when empty, "Cart, 3 items" with bottles in it), in the phone's menu at 390 px.
  const navbarCart = page.getByRole('link', { name: /^Cart(, \d+ items?)?$/, includeHidden: true });
  const cartLabel = await navbarCart.getAttribute('aria-label');
  const before = Number(cartLabel?.match(/\d+/)?.[0] ?? 0);

  // — Reorder: suggested bottles grouped by supplier, each line editable —
  await panel.getByRole('button', { name: 'Reorder' }).click();
  const drawer = page.getByRole('dialog', { name: 'Reorder' });
  await expect(drawer).toBeVisible();
  const suppliers = drawer.getByRole('heading', { level: 3 });
  await expect(suppliers.first()).toBeVisible();
  const names = (await suppliers.allTextContents()).filter((name) => !name.startsWith('No marketplace'));
  expect(names.length).toBeGreaterThan(0);
  // A line the supplier can still fill: one suggested with bottles (a suggestion is bounded by the
  // supplier's stock less what the cart already holds of it; other journeys may have filled the cart).
  let changedGroup = names[0] as string;
  let changedIndex = 0;
  for (const name of names) {
    const values = await drawer
      .getByRole('region', { name })
      .getByRole('textbox', { name: /^Bottles to order of / })
      .evaluateAll((inputs) => inputs.map((i) => Number((i as HTMLInputElement).value)));
    const index = values.findIndex((value) => value > 0);
    if (index >= 0) {
      changedGroup = name;
      changedIndex = index;
      break;
    }
  }
  const firstGroup = drawer.getByRole('region', { name: changedGroup });
  const firstLine = firstGroup.getByRole('textbox', { name: /^Bottles to order of / }).nth(changedIndex);
  const lineLabel = await firstLine.evaluate(
    (input) => input.getAttribute('aria-label') ?? (input as HTMLInputElement).labels?.[0]?.textContent ?? '',
  );
  const firstWine = lineLabel.replace(/^Bottles to order of /, '').trim();
  await firstLine.fill('1');
  await settled(page);
  await expectNoSidewaysScroll(page, 'the Reorder view at 390 px');
  await expectAxeClean(page, 'the Reorder view');

  // — One tap: every supplier's bottles go into the cart, and the navbar's count follows —
  let bottles = 0;
  for (const name of names) {
    const fields = drawer
      .getByRole('region', { name })
      .getByRole('textbox', { name: /^Bottles to order of / });
    for (const value of await fields.evaluateAll((inputs) =>
      inputs.map((i) => (i as HTMLInputElement).value),
    ))
      bottles += Number(value);
  }
  await drawer.getByRole('button', { name: 'Add to cart' }).click();
  await expect(drawer.getByRole('status')).toContainText('in the cart now');
  await expect(navbarCart).toHaveAttribute('aria-label', `Cart, ${before + bottles} items`);

  // — The cart, by supplier: the changed line's supplier's part holds the wine whose line was changed (other
  // journeys may have put bottles of it there before, so its line is at least the one typed) —
  await drawer.getByRole('link', { name: 'Open the cart' }).click();
  await expect(page.getByRole('heading', { name: 'Cart', level: 1 })).toBeVisible();
  for (const name of names) await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  const first = page
    .getByTestId('cart-group')
    .filter({ has: page.getByRole('heading', { name: changedGroup }) });
  // The cart names a line by the supplier's wine name, which the cellar's display name contains.
  await expect
    .poll(() =>
      first.getByRole('textbox', { name: /^Bottles of / }).evaluateAll(
        (inputs, wine) =>
          inputs.some((i) => {
            const name = (i.getAttribute('aria-label') ?? '').replace(/^Bottles of /, '');
            return name !== '' && wine.includes(name) && Number((i as HTMLInputElement).value) >= 1;
          }),
        firstWine,
      ),
    )
    .toBe(true);
  await settled(page);
  await expectNoSidewaysScroll(page, 'the cart at 390 px');
});
