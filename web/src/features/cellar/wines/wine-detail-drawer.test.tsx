import type { CellarWine, HistoryEntry } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { clearToasts } from '../../../lib/notify';
import { renderWithProviders } from '../../../test/render';
import { listCategories } from '../api/categories';
import { getOwnWine } from '../api/get-own-wine';
import { listHistory } from '../api/history';
import { listLocations } from '../api/locations';
import { moveOwnWines } from '../api/move-own-wines';
import { updateOwnWine } from '../api/update-own-wine';
import { cellarFixture, cellarWineFixture, locationsFixture } from '../test-fixtures';
import { WineDetailDrawer } from './wine-detail-drawer';

vi.mock('../api/update-own-wine', () => ({ updateOwnWine: vi.fn() }));
vi.mock('../api/get-own-wine', () => ({ getOwnWine: vi.fn() }));
vi.mock('../api/history', () => ({ listHistory: vi.fn() }));
vi.mock('../api/categories', () => ({ listCategories: vi.fn() }));
vi.mock('../api/locations', () => ({ listLocations: vi.fn() }));
vi.mock('../api/move-own-wines', () => ({ moveOwnWines: vi.fn() }));

const update = vi.mocked(updateOwnWine);
const history = vi.mocked(listHistory);
const fetchWine = vi.mocked(getOwnWine);
const move = vi.mocked(moveOwnWines);

const LOCATIONS = locationsFixture();

/** The wine on show: four bottles in Rack A and two Uncategorized. */
function wine(overrides: Partial<CellarWine> = {}): CellarWine {
  return cellarWineFixture({
    placements: [
      { locationId: 'rack', quantity: 4 },
      { locationId: null, quantity: 2 },
    ],
    ...overrides,
  });
}

function entry(overrides: Partial<HistoryEntry>): HistoryEntry {
  return {
    id: 'h1',
    at: '2025-02-01T10:00:00Z',
    action: 'ADDED',
    ownWineId: 'w1',
    wineDisplayName: 'Brezza Barolo Cannubi 2019',
    actorId: 'u1',
    actorName: 'Ingrid Vik',
    before: null,
    after: { quantity: 6 },
    ...overrides,
  };
}

function renderDrawer(shown: CellarWine = wine()) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <WineDetailDrawer
      userId="u1"
      wine={shown}
      onClose={onClose}
      onSaved={onSaved}
      cellar={cellarFixture()}
      locations={LOCATIONS}
    />,
  );
  return { onSaved, onClose };
}

function openTab(name: string | RegExp) {
  fireEvent.click(screen.getByRole('tab', { name }));
}

function isSelected(name: string | RegExp): boolean {
  return screen.getByRole('tab', { name }).getAttribute('aria-selected') === 'true';
}

