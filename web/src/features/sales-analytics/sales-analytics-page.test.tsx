import type { MenuEngineering, SalesAnalytics, SalesFigures, WineFigures } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { cellarOwnerSession } from '../cellar/test-fixtures';
import { SalesAnalyticsPage } from './sales-analytics-page';
import { sortWines } from './wine-tables';

vi.mock(import('../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

// Charts need a laid-out page to draw; here their tables stand for them.
vi.mock('@mantine/charts', () => ({ AreaChart: () => null, BarChart: () => null }));

const get = vi.mocked(api.get);
const PATH = '/wine-cellars/users/u1/sales-analytics';

function figures(overrides: Partial<SalesFigures> = {}): SalesFigures {
  return {
    revenue: 1_000_000,
    revenueWithVat: 1_250_000,
    cost: 400_000,
    margin: 600_000,
    marginPercentage: 60,
    units: 100,
    glassUnits: 20,
    sales: 40,
    unitsWithoutCost: 0,
    ...overrides,
  };
}

function wine(id: string, name: string, overrides: Partial<WineFigures> = {}): WineFigures {
  return {
    ...figures(),
    ownWineId: id,
    wineDisplayName: name,
    mainCategoryId: 'red',
    country: 'Italia',
    ...overrides,
  };
}

const WINES = [
  wine('w1', 'Barolo Cannubi 2019', { units: 60, stock: 12, turnover: 5, daysOfStockLeft: 20 }),
  wine('w2', 'Chablis 2021', { revenue: 500_000, units: 40, stock: 80, turnover: 0.5, daysOfStockLeft: 300 }),
];

function analytics(overrides: Partial<SalesAnalytics> = {}): SalesAnalytics {
  return {
    from: '2025-01-01',
    to: '2025-03-31',
    groupBy: 'month',
    currency: 'NOK',
    totals: figures(),
    series: ['2025-01-01', '2025-02-01', '2025-03-01'].map((period) => ({ ...figures(), period })),
    byCategory: [{ ...figures(), key: 'red' }],
    byCountry: [{ ...figures(), key: 'Italia' }],
    byWine: WINES,
    topSellers: WINES,
    bottomSellers: [wine('w3', 'Riesling 2020', { units: 0, revenue: 0, stock: 24 })],
    shrinkage: {
      bottles: 2,
      value: 30_000,
      counts: [{ id: 'c1', date: '2025-02-28', name: 'February count', bottles: 2, value: 30_000 }],
    },
    ...overrides,
  };
}

function engineering(): MenuEngineering {
  const row = (
    id: string,
    name: string,
    klass: 'star' | 'plowhorse' | 'puzzle' | 'dog',
    margin: number,
    bottles: number,
  ) => ({
    ownWineId: id,
    wineDisplayName: name,
    class: klass,
    action: ({ star: 'keep', plowhorse: 'reprice', puzzle: 'feature', dog: 'drop' } as const)[klass],
    margin,
    bottles,
    listId: 'l1',
    sellingPrice: margin * 2,
  });
  return {
    from: '2025-01-01',
    to: '2025-03-31',
    currency: 'NOK',
    lists: [{ id: 'l1', name: 'Vinkart' }],
    thresholds: {
      margin: 30_000,
      popularity: 17.5,
      fairShare: 25,
      popularityShare: 0.7,
      wines: 4,
      bottles: 100,
    },
    rows: [
      row('w1', 'Barolo Cannubi 2019', 'puzzle', 60_000, 5),
      row('w2', 'Chablis 2021', 'star', 40_000, 40),
      row('w3', 'House red', 'plowhorse', 20_000, 40),
      row('w4', 'Rosé 2023', 'dog', 15_000, 15),
    ],
    unpriced: [],
    ladder: { gapPercent: 50, crowdingPercent: 5, crowdingMin: 3 },
    sections: [
      {
        id: 'red',
        name: 'Rødvin',
        steps: [
          { ownWineId: 'w3', price: 40_000, crowded: false, wineDisplayName: 'House red' },
          {
            ownWineId: 'w1',
            price: 120_000,
            gapPercent: 200,
            crowded: false,
            wineDisplayName: 'Barolo Cannubi 2019',
          },
        ],
      },
    ],
    deadStock: {
      days: 90,
      rows: [
        { ownWineId: 'w9', stock: 12, capital: 180_000, atLeastDays: 730, wineDisplayName: 'Old Rioja 2010' },
        { ownWineId: 'w8', stock: 2, capital: 0, daysSinceSale: 120, wineDisplayName: 'Cava 2020' },
        { ownWineId: 'w7', stock: 1, capital: 0, wineDisplayName: 'Sherry NV' },
      ],
      count: 3,
      capital: 180_000,
    },
  };
}

/** Sales analytics answers `value`; its wine-list engineering answers the fixture above. */
function answer(value: SalesAnalytics) {
  get.mockImplementation(async (path: string) =>
    path.endsWith('/menu-engineering') ? engineering() : value,
  );
}

describe('the sales analytics page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    act(() => startSession(cellarOwnerSession()));
  });

  afterEach(() => {
    act(() => endSession());
    queryClient.clear();
  });

  it('asks for the period in the address and shows its figures, tables and counts', async () => {
    answer(analytics());
    renderWithProviders(<SalesAnalyticsPage />, {
      route: '/wine-cellar/sales-analytics?from=2025-01-01&to=2025-03-31&group=month',
    });

    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(PATH, {
        query: { from: '2025-01-01', to: '2025-03-31', groupBy: 'month', top: 10 },
        signal: expect.anything(),
      }),
    );
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    expect(within(figures).getByText('Revenue excl. VAT')).toBeTruthy();
    expect(within(figures).getByText(/12,500 incl\. VAT/)).toBeTruthy();
    expect(within(figures).getByText('of which 20 by the glass')).toBeTruthy();
    expect(within(figures).getByText('60% of revenue')).toBeTruthy();
    // The margin's cost is the purchase price with duties, and the page says so.
    expect(within(figures).getByTestId('cost-basis').textContent).toMatch(
      /purchase price excl\. VAT when sold, duties included/,
    );

    const overTime = await screen.findByRole('region', { name: 'Revenue and margin' });
    fireEvent.click(within(overTime).getByRole('radio', { name: 'Table' }));
    const table = within(overTime).getByRole('table');
    // A heading row and one row per month.
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('rowheader', { name: 'Feb 2025' })).toBeTruthy();

    const top = screen.getByRole('region', { name: 'Top sellers' });
    expect(within(top).getByText('Barolo Cannubi 2019')).toBeTruthy();
    const shrinkage = screen.getByRole('region', { name: 'Shrinkage by stock count' });
    expect(within(shrinkage).getByRole('link', { name: 'February count' }).getAttribute('href')).toBe(
      '/wine-cellar/stock-count/c1',
    );
  });

  it('says what is wrong with a period that ends before it starts, without asking for it', async () => {
    renderWithProviders(<SalesAnalyticsPage />, {
      route: '/wine-cellar/sales-analytics?from=2025-03-01&to=2025-02-01',
    });
    expect(await screen.findByText('The end of the period must be on or after its start')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
  });

  it('keeps both ends of a custom period changed one right after the other', async () => {
    answer(analytics());
    renderWithProviders(<SalesAnalyticsPage />, {
      route: '/wine-cellar/sales-analytics?from=2025-01-01&to=2025-03-31',
    });
    const from = await screen.findByLabelText('From');
    const to = screen.getByLabelText('To');
    act(() => {
      fireEvent.change(from, { target: { value: '2025-02-01' } });
      fireEvent.change(to, { target: { value: '2025-02-20' } });
    });
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(PATH, {
        query: { from: '2025-02-01', to: '2025-02-20', groupBy: 'week', top: 10 },
        signal: expect.anything(),
      }),
    );
  });

  it('shows an empty period as such', async () => {
    answer(
      analytics({
        totals: figures({
          revenue: 0,
          revenueWithVat: 0,
          cost: 0,
          margin: 0,
          marginPercentage: undefined,
          units: 0,
          glassUnits: 0,
          sales: 0,
        }),
        series: [],
        byWine: [],
        topSellers: [],
      }),
    );
    renderWithProviders(<SalesAnalyticsPage />, { route: '/wine-cellar/sales-analytics' });
    expect(await screen.findByText('Nothing sold in this period')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Record a sale' }).getAttribute('href')).toBe(
      '/wine-cellar/sales',
    );
  });

  it('shows the listed wines by class with the action each suggests, price ladders and dead stock', async () => {
    answer(analytics());
    renderWithProviders(<SalesAnalyticsPage />, { route: '/wine-cellar/sales-analytics' });
    const section = await screen.findByRole('region', { name: 'Wine-list engineering' });
    expect(get).toHaveBeenCalledWith(
      `${PATH}/menu-engineering`,
      expect.objectContaining({ query: expect.objectContaining({ deadDays: '90' }) }),
    );
    const puzzles = await within(section).findByRole('region', { name: 'Puzzles' });
    expect(within(puzzles).getByText('Barolo Cannubi 2019')).toBeTruthy();
    expect(
      within(puzzles).getByRole('link', { name: 'Re-price Barolo Cannubi 2019' }).getAttribute('href'),
    ).toBe('/wine-cellar/wines?wine=w1');
    expect(
      within(puzzles)
        .getByRole('link', { name: 'Open Barolo Cannubi 2019 on its wine list' })
        .getAttribute('href'),
    ).toBe('/wine-cellar/wine-lists?list=l1');
    const dogs = within(section).getByRole('region', { name: 'Dogs' });
    expect(
      within(dogs).getByRole('link', { name: 'Drop Rosé 2023: open its wine list' }).getAttribute('href'),
    ).toBe('/wine-cellar/wine-lists?list=l1');
    // Counts in the sections' summaries speak of one wine and one gap in the singular.
    expect(within(section).getByRole('button', { name: /Rødvin/ }).textContent).toContain(
      '2 wines · 1 gap · 0 crowded',
    );
    fireEvent.click(within(section).getByRole('button', { name: /Rødvin/ }));
    expect(await within(section).findByText('Gap +200%')).toBeTruthy();
    expect(within(section).getByText(/3 wines hold NOK\s?1,800 at purchase price/)).toBeTruthy();
    // Days since a sale: found, none in the days searched, never sold.
    const deadRow = (name: string) =>
      within(section).getByRole('link', { name }).closest('tr')?.textContent ?? '';
    expect(deadRow('Old Rioja 2010')).toContain('730+');
    expect(deadRow('Cava 2020')).toContain('120');
    expect(deadRow('Sherry NV')).toContain('Never');
    expect(
      within(section).getByText(/Sales more than 730 days before the period’s end are not searched/),
    ).toBeTruthy();
    await act(() => i18n.changeLanguage('nb'));
    expect(await within(section).findByRole('region', { name: 'Gåter' })).toBeTruthy();
    expect(within(section).getByRole('region', { name: 'Arbeidshester' })).toBeTruthy();
  });

  it('sorts the wines by the column chosen, those without the figure last', async () => {
    answer(analytics());
    renderWithProviders(<SalesAnalyticsPage />, { route: '/wine-cellar/sales-analytics' });
    const section = await screen.findByRole('region', { name: 'Sales by wine' });
    const names = () =>
      within(section)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names()).toEqual(['Barolo Cannubi 2019', 'Chablis 2021']);
    fireEvent.click(within(section).getByRole('button', { name: 'Sort by Days of stock' }));
    expect(names()).toEqual(['Barolo Cannubi 2019', 'Chablis 2021']);
    fireEvent.click(within(section).getByRole('button', { name: 'Sort by Days of stock' }));
    expect(names()).toEqual(['Chablis 2021', 'Barolo Cannubi 2019']);
    expect(
      sortWines([wine('a', 'A'), wine('b', 'B', { turnover: 1 })], 'turnover', 'ascending').map(
        (w) => w.ownWineId,
      ),
    ).toEqual(['b', 'a']);
  });
});
