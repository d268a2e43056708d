import type { PlanAnswer } from '@kork/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { api } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { AccountPlan } from './account-plan';
import { PlanCard } from './plan-card';
import { UpgradeCard } from './upgrade-card';

describe('the upgrade card', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('links each plan to its own checkout', async () => {
    const plan: PlanAnswer = {
      plan: 'free',
      checkoutUrl: 'https://pay.example/any',
      checkoutUrls: { plus: 'https://pay.example/plus', pro: 'https://pay.example/pro' },
    };
    renderWithProviders(<UpgradeCard plan={plan} />);
    expect((await screen.findByRole('link', { name: 'Choose Plus' })).getAttribute('href')).toBe(
      'https://pay.example/plus',
    );
    expect(screen.getByRole('link', { name: 'Choose Pro' }).getAttribute('href')).toBe(
      'https://pay.example/pro',
    );
    expect(screen.getAllByText('From $100/month')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Contact us' })).toBeNull();
  });

  it('falls back to the one checkout link for a plan without its own', async () => {
    renderWithProviders(
      <UpgradeCard
        plan={{
          plan: 'free',
          checkoutUrl: 'https://pay.example/any',
          checkoutUrls: { pro: 'https://pay.example/pro' },
        }}
      />,
    );
    expect((await screen.findByRole('link', { name: 'Choose Plus' })).getAttribute('href')).toBe(
      'https://pay.example/any',
    );
    expect(screen.getByRole('link', { name: 'Choose Pro' }).getAttribute('href')).toBe(
      'https://pay.example/pro',
    );
  });

  it('offers "contact us" when no checkout is configured', async () => {
    renderWithProviders(<UpgradeCard plan={{ plan: 'free', contactEmail: 'sales@kork.example' }} />);
    expect((await screen.findByRole('link', { name: 'Contact us' })).getAttribute('href')).toBe(
      'mailto:sales@kork.example',
    );
    expect(screen.queryByRole('link', { name: /Choose/ })).toBeNull();
  });

  it('reads the account’s own plan when it is not given one, in Norwegian too', async () => {
    await i18n.changeLanguage('nb');
    const get = vi.spyOn(api, 'get').mockResolvedValue({
      plan: 'free',
      checkoutUrls: { plus: '/_dev/payments?plan=plus', pro: '/_dev/payments?plan=pro' },
    } satisfies PlanAnswer);
    renderWithProviders(<UpgradeCard />);
    expect((await screen.findByRole('link', { name: 'Velg Plus' })).getAttribute('href')).toBe(
      '/_dev/payments?plan=plus',
    );
    expect(get).toHaveBeenCalledWith('/account/plan', expect.anything());
    get.mockRestore();
  });
});

describe('the plan card', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the plan, when it renews and the billing portal', async () => {
    renderWithProviders(
      <PlanCard
        plan={{ plan: 'pro', renewsAt: '2026-12-29T10:00:00Z', portalUrl: 'https://billing.example/p' }}
      />,
    );
    expect(await screen.findByText('Pro')).toBeTruthy();
    expect(screen.getByText('Renews on 29 Dec 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage subscription' }).getAttribute('href')).toBe(
      'https://billing.example/p',
    );
  });

  it('says when a cancelled plan ends', async () => {
    renderWithProviders(<PlanCard plan={{ plan: 'plus', endsAt: '2027-01-15T00:00:00Z' }} />);
    expect(await screen.findByText(/^Ends on 1[45] Jan 2027$/)).toBeTruthy();
    expect(screen.queryByText(/Renews on/)).toBeNull();
  });

  it('shows a downgrade waiting for the end of the paid period', async () => {
    renderWithProviders(
      <PlanCard
        plan={{
          plan: 'pro',
          renewsAt: '2027-02-01',
          pending: { plan: 'plus', from: '2027-02-01' },
          portalUrl: '/p',
        }}
      />,
    );
    expect(await screen.findByText('Changes to Plus on 1 Feb 2027')).toBeTruthy();
  });

  it('writes the dates in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderWithProviders(<PlanCard plan={{ plan: 'plus', renewsAt: '2027-03-09' }} />);
    expect(await screen.findByText('Fornyes 9. mars 2027')).toBeTruthy();
  });
});

describe('the account’s plan in its settings', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows a paying account its plan card and a free one the upgrade', async () => {
    const { unmount } = renderWithProviders(
      <AccountPlan plan={{ plan: 'plus', renewsAt: '2027-03-09', portalUrl: '/portal' }} />,
    );
    expect(await screen.findByRole('link', { name: 'Manage subscription' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Choose/ })).toBeNull();
    unmount();
    renderWithProviders(<AccountPlan plan={{ plan: 'free', checkoutUrl: '/checkout' }} />);
    expect((await screen.findByRole('link', { name: 'Choose Pro' })).getAttribute('href')).toBe('/checkout');
    expect(screen.queryByRole('link', { name: 'Manage subscription' })).toBeNull();
  });
});