describe('the wine detail drawer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    vi.mocked(listCategories).mockResolvedValue({ rows: [], count: 0 });
    vi.mocked(listLocations).mockResolvedValue({ rows: LOCATIONS, count: LOCATIONS.length });
    history.mockResolvedValue({ rows: [], count: 0 });
  });

  afterEach(() => {
    act(() => clearToasts());
  });

  it('shows its tabs in the order the spec lists them, pricing first', async () => {
    renderDrawer();

    const tabs = within(await screen.findByRole('tablist', { name: 'Wine details' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Pricing',
      'Quantity and locations',
      'History',
      'Wine list',
      'Details',
    ]);
    expect(isSelected('Pricing')).toBe(true);
    expect(screen.getByRole('group', { name: 'Prices' })).toBeTruthy();
    // One save button for every tab, below them.
    openTab('Details');
    expect(screen.getByRole('group', { name: 'Point of sale' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Save changes' })).toHaveLength(1);
  });

  it('keeps what was typed in one tab while another is open, and saves it all at once', async () => {
    update.mockResolvedValue(wine());
    renderDrawer();

    fireEvent.change(await screen.findByRole('textbox', { name: 'Selling price inc VAT (NOK)' }), {
      target: { value: '450.00' },
    });
    openTab('Details');
    fireEvent.change(screen.getByRole('textbox', { name: 'Supplier' }), { target: { value: 'Vinarius' } });
    openTab('Pricing');
    expect(
      (screen.getByRole('textbox', { name: 'Selling price inc VAT (NOK)' }) as HTMLInputElement).value,
    ).toBe('450.00');

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('u1', 'w1', { sellingPrice: 45000, supplier: 'Vinarius' });
  });

  it('asks where a new total goes only once it changes, and sends that location with the quantity', async () => {
    const saved = wine({ quantity: 4 });
    update.mockResolvedValue(saved);
    const { onSaved } = renderDrawer();

    openTab('Quantity and locations');
    const placements = screen.getByRole('table', { name: 'Bottles per location' });
    expect(within(placements).getByText('Rack A')).toBeTruthy();
    expect(within(placements).getByText('Uncategorized')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Take from / add to' })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: 'Bottles' }), { target: { value: '4' } });
    const where = await screen.findByRole('combobox', { name: 'Take from / add to' });
    // By default the difference is taken from where most bottles are.
    expect((where as HTMLInputElement).value).toBe('Rack A');
    expect(screen.getByText('2 bottles will be taken from here.')).toBeTruthy();

    fireEvent.click(where);
    fireEvent.click(await screen.findByRole('option', { name: 'Uncategorized' }));
    await waitFor(() => expect((where as HTMLInputElement).value).toBe('Uncategorized'));

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('u1', 'w1', { quantity: 4, locationId: null });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  });

  it('adds bottles to a chosen location, and hides the choice when the total is put back', async () => {
    update.mockResolvedValue(wine({ quantity: 9 }));
    renderDrawer();

    openTab('Quantity and locations');
    const bottles = screen.getByRole('textbox', { name: 'Bottles' });
    fireEvent.change(bottles, { target: { value: '6' } });
    expect(screen.queryByRole('combobox', { name: 'Take from / add to' })).toBeNull();

    fireEvent.change(bottles, { target: { value: '9' } });
    expect(await screen.findByText('3 bottles will be added here.')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Take from / add to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Shelf 2' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('u1', 'w1', { quantity: 9, locationId: 'shelf' });
  });

  it('says where bottles come from when the chosen location holds too few', async () => {
    renderDrawer();

    openTab('Quantity and locations');
    fireEvent.change(screen.getByRole('textbox', { name: 'Bottles' }), { target: { value: '1' } });
    expect(
      await screen.findByText('Only 4 here: these are taken first, the rest from where most bottles are.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Take from / add to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fridge' }));
    expect(
      await screen.findByText('There are none here, so they are taken from where most bottles are.'),
    ).toBeTruthy();
  });

  it('sends no location when the total stays as it was', async () => {
    update.mockResolvedValue(wine());
    renderDrawer();

    fireEvent.change(await screen.findByRole('textbox', { name: 'Market value (NOK)' }), {
      target: { value: '500.00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('u1', 'w1', { marketValue: 50000 });
  });

  it('moves bottles of this wine, then shows and hands on the wine as it now is', async () => {
    move.mockResolvedValue({ rows: [], count: 0 });
    const fresh = wine({
      placements: [
        { locationId: 'rack', quantity: 4 },
        { locationId: 'fridge', quantity: 2 },
      ],
      updatedAt: '2025-02-02T10:00:00Z',
    });
    fetchWine.mockResolvedValue(fresh);
    const { onSaved } = renderDrawer();

    openTab('Quantity and locations');
    fireEvent.click(screen.getByRole('button', { name: 'Move bottles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 wine' });
    fireEvent.click(await within(dialog).findByRole('combobox', { name: /Move to/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fridge' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Bottles to move from Rack A/ }), {
      target: { value: '0' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move 2 bottles' }));

    await waitFor(() => expect(move).toHaveBeenCalledTimes(1));
    expect(move).toHaveBeenCalledWith('u1', [
      { ownWineId: 'w1', fromLocationId: null, toLocationId: 'fridge', quantity: 2 },
    ]);
    await waitFor(() => expect(fetchWine).toHaveBeenCalledWith('u1', 'w1'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(fresh));
    const placements = screen.getByRole('table', { name: 'Bottles per location' });
    await waitFor(() => expect(within(placements).getByText('Fridge')).toBeTruthy());
    expect(within(placements).queryByText('Uncategorized')).toBeNull();
  });

  it('cannot move bottles of a wine that has none', () => {
    renderDrawer(wine({ quantity: 0, placements: [] }));

    openTab('Quantity and locations');
    expect(screen.getByText('0 bottles – not on wine lists')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move bottles' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists this wine’s history, newest first, once its tab is opened', async () => {
    history.mockResolvedValue({
      rows: [
        entry({
          id: 'h2',
          at: '2025-03-01T12:00:00Z',
          action: 'MOVED',
          actorName: 'Ola Nordmann',
          before: { quantity: 6, placements: [{ locationId: null, quantity: 6 }] },
          after: {
            quantity: 6,
            placements: [
              { locationId: 'rack', quantity: 4 },
              { locationId: null, quantity: 2 },
            ],
          },
        }),
        entry({ id: 'h1' }),
      ],
      count: 2,
    });
    renderDrawer();

    expect(history).not.toHaveBeenCalled();
    openTab('History');

    const list = await screen.findByRole('list', { name: 'History of Brezza Barolo Cannubi 2019' });
    expect(history).toHaveBeenCalledWith(
      'u1',
      { ownWineId: 'w1', resultsPerPage: 20, page: 1 },
      expect.any(AbortSignal),
    );
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Moved')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('by Ola Nordmann')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText(/Rack A: 4/)).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Added')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('by Ingrid Vik')).toBeTruthy();

    // Going back and forth keeps what was loaded.
    openTab('Pricing');
    openTab('History');
    expect(history).toHaveBeenCalledTimes(1);
  });

  it('says when a wine has no history yet', async () => {
    renderDrawer();

    openTab('History');
    expect(await screen.findByText('Nothing has happened to this wine yet.')).toBeTruthy();
  });

  it('offers to try the history again when it could not be loaded', async () => {
    history.mockRejectedValueOnce(new Error('offline'));
    renderDrawer();

    openTab('History');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The history could not be loaded.')).toBeTruthy();

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing has happened to this wine yet.')).toBeTruthy();
    expect(history).toHaveBeenCalledTimes(2);
  });

  it('opens the tab holding a field in error when a save is turned down there', async () => {
    renderDrawer();
    // The drawer puts the focus in itself as it opens; wait for that before checking where it went.
    const drawer = screen.getByRole('dialog', { name: 'Brezza Barolo Cannubi 2019' });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));

    openTab('Details');
    fireEvent.change(screen.getByRole('textbox', { name: 'Drink from' }), { target: { value: '2030' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Drink until' }), { target: { value: '2024' } });
    openTab('Pricing');
    expect(isSelected('Pricing')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(isSelected(/^Details/)).toBe(true));
    expect(screen.getByText('Invalid value')).toBeTruthy();
    // The tab says it holds an error, and the field in error has the focus.
    expect(screen.getByRole('tab', { name: 'Details (has errors)' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Drink until' })),
    );
    expect(update).not.toHaveBeenCalled();
  });

  it('opens the first tab in error, but stays on the open one when it holds an error too', async () => {
    renderDrawer(wine({ source: 'CUSTOM', wineId: undefined }));

    fireEvent.change(await screen.findByRole('textbox', { name: 'Glass size (cl)' }), {
      target: { value: '150' },
    });
    openTab('Wine list');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    // Pricing comes before the wine list tab that was open.
    await waitFor(() => expect(isSelected(/^Pricing/)).toBe(true));
    expect(screen.getByText('Glass size can be at most 99 cl')).toBeTruthy();

    openTab('Details');
    fireEvent.change(screen.getByRole('textbox', { name: /Wine name/ }), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Required')).toBeTruthy();
    expect(isSelected(/^Details/)).toBe(true);
    expect(screen.getByRole('tab', { name: 'Pricing (has errors)' })).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });
});
