import type { HistoryEntry } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { endSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { listHistory } from '../api/history';
import { listLocations } from '../api/locations';
import { getCellars } from '../settings/api/get-cellars';
import { cellarFixture, cellarOwnerSession, locationFixture } from '../test-fixtures';
import { CARDS_QUERY } from '../wines/cards-query';
import { CellarHistoryPage } from './cellar-history-page';

vi.mock('../api/history', () => ({ listHistory: vi.fn() }));
vi.mock('../api/locations', () => ({ listLocations: vi.fn() }));
vi.mock('../settings/api/get-cellars', () => ({ getCellars: vi.fn() }));

const history = vi.mocked(listHistory);
const locations = vi.mocked(listLocations);
const cellars = vi.mocked(getCellars);

const MOVED: HistoryEntry = {
  id: 'h1',
  at: '2026-03-14T18:30:00Z',
  action: 'MOVED',
  ownWineId: 'w1',
  wineDisplayName: 'Domaine Tempier Bandol 2019',
  actorId: 'u1',
  actorName: 'Ingrid Vik',
  before: { quantity: 2, placements: [{ locationId: 'rack-a', quantity: 2 }] },
  after: { quantity: 2, placements: [{ locationId: 'shelf-2', quantity: 2 }] },
};

const PRICES: HistoryEntry = {
  ...MOVED,
  id: 'h2',
  action: 'PRICES',
  before: { sellingPrice: 30000 },
  after: { sellingPrice: 35000 },
};

function renderPage(route = '/wine-cellar/history') {
  renderWithProviders(<CellarHistoryPage />, { route });
}

describe('the cellar history page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    history.mockReset();
    history.mockResolvedValue({ rows: [MOVED, PRICES], count: 2 });
    locations.mockResolvedValue({
      rows: [
        locationFixture('rack-a', 'Rack A'),
        locationFixture('shelf-2', 'Shelf 2', null, { order: 1, bottles: 2 }),
      ],
      count: 2,
    });
    cellars.mockResolvedValue({ rows: [cellarFixture()], count: 1 });
    act(() => startSession(cellarOwnerSession()));
  });

  afterEach(() => {
    act(() => endSession());
  });

  it('shows a move with the names of both locations, and prices as money', async () => {
    renderPage();

    expect(await screen.findByText('Rack A: 2')).toBeTruthy();
    expect(screen.getByText('Shelf 2: 2')).toBeTruthy();
    expect(history).toHaveBeenCalledWith('u1', { page: 1, resultsPerPage: 50 }, expect.any(AbortSignal));

    const rows = screen.getAllByRole('row');
    const moved = rows.find((row) => within(row).queryByText('Rack A: 2'));
    expect(within(moved as HTMLElement).getByText('Moved')).toBeTruthy();
    expect(within(moved as HTMLElement).getByText('Ingrid Vik')).toBeTruthy();
    // The total is unchanged by a move, so only the locations are listed.
    expect(within(moved as HTMLElement).queryByText('Bottles:')).toBeNull();

    // Testing Library reads the page's no-break spaces as plain ones.
    const money = (amount: number) =>
      new Intl.NumberFormat('en', { style: 'currency', currency: 'NOK' }).format(amount).replace(/\s/g, ' ');
    expect(await screen.findByText(money(300))).toBeTruthy();
    expect(screen.getByText(money(350))).toBeTruthy();
    expect(screen.getByText('2 entries')).toBeTruthy();
  });

  it('groups a large number of entries the Norwegian way', async () => {
    await i18n.changeLanguage('nb');
    history.mockResolvedValue({ rows: [MOVED, PRICES], count: 12345 });
    renderPage();

    // Testing Library reads the no-break space between the groups as a plain one.
    expect(await screen.findByText('12 345 hendelser')).toBeTruthy();
    expect(await screen.findByText('Rack A: 2')).toBeTruthy();
  });

  it('says "at least" while more entries follow, and how far back a search looked', async () => {
    history.mockResolvedValue({
      rows: [MOVED, PRICES],
      count: 250,
      more: true,
      searchedBackTo: '2024-03-12T10:00:00.000Z',
    });
    renderPage();

    expect(await screen.findByText('At least 250 entries')).toBeTruthy();
    expect(
      screen.getByText('Searched back to 12 Mar 2024. Choose dates to search older changes.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /page 5/i })).toBeTruthy();
  });

  it('sends a chosen action as a filter', async () => {
    renderPage();
    await screen.findByText('Rack A: 2');

    fireEvent.click(screen.getByRole('combobox', { name: 'Actions' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sold' }));

    await waitFor(() =>
      expect(history).toHaveBeenLastCalledWith(
        'u1',
        { page: 1, resultsPerPage: 50, action: ['SOLD'] },
        expect.any(AbortSignal),
      ),
    );
  });

  it('reads the filters from the address and says when nothing matches', async () => {
    history.mockResolvedValue({ rows: [], count: 0 });
    renderPage('/wine-cellar/history?action=MOVED,COUNTED&q=bandol&from=2026-01-01&page=2');

    expect(await screen.findByText('No entries match')).toBeTruthy();
    expect(history).toHaveBeenCalledWith(
      'u1',
      { page: 2, resultsPerPage: 50, action: ['MOVED', 'COUNTED'], search: 'bandol', from: '2026-01-01' },
      expect.any(AbortSignal),
    );
  });

  it('welcomes a cellar with no history yet', async () => {
    history.mockResolvedValue({ rows: [], count: 0 });
    renderPage();

    expect(await screen.findByText('No history yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your wines' }).getAttribute('href')).toBe(
      '/wine-cellar/wines',
    );
  });

  it('shows one card per entry on a phone, with the action, wine, change and date', async () => {
    const media = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === CARDS_QUERY,
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    try {
      renderPage();

      const list = await screen.findByRole('list', { name: 'Cellar history, page 1 of 1' });
      expect(screen.queryByRole('table')).toBeNull();
      // One card per entry (each card lists its changes in a list of its own).
      const cards = [...list.children];
      expect(cards).toHaveLength(2);
      const moved = cards[0] as HTMLElement;
      expect(within(moved).getByText('Moved')).toBeTruthy();
      expect(within(moved).getByText('Domaine Tempier Bandol 2019')).toBeTruthy();
      expect(await within(moved).findByText('Rack A: 2')).toBeTruthy();
      expect(within(moved).getByText('Shelf 2: 2')).toBeTruthy();
      expect(moved.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-14T18:30:00Z');
      expect(within(cards[1] as HTMLElement).getByText('Prices')).toBeTruthy();
    } finally {
      media.mockRestore();
    }
  });
});
