import { type CellarWine, datedRateRows, type HistoryEntry, ratesOn } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import shippedRates from '../../../../../functions/src/duties/duty-rates.json';
import { Toaster } from '../../../components/toaster';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { clearToasts } from '../../../lib/notify';
import { renderWithProviders } from '../../../test/render';
import { listCategories } from '../api/categories';
import { getCellarWine } from '../api/get-cellar-wine';
import { listHistory } from '../api/history';
import { listLocations } from '../api/locations';
import { moveCellarWines } from '../api/move-cellar-wines';
import { updateCellarWine } from '../api/update-cellar-wine';
import { getDutyRates } from '../api/wine-cost';
import { cellarFixture, cellarWineFixture, locationsFixture } from '../test-fixtures';
import { WineDetailDrawer } from './wine-detail-drawer';

vi.mock('../api/update-cellar-wine', () => ({ updateCellarWine: vi.fn() }));
vi.mock('../api/get-cellar-wine', () => ({ getCellarWine: vi.fn() }));
vi.mock('../api/history', () => ({ listHistory: vi.fn() }));
vi.mock('../api/categories', () => ({ listCategories: vi.fn() }));
vi.mock('../api/locations', () => ({ listLocations: vi.fn() }));
vi.mock('../api/move-cellar-wines', () => ({ moveCellarWines: vi.fn() }));
vi.mock('../api/wine-cost', () => ({ getDutyRates: vi.fn(), getWineCost: vi.fn() }));

const update = vi.mocked(updateCellarWine);
const history = vi.mocked(listHistory);
const fetchWine = vi.mocked(getCellarWine);
const move = vi.mocked(moveCellarWines);

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
    <>
      <WineDetailDrawer
        userId="u1"
        wine={shown}
        onClose={onClose}
        onSaved={onSaved}
        cellar={cellarFixture()}
        locations={LOCATIONS}
      />
      <Toaster />
    </>,
  );
  return { onSaved, onClose };
}

const input = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

function typeIn(name: string | RegExp, text: string) {
  fireEvent.change(input(name), { target: { value: text } });
}

const saveButton = (name = 'Save changes') => screen.getByRole('button', { name }) as HTMLButtonElement;

function save(name?: string) {
  fireEvent.click(saveButton(name));
}

/** What Enter in a field does: submits the form, whatever the state of its button. */
function submitForm() {
  fireEvent.submit(saveButton().closest('form') as HTMLFormElement);
}

function setTotalMode() {
  fireEvent.click(screen.getByRole('radio', { name: 'Set the total' }));
}

/** The mark-up the pricing tab works out from what is typed. */
function markUp(): string | undefined {
  const term = screen.getByText('Mark-up');
  return plain(term.nextElementSibling?.textContent);
}

