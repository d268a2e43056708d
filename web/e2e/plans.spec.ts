import { expect, type Page, test } from '@playwright/test';
import billingEn from '../src/i18n/cellar/billing.en.json' with { type: 'json' };
import marketValueEn from '../src/i18n/cellar/market-value.en.json' with { type: 'json' };
import { API_HEADERS, DEMO, linkIn, newestMailTo, signInByApi, uniqueEmail } from './support/accounts';
import { expectAxeClean, settled } from './support/axe';
import { cellarCall, cellarSession } from './support/cellar-api';
import { expectNoSidewaysScroll } from './support/page-width';

/**
 * Plans: a free collector sees the analytics page's sample and the way to Plus, pays in the local payment
 * emulator, and comes back to its own cellar's figures and its plan; an administrator sets a plan by hand
 * with a reason that lands in the plan's history.
 *
 * Each journey registers its own collector: the demo accounts are shared by every journey of a run, and
 * upgrading one would change what the others see. Its cellar holds wines of its own (no catalogue wine,
 * so no market price): their value is the cascade's last step, the purchase price, which the journey
 * sets, so the figures it expects follow from what it typed.
 */

const BILLING = billingEn.billing;
const PAGE = marketValueEn.marketValuePage;
const PHONE = { width: 390, height: 844 };

interface Collector {
  email: string;
  password: string;
  userId: string;
}

