import type { CellarWine, CellarWinePage } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { clearToasts } from '../../../lib/notify';
import { endSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { listCategories } from '../api/categories';
import { createCellarWine } from '../api/create-cellar-wine';
import { getCellarWine } from '../api/get-cellar-wine';
import { listCellarWines } from '../api/list-cellar-wines';
import { listLocations } from '../api/locations';
import { updateCellarWine } from '../api/update-cellar-wine';
import { getCellars } from '../settings/api/get-cellars';
import { cellarFixture, cellarOwnerSession, cellarWineFixture, locationFixture } from '../test-fixtures';
import { CARDS_QUERY } from './cards-query';
import { CellarWinesPage } from './cellar-wines-page';

vi.mock('../api/list-cellar-wines', () => ({ listCellarWines: vi.fn() }));
vi.mock('../api/create-cellar-wine', () => ({ createCellarWine: vi.fn() }));
vi.mock('../api/update-cellar-wine', () => ({ updateCellarWine: vi.fn() }));
vi.mock('../api/get-cellar-wine', () => ({ getCellarWine: vi.fn() }));
vi.mock('../api/delete-cellar-wines', () => ({ deleteCellarWines: vi.fn() }));
vi.mock('../api/locations', () => ({ listLocations: vi.fn() }));
vi.mock('../api/categories', () => ({ listCategories: vi.fn() }));
vi.mock('../settings/api/get-cellars', () => ({ getCellars: vi.fn() }));
vi.mock('../../wines/api/search-wines', () => ({ searchWines: vi.fn() }));
// The locations panel and move dialog are their own feature with their own tests.
vi.mock('../locations/locations-panel', () => ({ LocationsPanel: () => null }));
vi.mock('../locations/move-wines-modal', () => ({ MoveWinesModal: () => null }));

const wines = vi.mocked(listCellarWines);
const create = vi.mocked(createCellarWine);
const update = vi.mocked(updateCellarWine);

function pageOf(rows: CellarWine[]): CellarWinePage {
  const bottles = rows.reduce((sum, row) => sum + row.quantity, 0);
  return {
    rows,
    count: rows.length,
    totals: { wines: rows.length, bottles, purchaseValue: 0, sellingValue: 0 },
  };
}

function renderPage(route = '/wine-cellar/wines') {
  renderWithProviders(<CellarWinesPage />, { route });
}

describe('the cellar wines page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    window.localStorage.clear();
    vi.mocked(getCellars).mockResolvedValue({ rows: [cellarFixture()], count: 1 });
    vi.mocked(listLocations).mockResolvedValue({ rows: [], count: 0 });
    vi.mocked(listCategories).mockResolvedValue({ rows: [], count: 0 });
    act(() => startSession(cellarOwnerSession()));
  });

  afterEach(() => {
    act(() => {
      clearToasts();
      endSession();
    });
  });

  it('welcomes an empty cellar with a way to add the first wine', async () => {
    wines.mockResolvedValue(pageOf([]));
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Your cellar is empty' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('No wines match')).toBeNull();
    expect(wines).toHaveBeenCalledWith(
      'u1',
      expect.objectContaining({ page: 1, resultsPerPage: 50 }),
      expect.any(AbortSignal),
    );
  });

  it('opens the add dialog when it is opened with ?add=1, as a batch import that found nothing links it', async () => {
    wines.mockResolvedValue(pageOf([]));
    renderPage('/wine-cellar/wines?add=1');

    expect(await screen.findByRole('tab', { name: 'Custom wine' })).toBeTruthy();
  });

  it('opens the wine a ?wine= link names (a wine in the cellar assistant’s answer)', async () => {
    wines.mockResolvedValue(pageOf([]));
    vi.mocked(getCellarWine).mockResolvedValue(
      cellarWineFixture({ id: 'w7', wineDisplayName: 'Château Musar 2016' }),
    );
    renderPage('/wine-cellar/wines?wine=w7');

    expect(await screen.findByRole('dialog', { name: 'Château Musar 2016' })).toBeTruthy();
    expect(getCellarWine).toHaveBeenCalledWith('u1', 'w7');
  });

  it('tells a search with no match apart from an empty cellar, and clears it', async () => {
    wines.mockResolvedValue(pageOf([]));
    renderPage('/wine-cellar/wines?q=riesling&stock=out');

    fireEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));

    // Nothing but paging is left in the query.
    await waitFor(() =>
      expect(wines).toHaveBeenLastCalledWith('u1', { page: 1, resultsPerPage: 50 }, expect.any(AbortSignal)),
    );
    expect(await screen.findByRole('heading', { name: 'Your cellar is empty' })).toBeTruthy();
    expect(wines).toHaveBeenCalledWith(
      'u1',
      expect.objectContaining({ search: 'riesling', inStock: false }),
      expect.any(AbortSignal),
    );
  });

  it('keeps a wine with 0 bottles in the list, marked', async () => {
    wines.mockResolvedValue(
      pageOf([
        cellarWineFixture(),
        cellarWineFixture({ id: 'w2', wineDisplayName: 'Empty Bottle NV', quantity: 0, placements: [] }),
      ]),
    );
    renderPage();

    const table = await screen.findByRole('table', { name: 'Wines in your cellar' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2] as HTMLElement).getByText('0 bottles – not on wine lists')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('0 bottles – not on wine lists')).toBeNull();
  });

  it('shows the active sort on its header and can clear it', async () => {
    wines.mockResolvedValue(pageOf([cellarWineFixture()]));
    renderPage('/wine-cellar/wines?sort=quantity&dir=desc');

    expect(await screen.findByText('Sorted by Bottles, descending')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Bottles/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(wines).toHaveBeenCalledWith(
      'u1',
      expect.objectContaining({ sortColumn: 'quantity', sortDirection: 'desc' }),
      expect.any(AbortSignal),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Clear sort' }));

    await waitFor(() => expect(screen.queryByText(/Sorted by/)).toBeNull());
    expect(screen.getByRole('columnheader', { name: /Bottles/ }).getAttribute('aria-sort')).toBe('none');
  });

  it('turns down a custom wine of 100 litres with the shared message, then adds it as CUSTOM', async () => {
    wines.mockResolvedValue(pageOf([]));
    create.mockImplementation(async (_user, input) =>
      cellarWineFixture({
        source: 'CUSTOM',
        wineDisplayName: `${'wineName' in input ? input.wineName : ''} NV`,
      }),
    );
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Add wine', hidden: false }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Custom wine' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Wine name/ }), {
      target: { value: 'House red' },
    });
    const size = screen.getByRole('textbox', { name: /Bottle size \(litres\)/ });
    fireEvent.change(size, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cellar' }));

    expect(await screen.findByText('Bottle size must be less than 100 litres')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(size, { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cellar' }));

    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(
      'u1',
      expect.objectContaining({
        source: 'CUSTOM',
        wineName: 'House red',
        bottleSize: 1.5,
        quantity: 1,
        vintage: null,
        locationId: null,
      }),
    );
    const body = create.mock.calls[0]?.[1] as Record<string, unknown>;
    expect(body).not.toHaveProperty('suggestedDrinkingWindowFrom');
    // The list is fetched again with the new wine.
    await waitFor(() => expect(wines).toHaveBeenCalledTimes(2));
  });

  it('fills the price inc VAT from the price ex VAT by the style’s VAT, and saves only that', async () => {
    wines.mockResolvedValue(pageOf([cellarWineFixture()]));
    update.mockImplementation(async () => cellarWineFixture());
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Open Brezza Barolo Cannubi 2019' }));
    const prices = await screen.findByRole('group', { name: 'Prices' });
    // The cellar's VAT arrives with the page; wait for it before typing.
    await waitFor(() => expect(getCellars).toHaveBeenCalled());
    fireEvent.change(within(prices).getByRole('textbox', { name: 'Purchase price ex VAT (NOK)' }), {
      target: { value: '100.00' },
    });

    const inc = within(prices).getByRole('textbox', {
      name: 'Purchase price inc VAT (NOK)',
    }) as HTMLInputElement;
    await waitFor(() => expect(inc.value).toBe('125.00'));

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('u1', 'w1', { purchasePriceWovat: 10000, purchasePriceWvat: 12500 });
  });

  describe('on a phone', () => {
    beforeEach(() => {
      // A 390 px screen: the cards query (and the locations drawer's) match.
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (query: string) =>
          ({
            matches: query === CARDS_QUERY || query === '(max-width: 74.99em)',
            media: query,
            onchange: null,
            addEventListener: () => {},
            removeEventListener: () => {},
            addListener: () => {},
            removeListener: () => {},
            dispatchEvent: () => false,
          }) as MediaQueryList,
      );
    });

    afterEach(() => {
      vi.restoreAllMocks();
    });

    const pair = () => [
      cellarWineFixture({ sellingPrice: 35000, placements: [{ locationId: 'rack', quantity: 6 }] }),
      cellarWineFixture({
        id: 'w2',
        wineDisplayName: 'Trimbach Riesling 2021',
        mainCategoryId: 'white',
        quantity: 1,
        placements: [{ locationId: null, quantity: 1 }],
        purchasePriceWovat: 18050,
      }),
    ];

    it('shows each wine as a card with its bottles, price, style and place, and no table', async () => {
      wines.mockResolvedValue(pageOf(pair()));
      vi.mocked(listLocations).mockResolvedValue({ rows: [locationFixture('rack', 'Rack A')], count: 1 });
      renderPage();

      const list = await screen.findByRole('list', { name: 'Wines in your cellar' });
      expect(screen.queryByRole('table')).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      const [barolo, riesling] = cards as [HTMLElement, HTMLElement];
      expect(within(barolo).getByText('Brezza Barolo Cannubi 2019')).toBeTruthy();
      expect(within(barolo).getByText('6 bottles')).toBeTruthy();
      // The selling price first; a wine without one shows the purchase price the table would.
      expect(within(barolo).getByText(/NOK\s350\.00/)).toBeTruthy();
      expect(await within(barolo).findByText('Red · Rack A')).toBeTruthy();
      expect(within(riesling).getByText('1 bottle')).toBeTruthy();
      expect(within(riesling).getByText(/NOK\s180\.50/)).toBeTruthy();
      expect(within(riesling).getByText('White · Uncategorized')).toBeTruthy();
    });

    it('opens the wine when its card is tapped, and selects it with its checkbox', async () => {
      wines.mockResolvedValue(pageOf(pair()));
      renderPage();

      fireEvent.click(await screen.findByText('Trimbach Riesling 2021'));
      expect(await screen.findByRole('dialog', { name: 'Trimbach Riesling 2021' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));

      fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brezza Barolo Cannubi 2019' }));
      expect(await screen.findByRole('toolbar', { name: '1 wine selected' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Move' })).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: 'Brezza Barolo Cannubi 2019' })).toBeNull();

      fireEvent.click(screen.getByRole('checkbox', { name: 'Select all wines on this page' }));
      expect(await screen.findByRole('toolbar', { name: '2 wines selected' })).toBeTruthy();
    });

    it('sorts with a compact select instead of column headers', async () => {
      wines.mockResolvedValue(pageOf(pair()));
      renderPage();

      fireEvent.click(await screen.findByRole('combobox', { name: 'Sort by' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Bottles, descending' }));

      await waitFor(() =>
        expect(wines).toHaveBeenLastCalledWith(
          'u1',
          expect.objectContaining({ sortColumn: 'quantity', sortDirection: 'desc' }),
          expect.any(AbortSignal),
        ),
      );
    });

    it('writes bottles in Norwegian', async () => {
      await i18n.changeLanguage('nb');
      wines.mockResolvedValue(pageOf(pair()));
      renderPage();

      const list = await screen.findByRole('list', { name: 'Viner i kjelleren din' });
      expect(within(list).getByText('6 flasker')).toBeTruthy();
      expect(within(list).getByText(/350,00\skr/)).toBeTruthy();
    });
  });
});
