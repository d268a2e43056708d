import type { WineRow } from '@kork/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { WineCard } from './wine-card';

const WINE: WineRow = {
  id: 'w-1',
  name: 'Barolo Cannubi',
  producer: 'Marchesi di Barolo',
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

describe('a wine card', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names the wine, links to it and describes its rating', async () => {
    renderWithProviders(<WineCard wine={WINE} loggedIn={false} currency="EUR" />);

    const card = await screen.findByRole('article', { name: 'Barolo Cannubi' });
    const heading = within(card).getByRole('heading', { name: 'Barolo Cannubi' });
    expect(within(heading).getByRole('link').getAttribute('href')).toBe('/wines/w-1');
    expect(card.textContent).toContain('Marchesi di Barolo');
    expect(card.textContent).toContain('2017');
    expect(card.textContent).toContain('Italy, Piedmont');
    expect(card.textContent).toContain('Excellent');
    expect(within(card).getByText('Expert')).toBeTruthy();
  });

  it('hides the price from a visitor and offers to register instead', async () => {
    renderWithProviders(<WineCard wine={WINE} loggedIn={false} currency="EUR" />);

    const register = await screen.findByRole('link', { name: 'Register to see prices' });
    expect(register.getAttribute('href')).toBe('/registration');
    expect(screen.getByRole('article').textContent).not.toMatch(/649/);
  });

  it('shows a signed-in person the price in the row’s currency', async () => {
    renderWithProviders(<WineCard wine={WINE} loggedIn currency="EUR" />);

    const price = new Intl.NumberFormat('en', { style: 'currency', currency: 'NOK' }).format(649.9);
    const card = await screen.findByRole('article');
    expect(card.textContent).toContain(price);
    expect(card.textContent).toContain('649.90');
    expect(screen.queryByRole('link', { name: 'Register to see prices' })).toBeNull();
  });

  it('says NV for a non-vintage wine and that an unrated one has no rating yet', async () => {
    renderWithProviders(
      <WineCard
        wine={{ ...WINE, vintage: null, rating: null, expertRating: null, expertCount: 0 }}
        loggedIn
        currency="EUR"
      />,
    );

    const card = await screen.findByRole('article');
    expect(card.textContent).toContain('NV');
    expect(card.textContent).toContain('Not rated yet');
    expect(within(card).queryByText('Expert')).toBeNull();
  });

  it('shows one style badge in the reader’s language, and a product type only when it says more', async () => {
    const { unmount } = renderWithProviders(
      <WineCard wine={{ ...WINE, style: 'Rødvin' }} loggedIn={false} currency="EUR" />,
    );
    let card = await screen.findByRole('article');
    expect(within(card).getByText('Red')).toBeTruthy();
    expect(card.textContent).not.toMatch(/Rødvin|Red wine/);
    unmount();

    await i18n.changeLanguage('nb');
    const norwegian = renderWithProviders(
      <WineCard wine={{ ...WINE, style: 'Rødvin' }} loggedIn={false} currency="EUR" />,
    );
    card = await screen.findByRole('article');
    expect(card.textContent?.match(/Rødvin/g)).toHaveLength(1);
    expect(card.textContent).toContain('Italia, Piemonte');
    norwegian.unmount();

    await i18n.changeLanguage('en');
    renderWithProviders(
      <WineCard
        wine={{
          ...WINE,
          name: 'Krug Grande Cuvée',
          producer: 'Krug',
          mainCategoryId: 'sparkling',
          style: 'Champagne',
          vintage: null,
          country: 'Frankrike',
          region: 'Champagne',
        }}
        loggedIn={false}
        currency="EUR"
      />,
    );
    card = await screen.findByRole('article', { name: 'Krug Grande Cuvée' });
    expect(within(card).getByText('Sparkling')).toBeTruthy();
    expect(within(card).getAllByText('Champagne')).toHaveLength(1);
    expect(card.textContent).toContain('NV');
    expect(card.textContent).toContain('France, Champagne');
    expect(card.textContent).not.toContain('undefined');
  });

  it('puts the producer in front of a name that does not say it, and never twice', async () => {
    const { unmount } = renderWithProviders(
      <WineCard wine={{ ...WINE, name: 'Barolo', producer: 'Vietti' }} loggedIn={false} currency="EUR" />,
    );
    const card = await screen.findByRole('article', { name: 'Vietti Barolo' });
    expect(card.textContent?.match(/Vietti/g)).toHaveLength(1);
    unmount();

    renderWithProviders(
      <WineCard
        wine={{ ...WINE, name: 'Krug Grande Cuvée', producer: 'Krug' }}
        loggedIn={false}
        currency="EUR"
      />,
    );
    const krug = await screen.findByRole('article', { name: 'Krug Grande Cuvée' });
    expect(krug.textContent?.match(/Krug/g)).toHaveLength(1);
  });

  it('asks the image service for a bottle of the wine’s style when there is no photo', async () => {
    const { container, unmount } = renderWithProviders(
      <WineCard wine={{ ...WINE, mainCategoryId: 'sparkling' }} loggedIn={false} currency="EUR" />,
    );
    await screen.findByRole('article');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/img?w=64&style=sparkling');
    unmount();

    const photo = renderWithProviders(
      <WineCard wine={{ ...WINE, imageUrl: '/wines/w-1.jpg' }} loggedIn={false} currency="EUR" />,
    );
    await screen.findByRole('article');
    expect(photo.container.querySelector('img')?.getAttribute('src')).not.toContain('style=');
  });
});
