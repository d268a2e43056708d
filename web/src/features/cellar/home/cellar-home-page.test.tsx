import type { CellarDashboard, CellarWine, User } from '@kork/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { setCurrency } from '../../../lib/currency';
import { endSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { getDashboard } from '../api/dashboard';
import { CellarHomePage } from '../cellar-home-page';

vi.mock('../api/dashboard', () => ({ getDashboard: vi.fn() }));

const dashboard = vi.mocked(getDashboard);

const USER = { id: 'u1', email: 'ingrid@example.com', fullName: 'Ingrid Vik', role: 'user' } as User;

const WINE = {
  id: 'w1',
  wineDisplayName: 'Domaine Tempier Bandol 2019',
  quantity: 0,
  drinkingWindowFrom: 2024,
  drinkingWindowTo: 2030,
} as CellarWine;

/** Today, as the rates job would date a fresh set of rates. */
const TODAY = new Date().toISOString().slice(0, 10);
const todayText = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric' }).format(
  new Date(`${TODAY}T12:00:00`),
);

const DASHBOARD: CellarDashboard = {
  baseCurrency: 'EUR',
  viewCurrency: 'NOK',
  rate: { value: 11.7, date: TODAY, source: 'Norges Bank' },
  totals: { wines: 12, bottles: 48, purchaseValue: 120_000, sellingValue: 250_000 },
  viewTotals: { wines: 12, bottles: 48, purchaseValue: 1_404_000, sellingValue: 2_925_000 },
  drinkNow: [WINE],
  lowStock: [WINE],
  lowStockCount: { outOfStock: 1, runningLow: 0 },
  recentHistory: [],
  locations: 3,
};

/** Totals as the page writes them, in whole units; Testing Library reads no-break spaces as plain ones. */
const money = (major: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 })
    .format(major)
    .replace(/\s/g, ' ');

describe('the cellar home', () => {
  beforeAll(() => {
    // The assistant's growing question box listens for web fonts loading; the test DOM has no font set.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
      });
    }
  });

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    dashboard.mockReset();
    dashboard.mockResolvedValue(DASHBOARD);
    setCurrency('NOK');
    act(() => startSession({ access_token: 'header.e30.signature', user: USER }));
  });

  afterEach(() => {
    act(() => endSession());
  });

  it('shows the totals in the viewer’s currency with the rate, its date and source', async () => {
    renderWithProviders(<CellarHomePage />, { route: '/wine-cellar/home' });

    expect(await screen.findByText(money(14_040, 'NOK'))).toBeTruthy();
    expect(screen.getByText(money(29_250, 'NOK'))).toBeTruthy();
    expect(screen.getByText('48')).toBeTruthy();
    expect(screen.getByText(`${money(1_200, 'EUR')} in the cellar's currency`)).toBeTruthy();
    expect(screen.getByText(`1 EUR = 11.70 NOK, Norges Bank, ${todayText}`)).toBeTruthy();
    expect(dashboard).toHaveBeenCalledWith('u1', expect.any(AbortSignal));
  });

  it('says when the rate is more than a week old, in both languages', async () => {
    dashboard.mockResolvedValue({
      ...DASHBOARD,
      rate: { value: 11.7, date: '2025-10-01', source: 'Norges Bank reference rates (rounded)' },
    });
    renderWithProviders(<CellarHomePage />, { route: '/wine-cellar/home' });

    const rate = await screen.findByText(
      /^1 EUR = 11\.70 NOK, Norges Bank reference rates \(rounded\), October 1, 2025/,
    );
    expect(rate.textContent).toMatch(
      /This rate is more than a week old \(\d+ days\): no newer rates have been fetched\.$/,
    );

    await act(() => i18n.changeLanguage('nb'));
    expect(
      await screen.findByText(
        /Kursen er mer enn en uke gammel \(\d+ dager\): nyere kurser er ikke hentet\.$/,
      ),
    ).toBeTruthy();
  });

  it('lists what to drink now and marks an empty wine in low stock', async () => {
    renderWithProviders(<CellarHomePage />, { route: '/wine-cellar/home' });

    expect(await screen.findByText('Drink 2024–2030')).toBeTruthy();
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(screen.getByRole('link', { name: /See all history/ }).getAttribute('href')).toBe(
      '/wine-cellar/history',
    );
  });

  it('shows the wines about to run out under the sold-out ones, and says how many more there are', async () => {
    const wine = (id: string, wineDisplayName: string, quantity: number) =>
      ({ id, wineDisplayName, quantity }) as CellarWine;
    const out = Array.from({ length: 8 }, (_, i) => wine(`o${i}`, `Tom ${i + 1}`, 0));
    dashboard.mockResolvedValue({
      ...DASHBOARD,
      lowStock: [...out, wine('r1', 'Siste flaske', 1), wine('r2', 'Bare to', 2)],
      lowStockCount: { outOfStock: 12, runningLow: 5 },
    });
    renderWithProviders(<CellarHomePage />, { route: '/wine-cellar/home' });

    const panel = await screen.findByRole('region', { name: 'Low stock' });
    const rows = within(panel).getAllByRole('listitem');
    // Sold out first, in one line: how many, the names, and how many more.
    expect(rows[0]?.textContent).toBe('Out of stock12 wines: Tom 1, Tom 2, Tom 3 and 9 more');
    // Then each wine still running, fewest bottles first.
    expect(rows.slice(1).map((row) => row.textContent)).toEqual(['Siste flaske1 bottle', 'Bare to2 bottles']);
    expect(within(panel).getByText('3 more wines have two bottles or fewer.')).toBeTruthy();
  });

  it('fetches again when the viewer picks another currency', async () => {
    renderWithProviders(<CellarHomePage />, { route: '/wine-cellar/home' });
    await screen.findByText(money(14_040, 'NOK'));

    act(() => setCurrency('EUR'));

    await waitFor(() => expect(dashboard).toHaveBeenCalledTimes(2));
  });

  it('welcomes a new, empty cellar with the way to add the first wine', async () => {
    const empty = { wines: 0, bottles: 0, purchaseValue: 0, sellingValue: 0 };
    dashboard.mockResolvedValue({
      ...DASHBOARD,
      totals: empty,
      viewTotals: empty,
      drinkNow: [],
      lowStock: [],
      lowStockCount: { outOfStock: 0, runningLow: 0 },
    });
    renderWithProviders(<CellarHomePage />, { route: '/wine-cellar/home' });

    const add = await screen.findByRole('link', { name: 'Add your first wine' });
    expect(add.getAttribute('href')).toBe('/wine-cellar/wines');
    expect(screen.getByText('Cellar assistant')).toBeTruthy();
    expect(screen.getByText('Beta')).toBeTruthy();
    // The chat itself, loaded after the first screen, with the questions of a private collector.
    expect(await screen.findByRole('button', { name: 'What should I drink now?' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toBeTruthy();
  });
});