/** A new private account, confirmed through its mailed link (which signs it in on `page`). */
async function newCollector(page: Page, label: string): Promise<Collector> {
  const person = { email: uniqueEmail(label), password: 'Barolo2016x' };
  const signUp = await page.request.post('/api/auth/sign-up', {
    headers: API_HEADERS,
    multipart: {
      email: person.email,
      password: person.password,
      confirmPassword: person.password,
      userType: 'PRIVATE_USER',
      birthDate: '1984-06-02',
      firstName: 'Siri',
      lastName: 'Samler',
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const mail = await newestMailTo(page.request, person.email);
  await page.goto(linkIn(mail, '/password-recovery'));
  await expect(page).toHaveURL(/\/feed$/);
  const session = await cellarSession(page.request, person);
  return { ...person, userId: session.userId };
}

test.describe('plans on a phone', () => {
  test.use({ viewport: PHONE });

  test('a free collector sees the sample, pays for Plus in the emulator and then sees its own cellar’s worth', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const collector = await newCollector(page, 'plus-buyer');
    const session = await cellarSession(page.request, collector);
    // Two wines with a purchase price (2 × 450.00 + 1 × 1,200.00 = 2,100.00 NOK) and one without any value.
    const suffix = Date.now().toString(36);
    for (const wine of [
      { wineName: `Langhe Nebbiolo ${suffix}`, quantity: 2, purchasePriceWovat: 45_000 },
      { wineName: `Barolo Riserva ${suffix}`, quantity: 1, purchasePriceWovat: 120_000 },
      { wineName: `Unpriced table wine ${suffix}`, quantity: 3 },
    ]) {
      await cellarCall(page.request, session, 'post', '/own-wines', {
        source: 'CUSTOM',
        vintage: 2019,
        bottleSize: 0.75,
        ...wine,
      });
    }

    // Free: the sample on demo data, and the way to each paid plan.
    await page.goto('/wine-cellar/analytics');
    await expect(page.getByRole('heading', { level: 1, name: PAGE.title })).toBeVisible();
    await expect(page.getByText(PAGE.sample.title)).toBeVisible();
    await expect(page.getByRole('heading', { name: BILLING.upgrade.title })).toBeVisible();
    await expect(page.getByText(BILLING.upgrade.price).first()).toBeVisible();
    const choosePlus = page.getByRole('link', { name: 'Choose Plus' });
    const checkout = await choosePlus.getAttribute('href');
    expect(checkout).toContain('/_dev/payments');
    expect(checkout).toContain(`client_reference_id=${collector.userId}`);
    await expect(page.getByRole('link', { name: 'Choose Pro' })).toHaveAttribute('href', /plan=pro/);
    await settled(page);
    await expectNoSidewaysScroll(page, 'the analytics sample at 390 px');
    await expectAxeClean(page, 'the analytics sample');

    // The local payment emulator: says what it is, and "Pay" completes the checkout.
    await choosePlus.click();
    await expect(page).toHaveURL(/\/_dev\/payments\?/);
    await expect(page.getByRole('heading', { name: /Plus/ })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on the page: its own figures now, not the sample.
    await expect(page).toHaveURL(/\/wine-cellar\/analytics$/);
    await expect(page.getByRole('status').filter({ hasText: PAGE.checkoutSuccess })).toBeVisible();
    await expect(page.getByText(PAGE.sample.title)).toHaveCount(0);
    const figures = page.getByRole('region', { name: PAGE.figures.label, exact: true });
    const total = figures.locator('div').filter({ has: page.getByText(PAGE.figures.total, { exact: true }) });
    await expect(total.locator('dd').first()).toContainText('2,100');
    await expect(figures.getByText('2 wines', { exact: true })).toBeVisible();
    await expect(figures.getByText('1 wine without a value')).toBeVisible();
    await expect(page.getByText(`Langhe Nebbiolo ${suffix}`).first()).toBeVisible();

    // The plan card: Plus, when it renews, and the billing portal.
    const card = page.getByRole('region', { name: BILLING.card.title, exact: true });
    await expect(card.getByText('Plus', { exact: true })).toBeVisible();
    await expect(card.getByText(/^Renews on \d{1,2} \w{3} \d{4}$/)).toBeVisible();
    await expect(card.getByRole('link', { name: BILLING.card.manage })).toHaveAttribute(
      'href',
      /\/_dev\/payments\/portal\?customer=/,
    );
    await settled(page);
    await expectNoSidewaysScroll(page, 'the paid analytics at 390 px');
    await expectAxeClean(page, 'the paid analytics');

    // The same plan where the account's settings are.
    await page.goto('/settings/profile');
    const plan = page.getByRole('region', { name: BILLING.profile.heading, exact: true });
    await expect(plan.getByText('Plus', { exact: true })).toBeVisible();
    await expect(plan.getByRole('link', { name: BILLING.card.manage })).toBeVisible();
    await expectNoSidewaysScroll(page, 'profile settings with the plan at 390 px');
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(page, 'profile settings with the plan at 360 px');
    await page.goto('/wine-cellar/analytics');
    await expect(page.getByRole('region', { name: BILLING.card.title, exact: true })).toBeVisible();
    await settled(page);
    await expectNoSidewaysScroll(page, 'the paid analytics at 360 px');
  });
});

test('an administrator sets a collector’s plan by hand; the reason is in its history', async ({ page }) => {
  test.setTimeout(90_000);
  const collector = await newCollector(page, 'manual-plan');
  await page.context().clearCookies();
  await signInByApi(page, DEMO.admin);

  await page.setViewportSize(PHONE);
  await page.goto('/admin/plans');
  await expect(page.getByRole('heading', { level: 1, name: BILLING.admin.title })).toBeVisible();
  await page.getByLabel(BILLING.admin.userLabel).fill(`http://localhost/users/${collector.userId}`);
  await page.getByRole('button', { name: BILLING.admin.find }).click();
  await expect(page.getByText(collector.email)).toBeVisible();
  await expect(page.getByText(BILLING.admin.noHistory)).toBeVisible();

  // No reason: the shared schema's message, nothing saved.
  await page.locator('label').filter({ hasText: /^Pro$/ }).click();
  await page.getByRole('button', { name: BILLING.admin.save }).click();
  await expect(page.getByText('Required')).toBeVisible();

  const reason = `Wine fair trial ${Date.now().toString(36)}`;
  await page.getByLabel(BILLING.admin.reason).fill(reason);
  await page.getByRole('button', { name: BILLING.admin.save }).click();
  const history = page.getByRole('region', { name: BILLING.admin.history, exact: true });
  await expect(history.getByText(reason)).toBeVisible();
  await expect(history.getByText('Free → Pro')).toBeVisible();
  await expect(page.getByText(BILLING.card.manual)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the admin plans page at 390 px');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page, 'the admin plans page at 360 px');
  await expectAxeClean(page, 'the admin plans page');

  // The collector's own plan says Pro now.
  const session = await cellarSession(page.request, collector);
  const answer = await page.request.get('/api/account/plan', {
    headers: { ...API_HEADERS, authorization: `Bearer ${session.token}` },
  });
  expect(((await answer.json()) as { payload: { plan: string } }).payload.plan).toBe('pro');
});
