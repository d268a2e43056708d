import type { SharedLocationView } from '@kork/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { getSharedLocation } from '../cellar/api/locations';
import { SharedLocationPage } from './shared-location-page';

vi.mock('../cellar/api/locations', () => ({ getSharedLocation: vi.fn() }));

const shared = vi.mocked(getSharedLocation);

const VIEW: SharedLocationView = {
  location: { id: 'rack', name: 'Rack A', path: ['Cellar', 'Rack A'] },
  ownerName: 'Ingrid Vik',
  sublocations: [{ id: 'shelf', name: 'Shelf 2', parentId: 'rack' }],
  rows: [
    {
      id: 'w1',
      wineDisplayName: 'Vietti Barolo Castiglione 2016',
      wineName: 'Barolo Castiglione',
      producerName: 'Vietti',
      vintage: 2016,
      bottleSize: 0.75,
      mainCategoryId: 'red',
      quantity: 3,
      placements: [{ locationId: 'shelf', quantity: 3 }],
    },
    {
      id: 'w2',
      wineDisplayName: 'Bollinger Special Cuvée',
      wineName: 'Special Cuvée',
      vintage: null,
      bottleSize: 1.5,
      mainCategoryId: 'sparkling',
      quantity: 2,
      placements: [
        { locationId: 'rack', quantity: 1 },
        { locationId: 'shelf', quantity: 1 },
      ],
    },
  ],
  count: 2,
  bottles: 5,
};

/** The app's route is `location/*`: the token is its splat. */
function renderPage(path: string) {
  renderWithProviders(
    <Routes>
      <Route path="location/*" element={<SharedLocationPage />} />
    </Routes>,
    { route: path },
  );
}

describe('the shared location page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    shared.mockReset();
  });

  it('shows the owner, the path, the totals and the wines without prices', async () => {
    shared.mockResolvedValue(VIEW);
    renderPage('/location/tok123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cellar › Rack A' })).toBeTruthy();
    expect(shared).toHaveBeenCalledWith('tok123', expect.any(AbortSignal));
    expect(screen.getByText('Shared by Ingrid Vik')).toBeTruthy();
    expect(screen.getByText('2 wines · 5 bottles')).toBeTruthy();

    const barolo = screen.getByRole('article', { name: 'Vietti Barolo Castiglione 2016' });
    expect(within(barolo).getByText('0.75 l')).toBeTruthy();
    expect(within(barolo).getByText('3')).toBeTruthy();
    expect(within(barolo).getByText('Shelf 2')).toBeTruthy();
    const bollinger = screen.getByRole('article', { name: 'Bollinger Special Cuvée' });
    expect(within(bollinger).getByText('NV')).toBeTruthy();
    expect(within(bollinger).getByText('Rack A (1), Shelf 2 (1)')).toBeTruthy();
    // The tab follows once the page has its location.
    await waitFor(() => expect(document.title).toContain('Cellar › Rack A'));
  });

  it('says the link is no longer shared when the token answers 404', async () => {
    shared.mockRejectedValue(new ApiError('Not found', 404, 'notFound'));
    renderPage('/location/revoked');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is no longer shared' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers a retry when the server cannot be reached', async () => {
    shared.mockRejectedValueOnce(new ApiError('Offline', 0, 'NETWORK')).mockResolvedValueOnce(VIEW);
    renderPage('/location/tok123');

    const retry = await screen.findByRole('button', { name: 'Try again' });
    fireEvent.click(retry);

    expect(await screen.findByText('Shared by Ingrid Vik')).toBeTruthy();
  });
});
