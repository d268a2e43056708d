import type { CellarWine, CellarWinePage, WineDetail } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { clearToasts } from '../../../lib/notify';
import { renderWithProviders } from '../../../test/render';
import { listCategories } from '../../cellar/api/categories';
import { createCellarWine } from '../../cellar/api/create-cellar-wine';
import { listHistory } from '../../cellar/api/history';
import { listCellarWines } from '../../cellar/api/list-cellar-wines';
import { listLocations } from '../../cellar/api/locations';
import { updateCellarWine } from '../../cellar/api/update-cellar-wine';
import { getCellars } from '../../cellar/settings/api/get-cellars';
import { cellarFixture, cellarWineFixture, locationFixture } from '../../cellar/test-fixtures';
import { WineCellarTabs } from './wine-cellar-tabs';

vi.mock('../../cellar/api/list-cellar-wines', () => ({ listCellarWines: vi.fn() }));
vi.mock('../../cellar/api/create-cellar-wine', () => ({ createCellarWine: vi.fn() }));
vi.mock('../../cellar/api/update-cellar-wine', () => ({ updateCellarWine: vi.fn() }));
vi.mock('../../cellar/api/get-cellar-wine', () => ({ getCellarWine: vi.fn() }));
vi.mock('../../cellar/api/history', () => ({ listHistory: vi.fn() }));
vi.mock('../../cellar/api/locations', () => ({ listLocations: vi.fn() }));
vi.mock('../../cellar/api/categories', () => ({ listCategories: vi.fn() }));
vi.mock('../../cellar/settings/api/get-cellars', () => ({ getCellars: vi.fn() }));
vi.mock('../api/search-wines', () => ({ searchWines: vi.fn() }));
vi.mock('../../wine-lists/api/public-wine-lists', () => ({
  listWineMemberships: vi.fn(async () => ({
    rows: [{ id: 'l1', name: 'Vinkart', isPublic: true, printed: false }],
    count: 1,
  })),
}));

const cellarWines = vi.mocked(listCellarWines);
const create = vi.mocked(createCellarWine);
const history = vi.mocked(listHistory);
const update = vi.mocked(updateCellarWine);

const WINE: WineDetail = {
  id: 'cat-1',
  source: 'KORK',
  externalIds: [],
  name: 'Barolo Cannubi',
  producer: 'Brezza',
  vintage: 2019,
  bottleSize: 0.75,
  mainCategoryId: 'red',
  grapes: [{ name: 'Nebbiolo', share: 100 }],
  foodPairings: [],
  isHorecaAvailable: false,
  rating: null,
  expertRating: null,
  expertCount: 0,
  communityRating: null,
  communityCount: 0,
  vintages: [],
  related: [],
};

const CELLAR = cellarFixture();

const LOCATIONS = [
  locationFixture('cellar', 'Cellar'),
  locationFixture('rack', 'Rack A', 'cellar'),
  locationFixture('shelf', 'Shelf 2', 'rack'),
];

/** The viewer's copy of the catalogue wine, priced and placed. */
function copy(overrides: Partial<CellarWine> = {}): CellarWine {
  return cellarWineFixture({
    id: 'own-1',
    country: undefined,
    placements: [
      { locationId: null, quantity: 2 },
      { locationId: 'shelf', quantity: 4 },
    ],
    purchasePriceWovat: 40_000,
    purchasePriceWvat: 50_000,
    sellingPrice: 120_000,
    sellingPriceLocked: true,
    marketValue: 70_000,
    pricePerGlass: 25_000,
    wineListCategoryId: 'red',
    showBottleSizeInList: true,
    ...overrides,
  });
}

function pageOf(rows: CellarWine[]): CellarWinePage {
  const bottles = rows.reduce((sum, row) => sum + row.quantity, 0);
  return {
    rows,
    count: rows.length,
    totals: { wines: rows.length, bottles, purchaseValue: 0, sellingValue: 0 },
  };
}

function renderTabs() {
  renderWithProviders(<WineCellarTabs wine={WINE} userId="u1" />);
}

function tab(name: string): HTMLElement {
  return screen.getByRole('tab', { name });
}

function isSelected(name: string): boolean {
  return tab(name).getAttribute('aria-selected') === 'true';
}

