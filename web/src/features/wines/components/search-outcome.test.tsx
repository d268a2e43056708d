import type { WineRow, WineSearchResult } from '@kork/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { searchWines } from '../api/search-wines';
import { WineFeed } from './wine-feed';

vi.mock('../api/search-wines', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/search-wines')>()),
  searchWines: vi.fn(),
}));
vi.mock('../../../lib/session', () => ({ useIsLoggedIn: () => false, useViewer: () => null }));

const search = vi.mocked(searchWines);

const FACETS: WineSearchResult['facets'] = {
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
  nbsSuppliers: [],
};

function row(id: string, name: string): WineRow {
  return {
    id,
    name,
    vintage: 2009,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    grapes: [],
    rating: null,
    expertRating: null,
    expertCount: 0,
    communityRating: null,
    communityCount: 0,
  };
}

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderFeed(route: string) {
  renderWithProviders(
    <>
      <WineFeed />
      <Location />
    </>,
    { route },
  );
}

/** The API: expert-rated wines only by default; the three Glana wines have no expert rating. */
function answerGlana() {
  search.mockImplementation(async (params) =>
    params.isRatedByExpert === false
      ? { rows: [row('g1', 'Ch. du Glana 2010'), row('g2', 'Ch. du Glana 2009')], count: 3, facets: FACETS }
      : { rows: [], count: 0, facets: FACETS, withoutExpertRating: 3 },
  );
}

describe('a search the expert-rated default hides', () => {
  beforeEach(() => {
    search.mockReset();
  });

  it('says why the list is empty and lists the unrated matches in one tap', async () => {
    await i18n.changeLanguage('en');
    answerGlana();
    renderFeed('/feed?search=glana');

    expect(await screen.findByText('No wines with an expert rating match “glana”')).toBeTruthy();
    expect(screen.getByText(/3 wines without an expert rating do/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '3 more wines without expert ratings' }));

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('?search=glana&isRatedByExpert=false'),
    );
    expect(await screen.findByText('Ch. du Glana 2010')).toBeTruthy();
    expect(screen.getByTestId('wine-count').textContent).toBe('3 wines');
    expect(screen.queryByRole('button', { name: /more wines without expert ratings/ })).toBeNull();
  });

  it('offers the unrated matches above a list that has rated ones too, in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    search.mockResolvedValue({
      rows: [row('p1', 'Ch. Palmer 2010')],
      count: 1,
      facets: FACETS,
      withoutExpertRating: 2,
    });
    renderFeed('/feed?search=palmer');

    const more = await screen.findByRole('button', { name: '2 viner til uten ekspertvurdering' });
    expect(screen.getByText('Ch. Palmer 2010')).toBeTruthy();
    fireEvent.click(more);
    await waitFor(() => expect(search.mock.calls.at(-1)?.[0]).toMatchObject({ isRatedByExpert: false }));
  });

  it('brings every default back on "Clear filters", the expert-rated one included', async () => {
    await i18n.changeLanguage('en');
    search.mockResolvedValue({ rows: [], count: 0, facets: FACETS });
    renderFeed('/feed?search=zzyzx&isRatedByExpert=false&isAvailable=false');

    expect(await screen.findByText('No wines match “zzyzx”')).toBeTruthy();
    expect(screen.getByText('Check the spelling, or remove a filter above.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(''));
    expect(search.mock.calls.at(-1)?.[0]).toMatchObject({ isRatedByExpert: true, isAvailable: true });
    expect(search.mock.calls.at(-1)?.[0]).not.toHaveProperty('search', 'zzyzx');
  });

  it('says that only expert-rated wines are listed when filters alone leave nothing', async () => {
    await i18n.changeLanguage('en');
    search.mockResolvedValue({ rows: [], count: 0, facets: FACETS });
    renderFeed('/feed?grapes=glera');

    expect(await screen.findByText('No wines match these filters')).toBeTruthy();
    expect(
      screen.getByText('The list shows wines with an expert rating only, unless you include the others.'),
    ).toBeTruthy();
  });
});
