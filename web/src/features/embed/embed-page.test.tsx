import type { EmbeddedWine } from '@kork/shared';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { getEmbeddedWine } from './api/get-embedded-wine';
import { EmbedPage } from './embed-page';

vi.mock('./api/get-embedded-wine', () => ({ getEmbeddedWine: vi.fn() }));

const embedded = vi.mocked(getEmbeddedWine);

const WINE: EmbeddedWine = {
  id: 'w1',
  name: 'Château Margaux',
  producer: 'Château Margaux',
  vintage: 2015,
  country: 'Frankrike',
  region: 'Bordeaux',
  rating: 97,
  expertRating: 97,
  price: 8990,
  currency: 'NOK',
};

function renderEmbed(search: string) {
  renderWithProviders(
    <Routes>
      <Route path="/embed/wines/:id" element={<EmbedPage />} />
    </Routes>,
    { route: `/embed/wines/w1${search}` },
  );
}

describe('the embedded wine card', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    embedded.mockReset();
    embedded.mockResolvedValue(WINE);
  });

  it('hides the price when showPrice is false', async () => {
    renderEmbed('?showPrice=false&showRating=true');

    expect(await screen.findByRole('heading', { name: 'Château Margaux' })).toBeTruthy();
    expect(screen.queryByTestId('wine-price')).toBeNull();
    expect(screen.getByText('Outstanding')).toBeTruthy();
    expect(embedded).toHaveBeenCalledWith('w1', { showPrice: false, showRating: true }, expect.anything());
  });

  it('shows the price and hides the rating when asked to, passing the owner key on', async () => {
    renderEmbed('?showPrice=true&showRating=false&priceKey=k3y');

    expect((await screen.findByTestId('wine-price')).textContent).toContain('8,990');
    expect(screen.queryByText('Outstanding')).toBeNull();
    expect(embedded).toHaveBeenCalledWith(
      'w1',
      { showPrice: true, showRating: false, priceKey: 'k3y' },
      expect.anything(),
    );
  });

  it('shows no price when the API sends none, as for an address without the owner key', async () => {
    const { price: _price, currency: _currency, ...withoutPrice } = WINE;
    embedded.mockResolvedValue(withoutPrice);
    renderEmbed('?showPrice=true&showRating=true');

    expect(await screen.findByRole('heading', { name: 'Château Margaux' })).toBeTruthy();
    expect(screen.queryByTestId('wine-price')).toBeNull();
    expect(embedded).toHaveBeenCalledWith('w1', { showPrice: true, showRating: true }, expect.anything());
  });

  it('links to the wine on Kork in a new tab', async () => {
    renderEmbed('');

    const link = await screen.findByRole('link', { name: 'View on Kork' });
    expect(link.getAttribute('href')).toBe('/wines/w1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('2015', { exact: false })).toBeTruthy();
    expect(screen.getByText('France, Bordeaux')).toBeTruthy();
  });
});