/** The value a read-only summary shows next to a label. */
function shownFor(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('the cellar tabs of a wine', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    cellarWines.mockReset();
    create.mockReset();
    update.mockReset();
    vi.mocked(getCellars).mockResolvedValue({ rows: [CELLAR], count: 1 });
    vi.mocked(listLocations).mockResolvedValue({ rows: LOCATIONS, count: LOCATIONS.length });
    vi.mocked(listCategories).mockResolvedValue({
      rows: [
        { id: 'wines', name: 'Wines', parentId: null, isVisible: true, order: 0 },
        { id: 'red', name: 'Red wine', parentId: 'wines', isVisible: true, order: 0 },
      ],
      count: 2,
    });
    history.mockResolvedValue({ rows: [], count: 0 });
  });

  afterEach(() => {
    act(() => clearToasts());
  });

  it('lists the tabs in the order of the wine profile', async () => {
    cellarWines.mockResolvedValue(pageOf([]));
    renderTabs();

    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual([
      'Pricing',
      'Quantity and locations',
      'History',
      'Wine list',
      'Details',
    ]);
    await waitFor(() => expect(cellarWines).toHaveBeenCalled());
    expect(cellarWines).toHaveBeenCalledWith(
      'u1',
      { wineId: ['cat-1'], resultsPerPage: 20, page: 1 },
      expect.any(AbortSignal),
    );
  });

  it('opens a held wine on pricing and shows its prices, mark-up and cost', async () => {
    cellarWines.mockResolvedValue(pageOf([copy()]));
    renderTabs();

    await waitFor(() => expect(isSelected('Pricing')).toBe(true));
    expect(shownFor('Purchase price ex VAT')).toMatch(/400\.00/);
    expect(shownFor('Purchase price inc VAT')).toMatch(/500\.00/);
    expect(shownFor('Selling price inc VAT')).toMatch(/1,200\.00/);
    expect(shownFor('Selling price inc VAT')).toContain('Locked');
    expect(shownFor('Market value')).toMatch(/700\.00/);
    expect(shownFor('Price per glass')).toMatch(/250\.00/);
    // (1200 − 500) / 500
    expect(shownFor('Mark-up')).toBe('140 %');
    // 6 bottles × 400 ex VAT
    expect(shownFor('Cost (bottles × price ex VAT)')).toMatch(/2,400\.00/);
    // No glass size of its own: the cellar's default.
    await waitFor(() => expect(shownFor('Glass size')).toBe('15 cl (the cellar’s default)'));
  });

  it('opens a wine not held on the details', async () => {
    cellarWines.mockResolvedValue(pageOf([]));
    renderTabs();

    await waitFor(() => expect(cellarWines).toHaveBeenCalled());
    expect(isSelected('Details')).toBe(true);
    expect(screen.getByText('Nebbiolo 100 %')).toBeTruthy();
    // Nothing else is fetched for a wine the viewer does not hold.
    expect(getCellars).not.toHaveBeenCalled();
    expect(listLocations).not.toHaveBeenCalled();
  });

  it('shows the bottles and lists every placement with its whole location path', async () => {
    cellarWines.mockResolvedValue(pageOf([copy()]));
    renderTabs();
    await waitFor(() => expect(isSelected('Pricing')).toBe(true));

    fireEvent.click(tab('Quantity and locations'));
    expect(shownFor('Bottles')).toBe('6');
    expect(screen.getByText('In 2 locations')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Locations' }));

    const dialog = await screen.findByRole('dialog', { name: 'Locations of Brezza Barolo Cannubi 2019' });
    const table = await within(dialog).findByRole('table', { name: 'Bottles per location' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['LocationBottles', 'Cellar › Rack A › Shelf 24', 'Uncategorized2', 'Total6']);
  });

  it('marks a wine with no bottles', async () => {
    cellarWines.mockResolvedValue(pageOf([copy({ quantity: 0, placements: [] })]));
    renderTabs();
    await waitFor(() => expect(isSelected('Pricing')).toBe(true));

    fireEvent.click(tab('Quantity and locations'));
    expect(screen.getByText('0 bottles – not on wine lists')).toBeTruthy();
    expect(screen.getByText('No bottles placed')).toBeTruthy();
  });

  it('asks for the history of the cellar copy', async () => {
    cellarWines.mockResolvedValue(pageOf([copy()]));
    renderTabs();
    await waitFor(() => expect(isSelected('Pricing')).toBe(true));

    fireEvent.click(tab('History'));

    await waitFor(() =>
      expect(history).toHaveBeenCalledWith(
        'u1',
        { ownWineId: 'own-1', resultsPerPage: 20, page: 1 },
        expect.any(AbortSignal),
      ),
    );
    expect(await screen.findByText('Nothing has happened to this wine yet.')).toBeTruthy();
  });

  it('shows the wine list category by its path, the price format and the list names', async () => {
    cellarWines.mockResolvedValue(pageOf([copy({ customListWineName: 'Cannubi' })]));
    renderTabs();
    await waitFor(() => expect(isSelected('Pricing')).toBe(true));

    fireEvent.click(tab('Wine list'));
    await waitFor(() => expect(shownFor('Wine list category')).toBe('Wines › Red wine'));
    expect(shownFor('Price format')).toBe('Show the price');
    expect(shownFor('Wine name on the wine list')).toBe('Cannubi');
    expect(shownFor('Producer name on the wine list')).toBe('–');
    expect(shownFor('Bottle size shown on the wine list')).toBe('Yes');
    // The lists of the cellar that hold it, with the way to the editor.
    const lists = await screen.findByRole('region', { name: 'On your wine lists' });
    expect(await within(lists).findByRole('link', { name: 'Open Vinkart in the wine lists' })).toBeTruthy();
    expect(within(lists).getByText('Not printed: no bottles')).toBeTruthy();
  });

  it('lets a person who bought the wine twice choose which purchase to see', async () => {
    cellarWines.mockResolvedValue(
      pageOf([
        copy({ id: 'own-2', createdAt: '2025-03-01T10:00:00Z', sellingPrice: 150_000, quantity: 3 }),
        copy(),
      ]),
    );
    renderTabs();
    await waitFor(() => expect(isSelected('Pricing')).toBe(true));

    const chooser = screen.getByRole('radiogroup', { name: 'Your purchases of this wine' });
    // The one added first comes first.
    expect(shownFor('Selling price inc VAT')).toMatch(/1,200\.00/);
    fireEvent.click(within(chooser).getByRole('radio', { name: /3 bottles/ }));
    expect(shownFor('Selling price inc VAT')).toMatch(/1,500\.00/);
  });

  it('says plainly when the wine is not in the cellar, and adds it from the wine itself', async () => {
    cellarWines.mockResolvedValueOnce(pageOf([]));
    renderTabs();
    await waitFor(() => expect(cellarWines).toHaveBeenCalledTimes(1));

    fireEvent.click(tab('Pricing'));
    expect(await screen.findByText('This wine is not in your cellar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cellar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add wine' });
    const chosen = await within(dialog).findByRole('region', { name: 'Chosen wine' });
    expect(within(chosen).getByText('Brezza Barolo Cannubi')).toBeTruthy();
    expect(within(dialog).queryByRole('searchbox')).toBeNull();

    const added = copy({ sellingPrice: 99_000 });
    create.mockResolvedValue(added);
    cellarWines.mockResolvedValue(pageOf([added]));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Bottles' }), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to cellar' }));

    await waitFor(() =>
      expect(create).toHaveBeenCalledWith('u1', expect.objectContaining({ wineId: 'cat-1', quantity: 6 })),
    );
    await waitFor(() => expect(shownFor('Selling price inc VAT')).toMatch(/990\.00/));
    expect(screen.queryByRole('dialog', { name: 'Add wine' })).toBeNull();
  });

  it('opens the cellar drawer from "Edit in cellar" and shows what was saved', async () => {
    cellarWines.mockResolvedValue(pageOf([copy()]));
    renderTabs();
    await waitFor(() => expect(isSelected('Pricing')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Edit in cellar' }));

    const drawer = await screen.findByRole('dialog', { name: 'Brezza Barolo Cannubi 2019' });
    const saved = copy({ sellingPrice: 130_000, updatedAt: '2025-02-02T10:00:00Z' });
    update.mockResolvedValue(saved);
    cellarWines.mockResolvedValue(pageOf([saved]));
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Selling price inc VAT (NOK)' }), {
      target: { value: '1300' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(update).toHaveBeenCalledWith('u1', 'own-1', { sellingPrice: 130_000 }));
    // The tab behind shows the copy as saved; the drawer stays open on it, as the cellar's drawer does.
    await waitFor(() => expect(shownFor('Selling price inc VAT')).toMatch(/1,300\.00/));
    expect(screen.getByRole('dialog', { name: 'Brezza Barolo Cannubi 2019' })).toBeTruthy();
    expect(cellarWines).toHaveBeenCalledTimes(2);
  });

  it('offers to try again when the cellar could not be loaded', async () => {
    cellarWines.mockRejectedValueOnce(new Error('offline'));
    renderTabs();

    fireEvent.click(tab('Pricing'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your cellar could not be loaded.');

    cellarWines.mockResolvedValue(pageOf([copy()]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shownFor('Purchase price ex VAT')).toMatch(/400\.00/));
  });
});
