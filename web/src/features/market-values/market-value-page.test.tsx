import type { MarketValueAnswer, PlanAnswer, WineValue } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ApiError, api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { cellarOwnerSession } from '../cellar/test-fixtures';
import { MarketValuePage } from './market-value-page';

vi.mock(import('../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

// Charts need a laid-out page to draw; their tables stand for them.
vi.mock('@mantine/charts', () => ({ AreaChart: () => null, BarChart: () => null }));

const get = vi.mocked(api.get);
const PATH = '/wine-cellars/users/u1/market-value';

function today(offsetDays = 0): string {
  const now = new Date(Date.now() - offsetDays * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function wine(id: string, name: string, overrides: Partial<WineValue> = {}): WineValue {
  return {
    ownWineId: id,
    wineDisplayName: name,
    vintage: 2016,
    bottles: 6,
    unitValue: 250_000,
    value: 1_500_000,
    source: 'market',
    priceType: 'mid',
    asOf: today(),
    demo: true,
    purchaseValue: 1_200_000,
    region: 'Piemonte',
    categoryId: 'cat-red',
    ...overrides,
  };
}

const WINES = [
  wine('w1', 'Barolo Cannubi 2016'),
  wine('w2', 'Chablis Premier Cru 2020', {
    source: 'own',
    priceType: undefined,
    unitValue: 40_000,
    value: 240_000,
    asOf: today(3),
    demo: false,
  }),
  wine('w3', 'Rioja Reserva 2015', {
    source: 'community',
    priceType: undefined,
    unitValue: 30_000,
    value: 90_000,
    bottles: 3,
    demo: false,
  }),
  wine('w4', 'Sancerre 2022', {
    source: 'purchase',
    priceType: undefined,
    unitValue: 25_000,
    value: 50_000,
    bottles: 2,
    asOf: '2025-03-14',
    demo: false,
  }),
];

function answer(overrides: Partial<MarketValueAnswer> = {}): MarketValueAnswer {
  return {
    currency: 'NOK',
    asOf: today(),
    total: 1_880_000,
    change30d: { amount: 45_000, percent: 2.4 },
    sincePurchase: { amount: 280_000, percent: 17.5, purchaseValue: 1_600_000 },
    valued: 4,
    unvalued: 12,
    bySource: { own: 1, market: 1, community: 1, purchase: 1 },
    series: [
      { date: today(2), total: 1_850_000 },
      { date: today(1), total: 1_860_000 },
      { date: today(), total: 1_880_000 },
    ],
    topMovers: {
      up: [
        {
          ownWineId: 'w1',
          wineDisplayName: 'Barolo Cannubi 2016',
          value: 1_500_000,
          valueBefore: 1_440_000,
          amount: 60_000,
          percent: 4.2,
        },
      ],
      down: [
        {
          ownWineId: 'w3',
          wineDisplayName: 'Rioja Reserva 2015',
          value: 90_000,
          valueBefore: 105_000,
          amount: -15_000,
          percent: -14.3,
        },
      ],
    },
    byRegion: [{ key: 'Piemonte', value: 1_500_000, bottles: 6, wines: 1 }],
    byVintage: [{ key: '2016', value: 1_500_000, bottles: 6, wines: 1 }],
    byCategory: [{ key: 'cat-red', value: 1_500_000, bottles: 6, wines: 1 }],
    mostValuable: WINES.slice(0, 2),
    wines: WINES,
    demo: true,
    sample: false,
    ...overrides,
  };
}

const PAID: PlanAnswer = {
  plan: 'pro',
  renewsAt: '2027-01-01T00:00:00Z',
  portalUrl: 'https://pay.example/portal',
};
const FREE: PlanAnswer = {
  plan: 'free',
  checkoutUrls: { plus: 'https://pay.example/plus', pro: 'https://pay.example/pro' },
};

function serve(routes: Record<string, () => unknown>) {
  get.mockImplementation(async (path: string) => {
    const route = routes[path];
    if (!route) return { rows: [], count: 0 };
    return route();
  });
}

describe('the market value page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    act(() => startSession(cellarOwnerSession()));
  });

  afterEach(() => {
    act(() => endSession());
    queryClient.clear();
  });

  it('shows the figures with their sources and ages, the demo badge and the wines without a value', async () => {
    serve({ [PATH]: () => answer(), '/account/plan': () => PAID });
    renderWithProviders(<MarketValuePage />, { route: '/wine-cellar/analytics' });

    const figures = await screen.findByRole('region', { name: 'Key figures' });
    expect(within(figures).getByText('Total value')).toBeTruthy();
    // The 30-day change says its direction with a sign and a word, not with colour alone.
    const change = within(figures).getByText('Change, last 30 days').parentElement as HTMLElement;
    expect(change.textContent).toMatch(/Up\s*\+.*450.*\(\+2\.4%\)/);
    // Wines without a value are counted as such, never added as zero.
    expect(within(figures).getByText('12 wines without a value')).toBeTruthy();

    // The demo data says so near the figures.
    expect(screen.getByText(/local demo price provider/)).toBeTruthy();

    const table = screen.getByRole('region', { name: 'All valued wines' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    const barolo = within(table).getByRole('row', { name: /Barolo Cannubi/ });
    expect(within(barolo).getByText('Market price')).toBeTruthy();
    expect(within(barolo).getByText('Demo data')).toBeTruthy();
    expect(within(barolo).getByText('today')).toBeTruthy();
    expect(within(barolo).getByRole('link', { name: 'Barolo Cannubi 2016' }).getAttribute('href')).toBe(
      '/wine-cellar/wines?wine=w1',
    );
    const chablis = within(table).getByRole('row', { name: /Chablis/ });
    expect(within(chablis).getByText('Your value')).toBeTruthy();
    expect(within(chablis).getByText('3 days ago')).toBeTruthy();
    expect(within(chablis).queryByText('Demo data')).toBeNull();
    expect(within(table).getByText('Community average')).toBeTruthy();
    const sancerre = within(table).getByRole('row', { name: /Sancerre/ });
    expect(within(sancerre).getByText('Purchase price')).toBeTruthy();
    expect(within(sancerre).getByText('14 Mar 2025')).toBeTruthy();

    const down = screen.getByRole('region', { name: 'Top movers down' });
    expect(within(down).getByText(/−.*150/)).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Manage/ })).toBeTruthy();
    expect(screen.queryByText('Sample on demo data')).toBeNull();
  });

  it("names regions in the reader's language, as the catalogue stores them in Norwegian", async () => {
    serve({
      [PATH]: () => answer({ byRegion: [{ key: 'Burgund', value: 1_500_000, bottles: 6, wines: 1 }] }),
      '/account/plan': () => PAID,
    });
    renderWithProviders(<MarketValuePage />, { route: '/wine-cellar/analytics' });

    const regions = await screen.findByRole('region', { name: 'Value by region' });
    fireEvent.click(within(regions).getByRole('radio', { name: 'Table' }));
    expect(within(regions).getByRole('rowheader', { name: 'Burgundy' })).toBeTruthy();
  });

  it('shows a large cellar 50 wines at a time, and more on asking', async () => {
    const many = Array.from({ length: 120 }, (_, i) => wine(`m${i}`, `Wine number ${i + 1}`));
    serve({ [PATH]: () => answer({ wines: many }), '/account/plan': () => PAID });
    renderWithProviders(<MarketValuePage />, { route: '/wine-cellar/analytics' });

    const table = await screen.findByRole('region', { name: 'All valued wines' });
    // A header row and 50 wines.
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getByText('Showing 50 of 120 wines; the export has them all.')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Show 50 more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    fireEvent.click(within(table).getByRole('button', { name: 'Show 20 more' }));
    expect(within(table).getAllByRole('row')).toHaveLength(121);
    expect(within(table).queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('names no demo data when none of the figures is', async () => {
    serve({
      [PATH]: () => answer({ demo: false, wines: [WINES[1] as WineValue], mostValuable: [], unvalued: 0 }),
      '/account/plan': () => PAID,
    });
    renderWithProviders(<MarketValuePage />, { route: '/wine-cellar/analytics' });

    const figures = await screen.findByRole('region', { name: 'Key figures' });
    expect(within(figures).getByText('0 wines without a value')).toBeTruthy();
    expect(screen.queryByText('Demo data')).toBeNull();
  });

  it('shows a free plan the sample on demo data and the way to upgrade', async () => {
    serve({
      [PATH]: () => {
        throw new ApiError('Market value comes with Plus and Pro', 403, 'planRequired');
      },
      '/market-value/sample': () => answer({ sample: true }),
      '/account/plan': () => FREE,
    });
    renderWithProviders(<MarketValuePage />, { route: '/wine-cellar/analytics' });

    expect(await screen.findByText('Sample on demo data')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Choose Pro' })).toBeTruthy();
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    expect(within(figures).getByText('12 wines without a value')).toBeTruthy();
    // The sample's wines are not the viewer's: nothing leads to a row of their cellar.
    const table = screen.getByRole('region', { name: 'All valued wines' });
    expect(within(table).queryByRole('link')).toBeNull();
    expect(within(table).getAllByText('Demo data').length).toBeGreaterThan(0);
    expect(get).toHaveBeenCalledWith('/market-value/sample', expect.anything());
  });

  it('reads the plan and the figures again after a checkout, and says it worked', async () => {
    serve({ [PATH]: () => answer(), '/account/plan': () => PAID });
    renderWithProviders(<MarketValuePage />, { route: '/wine-cellar/analytics?checkout=success' });

    expect(await screen.findByText(/Your plan is active/)).toBeTruthy();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/account/plan', expect.anything()));
    await waitFor(() => expect(get).toHaveBeenCalledWith(PATH, expect.anything()));
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    serve({ [PATH]: () => answer(), '/account/plan': () => PAID });
    renderWithProviders(<MarketValuePage />, { route: '/wine-cellar/analytics' });

    const figures = await screen.findByRole('region', { name: 'Nøkkeltall' });
    expect(within(figures).getByText('12 viner uten verdi')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Størst økning' })).toBeTruthy();
    expect(screen.getAllByText('Markedspris').length).toBeGreaterThan(0);
  });
});