/** Text with the no-break spaces numbers are written with as plain spaces. */
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

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

  it('takes a price ex VAT typed without duties, asks for the alcohol first and keeps the price with duties', async () => {
    const rows = datedRateRows(shippedRates as Parameters<typeof datedRateRows>[0]);
    vi.mocked(getDutyRates).mockResolvedValue({ date: '2025-06-01', rows: ratesOn(rows, '2025-06-01') });
    update.mockResolvedValue(wine());
    renderDrawer();

    const price = await screen.findByRole('textbox', { name: 'Purchase price ex VAT (NOK)' });
    fireEvent.click(screen.getByRole('switch', { name: /Price includes duties/ }));
    fireEvent.change(price, { target: { value: '150.00' } });
    expect(await screen.findByText('Enter the alcohol first: the duties depend on it.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /^Alcohol \(% vol\)/ }), {
      target: { value: '13' },
    });
    const status = await screen.findByText(/^With duties: NOK/);
    const withDuties = Math.round(Number(status.textContent?.replace(/[^\d.]/g, '')) * 100);
    // NOK 150 + 13 % × 0.75 l × NOK 5.29 + the packaging taxes of a single-use glass bottle.
    expect(withDuties).toBeGreaterThan(15_000 + 5_158);
    expect(price).toHaveProperty('value', '150.00');
    save();
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('u1', 'w1', { purchasePriceWovat: withDuties, alcohol: 13 });
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

  it('adds bottles by default, sent as addQuantity with the location they go to', async () => {
    update.mockResolvedValue(wine({ quantity: 9 }));
    renderDrawer();

    openTab('Quantity and locations');
    const placements = screen.getByRole('table', { name: 'Bottles per location' });
    expect(within(placements).getByText('Rack A')).toBeTruthy();
    expect(within(placements).getByText('Uncategorized')).toBeTruthy();
    expect(screen.getByText('Now 6 bottles in all.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Take from / add to' })).toBeNull();

    typeIn('Bottles to add', '3');
    expect(await screen.findByText('3 bottles will be added here.')).toBeTruthy();
    expect(screen.getByText('After saving: 9 bottles.')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Take from / add to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Shelf 2' }));

    save();
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('u1', 'w1', { addQuantity: 3, locationId: 'shelf' });
  });

  it('takes bottles with a minus, and refuses to take more than there are before asking the API', async () => {
    update.mockResolvedValue(wine({ quantity: 4 }));
    renderDrawer();

    openTab('Quantity and locations');
    typeIn('Bottles to add', '-50');
    expect(await screen.findByText('Only 6 bottles there')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    typeIn('Bottles to add', '-2');
    // By default the bottles are taken from where most of them are.
    const where = await screen.findByRole('combobox', { name: 'Take from / add to' });
    expect((where as HTMLInputElement).value).toBe('Rack A');
    expect(screen.getByText('2 bottles will be taken from here.')).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(false));

    save();
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('u1', 'w1', { addQuantity: -2, locationId: 'rack' });
  });

  it('sets a new total when asked to, sent as quantity with the location the difference comes from', async () => {
    const saved = wine({ quantity: 4 });
    update.mockResolvedValue(saved);
    const { onSaved } = renderDrawer();

    openTab('Quantity and locations');
    setTotalMode();
    expect(input('Bottles in total').value).toBe('6');
    expect(screen.queryByRole('combobox', { name: 'Take from / add to' })).toBeNull();

    typeIn('Bottles in total', '4');
    const where = await screen.findByRole('combobox', { name: 'Take from / add to' });
    expect((where as HTMLInputElement).value).toBe('Rack A');
    expect(screen.getByText('2 bottles will be taken from here.')).toBeTruthy();

    fireEvent.click(where);
    fireEvent.click(await screen.findByRole('option', { name: 'Uncategorized' }));
    await waitFor(() => expect((where as HTMLInputElement).value).toBe('Uncategorized'));

    save();
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('u1', 'w1', { quantity: 4, locationId: null });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  });

  it('hides the location choice when the total is put back', async () => {
    renderDrawer();

    openTab('Quantity and locations');
    setTotalMode();
    typeIn('Bottles in total', '9');
    expect(await screen.findByText('3 bottles will be added here.')).toBeTruthy();
    typeIn('Bottles in total', '6');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Take from / add to' })).toBeNull());
  });

  it('says where bottles come from when the chosen location holds too few', async () => {
    renderDrawer();

    openTab('Quantity and locations');
    setTotalMode();
    typeIn('Bottles in total', '1');
    expect(
      await screen.findByText('Only 4 here: these are taken first, the rest from where most bottles are.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Take from / add to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fridge' }));
    expect(
      await screen.findByText('There are none here, so they are taken from where most bottles are.'),
    ).toBeTruthy();
  });

  it('refuses bottles that are no whole number from 0, with the rule beside the field and no request', async () => {
    renderDrawer();

    openTab('Quantity and locations');
    setTotalMode();
    typeIn('Bottles in total', '-5');
    expect(await screen.findByText('Must be between 0 and 1,000,000')).toBeTruthy();
    // Kept as typed: the minus sign is not dropped.
    expect(input('Bottles in total').value).toBe('-5');
    expect(saveButton().disabled).toBe(true);

    typeIn('Bottles in total', '2.5');
    expect(await screen.findByText('Must be a whole number')).toBeTruthy();
    expect(input('Bottles in total').value).toBe('2.5');

    typeIn('Bottles in total', '1000001');
    expect(await screen.findByText('Must be between 0 and 1,000,000')).toBeTruthy();

    // Enter in a field submits the form: refused too, on the field in error.
    submitForm();
    expect(await screen.findByText('Must be between 0 and 1,000,000')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('refuses a negative price or one that is no number, and sends nothing', async () => {
    renderDrawer(wine({ purchasePriceWvat: 20000, sellingPrice: 53220 }));
    expect(markUp()).toBe('166.1%');

    typeIn('Selling price inc VAT (NOK)', '-100');
    expect(await screen.findByText('Must not be negative')).toBeTruthy();
    expect(input('Selling price inc VAT (NOK)').value).toBe('-100');
    // No mark-up is worked out from a price that will not be saved.
    expect(markUp()).toBe('–');

    typeIn('Market value (NOK)', 'abc');
    expect(await screen.findByText('Must be a number')).toBeTruthy();
    expect(input('Market value (NOK)').value).toBe('abc');

    typeIn('Price per glass (NOK)', '12.345');
    expect(await screen.findByText('Too many decimals')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    submitForm();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Pricing (has errors)' })).toBeTruthy());
    expect(update).not.toHaveBeenCalled();
  });

  it('says what a custom wine’s vintage and drinking window allow', async () => {
    renderDrawer(wine({ source: 'CUSTOM', wineId: undefined }));
    const max = new Date().getUTCFullYear() + 1;

    openTab('Details');
    typeIn('Vintage', '3000');
    expect(await screen.findByText(`Must be between 1800 and ${max}`)).toBeTruthy();
    expect(screen.getByText(`A year from 1800 to ${max}. Leave empty for non-vintage (NV).`)).toBeTruthy();

    typeIn('Drink from', '2030');
    typeIn('Drink until', '2024');
    expect(await screen.findByText('Drink until must be on or after drink from')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    typeIn('Drink until', '2031');
    typeIn('Vintage', '2019');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(screen.queryByText('Drink until must be on or after drink from')).toBeNull();
  });

  it('stays open after a save, showing the wine as saved', async () => {
    const saved = wine({ sellingPrice: 45000, updatedAt: '2025-02-02T10:00:00Z' });
    update.mockResolvedValue(saved);
    const { onSaved, onClose } = renderDrawer();

    typeIn('Selling price inc VAT (NOK)', '450');
    save();

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(await screen.findByText('Brezza Barolo Cannubi 2019 saved')).toBeTruthy();
    const drawer = screen.getByRole('dialog', { name: 'Brezza Barolo Cannubi 2019' });
    const status = within(drawer).getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Saved'));
    expect(onClose).not.toHaveBeenCalled();
    // The field shows the saved price, written with the currency's decimals.
    expect(input('Selling price inc VAT (NOK)').value).toBe('450.00');

    // The next change is a change again: "Saved" goes until it is saved.
    typeIn('Selling price inc VAT (NOK)', '460');
    await waitFor(() => expect(status.textContent).not.toContain('Saved'));
  });

  it('keeps what was typed when the API turns a save down, with its message beside the field', async () => {
    update.mockRejectedValue(
      new ApiError('Some fields are not valid', 400, 'VALIDATION', { addQuantity: 'Only 3 bottles there' }),
    );
    renderDrawer();

    openTab('Quantity and locations');
    typeIn('Bottles to add', '-5');
    save();

    expect(await screen.findByText('Only 3 bottles there')).toBeTruthy();
    expect(input('Bottles to add').value).toBe('-5');
    // Typing again puts the API's message away: it was about what was sent.
    typeIn('Bottles to add', '-3');
    await waitFor(() => expect(screen.queryByText('Only 3 bottles there')).toBeNull());
  });

  it('writes numbers the Norwegian way', async () => {
    await i18n.changeLanguage('nb');
    renderDrawer(wine({ purchasePriceWvat: 20000, sellingPrice: 53220 }));

    const selling = (await screen.findByRole('textbox', {
      name: 'Utsalgspris inkl. mva. (NOK)',
    })) as HTMLInputElement;
    expect(selling.value).toBe('532,20');
    expect(
      screen.getByText((_, el) => el?.tagName === 'DD' && plain(el.textContent) === '166,1 %'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'P' &&
          plain(el.textContent) === 'Fylles ut fra prisen eks. mva. med stilens mva. på 25 %.',
      ),
    ).toBeTruthy();

    // A decimal comma is read as one, never as a thousands separator or dropped.
    typeIn('Utsalgspris inkl. mva. (NOK)', '600,5');
    save('Lagre endringer');
    await waitFor(() => expect(update).toHaveBeenCalledWith('u1', 'w1', { sellingPrice: 60050 }));
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

  it('opens the tab holding a field in error when a save is refused there', async () => {
    renderDrawer();
    // The drawer puts the focus in itself as it opens; wait for that before checking where it went.
    const drawer = screen.getByRole('dialog', { name: 'Brezza Barolo Cannubi 2019' });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));

    openTab('Details');
    typeIn('Drink from', '2030');
    typeIn('Drink until', '2024');
    openTab('Pricing');
    expect(isSelected('Pricing')).toBe(true);
    // The tab says it holds an error, and the save waits.
    expect(await screen.findByRole('tab', { name: 'Details (has errors)' })).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    submitForm();

    await waitFor(() => expect(isSelected(/^Details/)).toBe(true));
    expect(screen.getByText('Drink until must be on or after drink from')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input('Drink until')));
    expect(update).not.toHaveBeenCalled();
  });

  it('opens the first tab in error, but stays on the open one when it holds an error too', async () => {
    renderDrawer(wine({ source: 'CUSTOM', wineId: undefined }));

    await screen.findByRole('textbox', { name: 'Glass size (cl)' });
    typeIn('Glass size (cl)', '150');
    expect(await screen.findByText('Glass size can be at most 99 cl')).toBeTruthy();
    openTab('Wine list');
    submitForm();

    // Pricing comes before the wine list tab that was open.
    await waitFor(() => expect(isSelected(/^Pricing/)).toBe(true));

    openTab('Details');
    typeIn(/Wine name/, ' ');
    expect(await screen.findByText('Required')).toBeTruthy();
    submitForm();

    await waitFor(() => expect(isSelected(/^Details/)).toBe(true));
    expect(screen.getByRole('tab', { name: 'Pricing (has errors)' })).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });
});
