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
    categories: [],
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
    const red = within(strip).getByRole('link', { name: 'Red' });
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
});
