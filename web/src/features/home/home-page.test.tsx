import type { WineSearchResult } from '@kork/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { searchWines } from '../wines/api/search-wines';
import { HomePage } from './home-page';

vi.mock('../wines/api/search-wines', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../wines/api/search-wines')>()),
  searchWines: vi.fn(),
}));

const ANSWER: WineSearchResult = {
  rows: [],
  count: 0,
  facets: {
    // Every strip style but orange has wines (and some style the strip does not offer).
    categories: [
      { id: 'red', name: 'red', count: 40 },
      { id: 'white', name: 'white', count: 25 },
      { id: 'sparkling', name: 'sparkling', count: 9 },
      { id: 'rose', name: 'rose', count: 6 },
      { id: 'fortified', name: 'fortified', count: 3 },
      { id: 'dessert', name: 'dessert', count: 2 },
      { id: 'spirits', name: 'spirits', count: 12 },
    ],
    countries: [],
    regions: [],
    subRegions: [],
    grapes: [],
    food: [],
    manufacturers: [],
    bottleSizes: [],
    stores: [],
    vintages: [],
    experts: [],
    nbsSuppliers: [],
  },
};

describe('the home page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.mocked(searchWines).mockReset().mockResolvedValue(ANSWER);
  });

  it('paints the hero at once and holds the feed’s place while its code and wines arrive', async () => {
    // The first test of this file: the feed's code has not been fetched yet.
    renderWithProviders(<HomePage />, { route: '/feed' });

    // In the first render: the hero, the strip and the feed's placeholder, nothing waited for.
    expect(screen.getByRole('heading', { name: 'Find the wines worth opening', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join for free' }).getAttribute('href')).toBe('/registration');
    expect(screen.getByRole('navigation', { name: 'Wine styles' })).toBeTruthy();
    expect(screen.getByTestId('wine-feed-skeleton').getAttribute('aria-busy')).toBe('true');

    expect(await screen.findByRole('searchbox', { name: 'Search wines' })).toBeTruthy();
    expect(screen.queryByTestId('wine-feed-skeleton')).toBeNull();
  });

  it('filters the top-rated wines by the category strip, keeping the other filters', async () => {
    renderWithProviders(<HomePage />, { route: '/feed?category=red&grapes=merlot' });

    const strip = await screen.findByRole('navigation', { name: 'Wine styles' });
    const red = await within(strip).findByRole('link', { name: 'Red' });
    expect(red.getAttribute('aria-current')).toBe('true');
    expect(red.getAttribute('href')).toBe('/feed?grapes=merlot');
    expect(within(strip).getByRole('link', { name: 'White' }).getAttribute('href')).toBe(
      '/feed?category=white&grapes=merlot',
    );
    expect(screen.getByRole('heading', { name: 'Top-rated wines', level: 2 })).toBeTruthy();
    await waitFor(() =>
      expect(vi.mocked(searchWines).mock.calls.at(-1)?.[0]).toMatchObject({
        mainCategoryId: ['red'],
        grapes: ['merlot'],
      }),
    );
  });

  it('shows a visitor the one trade marketplace banner', async () => {
    renderWithProviders(<HomePage />, { route: '/feed' });

    expect(await screen.findAllByRole('heading', { name: /110 suppliers/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Create a business account' }).getAttribute('href')).toBe(
      '/registration',
    );
  });

  it('offers only the styles that have wines, once the feed’s answer says which', async () => {
    let answer: (result: WineSearchResult) => void = () => {};
    vi.mocked(searchWines).mockImplementation(
      () => new Promise<WineSearchResult>((resolve) => (answer = resolve)),
    );
    renderWithProviders(<HomePage />, { route: '/feed' });

    // Before the answer the strip holds its place, with no chip to follow yet.
    const strip = screen.getByRole('navigation', { name: 'Wine styles' });
    expect(within(strip).queryAllByRole('link')).toHaveLength(0);

    await waitFor(() => expect(searchWines).toHaveBeenCalled());
    answer(ANSWER);

    await within(strip).findByRole('link', { name: 'Red' });
    expect(
      within(strip)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Red', 'White', 'Rosé', 'Sparkling', 'Dessert', 'Fortified']);
    expect(within(strip).queryByRole('link', { name: 'Orange' })).toBeNull();
  });

  it('keeps a chosen style without wines, so it can be chosen off again', async () => {
    renderWithProviders(<HomePage />, { route: '/feed?category=orange' });

    const strip = screen.getByRole('navigation', { name: 'Wine styles' });
    const orange = await within(strip).findByRole('link', { name: 'Orange' });
    expect(orange.getAttribute('aria-current')).toBe('true');
    expect(orange.getAttribute('href')).toBe('/feed');
  });

  it('follows the other filters: a search that finds only red wines leaves only red', async () => {
    vi.mocked(searchWines).mockResolvedValue({
      ...ANSWER,
      facets: { ...ANSWER.facets, categories: [{ id: 'red', name: 'red', count: 4 }] },
    });
    renderWithProviders(<HomePage />, { route: '/feed?search=barolo' });

    const strip = screen.getByRole('navigation', { name: 'Wine styles' });
    const red = await within(strip).findByRole('link', { name: 'Red' });
    expect(red.getAttribute('href')).toBe('/feed?search=barolo&category=red');
    expect(within(strip).getAllByRole('link')).toHaveLength(1);
  });

  it('offers every style when the wines could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(searchWines).mockRejectedValue(new Error('offline'));
    renderWithProviders(<HomePage />, { route: '/feed' });

    const strip = screen.getByRole('navigation', { name: 'Wine styles' });
    await within(strip).findByRole('link', { name: 'Orange' });
    expect(within(strip).getAllByRole('link')).toHaveLength(7);
  });

  it('is called Forsiden in Norwegian, in the tab and the navbar', async () => {
    await i18n.changeLanguage('nb');
    renderWithProviders(<HomePage />, { route: '/feed' });

    await waitFor(() => expect(document.title).toBe('Forsiden · Kork'));
    expect(i18n.getFixedT('nb', 'shell')('nav.feed')).toBe('Forsiden');
    expect(i18n.getFixedT('en', 'shell')('nav.feed')).toBe('Feed');
    await screen.findByRole('searchbox', { name: 'Søk etter viner' });
  });
});
