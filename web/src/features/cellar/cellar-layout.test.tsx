import type { User } from '@kork/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { CellarLayout } from './cellar-layout';

function signIn(user: Partial<User>) {
  act(() =>
    startSession({
      access_token: 'header.e30.signature',
      user: { id: 'u1', email: 'a@example.com', fullName: 'A B', role: 'user', ...user } as User,
    }),
  );
}

function menuEntries(): string[] {
  const nav = screen.getByRole('navigation', { name: i18n.t('cellar.menuLabel') });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('the cellar menu per role', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  afterEach(() => {
    act(() => endSession());
  });

  it('offers a private cellar home, wines, wine lists, history, analytics and settings', () => {
    signIn({ userType: 'PRIVATE_USER', isBusiness: false, accountType: 1 });
    renderWithProviders(<CellarLayout />, { route: '/wine-cellar/home' });

    expect(menuEntries()).toEqual(['Home', 'Wines', 'Wine lists', 'History', 'Analytics', 'Settings']);
  });

  it('offers a restaurant all twelve sections in the order of the cellar', () => {
    signIn({ userType: 'RESTAURANT', isBusiness: true, accountType: 2 });
    renderWithProviders(<CellarLayout />, { route: '/wine-cellar/home' });

    expect(menuEntries()).toEqual([
      'Home',
      'Wines',
      'Wine lists',
      'History',
      'Sales analytics',
      'Stock count',
      'Analytics',
      'Beverages',
      'Price automator',
      'Orders',
      'Sales',
      'Settings',
    ]);
  });

  it('tells a private user who opens a business section that it is for business accounts', () => {
    signIn({ userType: 'PRIVATE_USER', isBusiness: false, accountType: 1 });
    renderWithProviders(<CellarLayout />, { route: '/wine-cellar/sales' });

    expect(screen.getByRole('heading', { name: 'Sales is for business accounts' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to cellar home' }).getAttribute('href')).toBe(
      '/wine-cellar/home',
    );
  });

  it('opens a business section for a business, in Norwegian too', async () => {
    await i18n.changeLanguage('nb');
    signIn({ userType: 'WINE_BAR', isBusiness: true, accountType: 2 });
    renderWithProviders(<CellarLayout />, { route: '/wine-cellar/sales-analytics' });

    expect(screen.queryByText(/er for bedriftskontoer/)).toBeNull();
    expect(menuEntries()).toHaveLength(12);
  });
});
