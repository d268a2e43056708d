import type { CellarWinePage, WineRow } from '@kork/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { clearToasts } from '../../../lib/notify';
import { renderWithProviders } from '../../../test/render';
import { searchWines } from '../../wines/api/search-wines';
import { createCellarWine } from '../api/create-cellar-wine';
import { getCellarWine } from '../api/get-cellar-wine';
import { listCellarWines } from '../api/list-cellar-wines';
import { updateCellarWine } from '../api/update-cellar-wine';
import { cellarWineFixture, locationsFixture } from '../test-fixtures';
import { AddWineModal } from './add-wine-modal';

vi.mock('../../wines/api/search-wines', () => ({ searchWines: vi.fn() }));
vi.mock('../api/list-cellar-wines', () => ({ listCellarWines: vi.fn() }));
vi.mock('../api/create-cellar-wine', () => ({ createCellarWine: vi.fn() }));
vi.mock('../api/update-cellar-wine', () => ({ updateCellarWine: vi.fn() }));
vi.mock('../api/get-cellar-wine', () => ({ getCellarWine: vi.fn() }));

function catalogueWine(id: string, name: string): WineRow {
  return {
    id,
    name,
    producer: 'Brezza',
    vintage: 2017,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    country: 'Italia',
    region: 'Piemonte',
    grapes: ['Nebbiolo'],
    rating: 93,
    expertRating: 93,
    expertCount: 2,
    communityRating: 90,
    communityCount: 14,
    price: 649.9,
    currency: 'NOK',
    isAvailable: true,
  };
}

const HELD = catalogueWine('cat-1', 'Barolo Cannubi');
const NEW = catalogueWine('cat-2', 'Barbaresco');
const COPY = cellarWineFixture({
  id: 'own-1',
  wineId: 'cat-1',
  quantity: 13,
  placements: [{ locationId: 'rack', quantity: 13 }],
});

function page(rows = [COPY]): CellarWinePage {
  return { rows, count: rows.length, totals: { wines: 1, bottles: 13, purchaseValue: 0, sellingValue: 0 } };
}

function renderDialog() {
  const onAdded = vi.fn();
  renderWithProviders(
    <AddWineModal
      userId="u1"
      opened
      onClose={vi.fn()}
      onAdded={onAdded}
      currency="NOK"
      locations={locationsFixture()}
      defaultLocation={undefined}
    />,
  );
  return { onAdded };
}

async function search(text: string) {
  fireEvent.change(await screen.findByRole('searchbox', { name: /Search the Kork catalogue/ }), {
    target: { value: text },
  });
  return screen.findByRole('list', { name: 'Catalogue wines' });
}

describe('adding a catalogue wine', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    vi.mocked(searchWines).mockResolvedValue({ rows: [HELD, NEW], count: 2 } as never);
    vi.mocked(listCellarWines).mockResolvedValue(page());
  });

  afterEach(() => clearToasts());

  it('says which results are in the cellar, asking once for the whole page', async () => {
    renderDialog();
    const results = await search('bar');
    const held = await within(results).findByText('In your cellar (13 bottles)');
    expect(held.closest('button')?.textContent).toContain('Barolo Cannubi');
    expect(within(results).getAllByText(/In your cellar/)).toHaveLength(1);
    expect(listCellarWines).toHaveBeenCalledTimes(1);
    expect(vi.mocked(listCellarWines).mock.calls[0]?.[1]).toMatchObject({ wineId: ['cat-1', 'cat-2'] });
  });

  it('adds bottles to the wine already there instead of making a second one', async () => {
    vi.mocked(updateCellarWine).mockResolvedValue({ ...COPY, quantity: 15 });
    const { onAdded } = renderDialog();
    const results = await search('bar');
    await within(results).findByText('In your cellar (13 bottles)');
    fireEvent.click(within(results).getByText('Brezza Barolo Cannubi'));

    expect(await screen.findByText(/already in your cellar/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Bottles to add/ }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the wine in the cellar' }));

    await waitFor(() =>
      expect(updateCellarWine).toHaveBeenCalledWith('u1', 'own-1', { addQuantity: 2, locationId: 'rack' }),
    );
    expect(createCellarWine).not.toHaveBeenCalled();
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(expect.objectContaining({ quantity: 15 })));
  });

  it('refuses 0 bottles to add beside the field', async () => {
    renderDialog();
    const results = await search('bar');
    await within(results).findByText('In your cellar (13 bottles)');
    fireEvent.click(within(results).getByText('Brezza Barolo Cannubi'));
    fireEvent.change(await screen.findByRole('textbox', { name: /Bottles to add/ }), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the wine in the cellar' }));
    expect(await screen.findByText('Must be at least 1')).toBeTruthy();
    expect(updateCellarWine).not.toHaveBeenCalled();
  });

  it('turns to the wine there when another device added it meanwhile', async () => {
    vi.mocked(listCellarWines).mockResolvedValue(page([]));
    vi.mocked(createCellarWine).mockRejectedValue(
      new ApiError('This wine is already in your cellar', 409, 'CONFLICT', {
        wineId: 'This wine is already in your cellar',
        ownWineId: 'own-1',
      }),
    );
    vi.mocked(getCellarWine).mockResolvedValue(COPY);
    renderDialog();
    const results = await search('bar');
    await waitFor(() => expect(listCellarWines).toHaveBeenCalled());
    fireEvent.click(within(results).getByText('Brezza Barolo Cannubi'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cellar' }));

    expect(await screen.findByText(/just added to your cellar/)).toBeTruthy();
    expect(screen.getByText('In your cellar (13 bottles)')).toBeTruthy();
    expect(getCellarWine).toHaveBeenCalledWith('u1', 'own-1');
  });
});
