import type { WineSearchResult } from '@kork/shared';
import { screen, within } from '@testing-library/react';
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

  it('filters the top-rated wines by the category strip, keeping the other filters', async () => {
    renderWithProviders(<HomePage />, { route: '/feed?category=red&grapes=merlot' });

    const strip = await screen.findByRole('navigation', { name: 'Wine styles' });
    const red = within(strip).getByRole('link', { name: 'Red' });
    expect(red.getAttribute('aria-current')).toBe('true');
    expect(red.getAttribute('href')).toBe('/feed?grapes=merlot');
    expect(within(strip).getByRole('link', { name: 'White' }).getAttribute('href')).toBe(
      '/feed?category=white&grapes=merlot',
    );
    expect(vi.mocked(searchWines).mock.calls.at(-1)?.[0]).toMatchObject({
      mainCategoryId: ['red'],
      grapes: ['merlot'],
    });
    expect(screen.getByRole('heading', { name: 'Top-rated wines', level: 2 })).toBeTruthy();
  });

  it('shows a visitor the one trade marketplace banner', async () => {
    renderWithProviders(<HomePage />, { route: '/feed' });

    expect(await screen.findAllByRole('heading', { name: /110 suppliers/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Create a business account' }).getAttribute('href')).toBe(
      '/registration',
    );
  });
});
