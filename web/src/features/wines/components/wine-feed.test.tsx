import type { User, WineRow, WineSearchResult } from '@kork/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { searchWines } from '../api/search-wines';
import { WineFeed } from './wine-feed';

vi.mock('../api/search-wines', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/search-wines')>()),
  searchWines: vi.fn(),
}));

const viewer = vi.hoisted(() => ({ current: null as User | null }));
vi.mock('../../../lib/session', () => ({
  useIsLoggedIn: () => viewer.current !== null,
  useViewer: () => viewer.current,
}));

const search = vi.mocked(searchWines);

function row(id: string, name: string): WineRow {
  return {
    id,
    name,
    vintage: 2020,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    grapes: [],
    rating: 91,
    expertRating: null,
    expertCount: 0,
    communityRating: 91,
    communityCount: 3,
  };
}

const EMPTY_FACETS: WineSearchResult['facets'] = {
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
};

const ANSWER: WineSearchResult = {
  rows: [row('w-1', 'Barolo'), row('w-2', 'Barbaresco')],
  count: 30,
  facets: {
    ...EMPTY_FACETS,
    countries: [
      { id: 'italia', name: 'Italia', count: 20 },
      { id: 'frankrike', name: 'Frankrike', count: 10 },
    ],
    regions: [
      { id: 'italia.piemonte', name: 'Piemonte', count: 20 },
      { id: 'frankrike.bordeaux', name: 'Bordeaux', count: 10 },
    ],
    grapes: Array.from({ length: 12 }, (_, i) => ({ id: `grape-${i}`, name: `Grape ${i}`, count: 12 - i })),
    vintages: [
      { id: '2020', name: '2020', count: 5 },
      { id: '1950', name: '1950', count: 1 },
      { id: 'NV', name: 'NV', count: 2 },
    ],
  },
};

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderFeed(route = '/feed') {
  renderWithProviders(
    <>
      <WineFeed />
      <Location />
    </>,
    { route },
  );
}

const lastQuery = () => search.mock.calls.at(-1)?.[0];

/** A phone: the filters sit in a drawer behind a button. */
function narrowScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('the wine feed', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    viewer.current = null;
    search.mockReset();
    search.mockResolvedValue(ANSWER);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the count, the cards and the filters from the answer', async () => {
    renderFeed();

    expect((await screen.findByTestId('wine-count')).textContent).toBe('30 wines');
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Barolo',
      'Barbaresco',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search wines' })).toBeTruthy();
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('rating:desc');
    expect(lastQuery()).toMatchObject({ page: 1, sortColumn: 'rating', sortDirection: 'desc' });
  });

  it('puts a chosen country in the URL and asks again', async () => {
    renderFeed();
    await screen.findByTestId('wine-count');

    const country = await screen.findByRole('group', { name: 'Country' });
    fireEvent.click(within(country).getByRole('checkbox', { name: /Italia/ }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?origins=italia'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ origins: ['italia'] }));
    // Regions narrow to the chosen country.
    const region = screen.getByRole('group', { name: 'Region' });
    expect(within(region).queryByRole('checkbox', { name: /Bordeaux/ })).toBeNull();
    expect(within(region).getByRole('checkbox', { name: /Piemonte/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove filter: Italia' })).toBeTruthy();
  });

  it('offers the last 50 vintages and NV, and shows the top values first', async () => {
    renderFeed();
    await screen.findByTestId('wine-count');

    const vintages = await screen.findByRole('group', { name: 'Vintage' });
    expect(
      within(vintages)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label, .mantine-Checkbox-root')?.textContent),
    ).toEqual([expect.stringContaining('2020'), expect.stringContaining('NV')]);
    const grapes = screen.getByRole('group', { name: 'Grape' });
    expect(within(grapes).getAllByRole('checkbox')).toHaveLength(8);
    fireEvent.click(within(grapes).getByRole('button', { name: 'Show 4 more' }));
    expect(within(grapes).getAllByRole('checkbox')).toHaveLength(12);
  });

  it('searches a quarter of a second after typing stops', async () => {
    renderFeed();
    await screen.findByTestId('wine-count');

    fireEvent.change(screen.getByLabelText('Search wines'), { target: { value: 'nebbiolo' } });

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?search=nebbiolo'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'nebbiolo', page: 1 }));
  });

  it('reads the filters from the URL and clears them all', async () => {
    renderFeed('/feed?category=red&grapes=grape-1&sortColumn=price&sortDirection=asc');

    await screen.findByTestId('wine-count');
    expect(lastQuery()).toMatchObject({
      mainCategoryId: ['red'],
      grapes: ['grape-1'],
      sortColumn: 'price',
      sortDirection: 'asc',
    });
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('price:asc');

    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('?sortColumn=price&sortDirection=asc'),
    );
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    search.mockResolvedValue({ rows: [], count: 0, facets: EMPTY_FACETS });
    renderFeed('/feed?grapes=grape-1');

    expect(await screen.findByText('No wines match these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(''));
  });

  it('offers to try again when the wines could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    search.mockRejectedValueOnce(new Error('offline'));
    renderFeed();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The wines could not be loaded');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect((await screen.findByTestId('wine-count')).textContent).toBe('30 wines');
  });

  it('loads and appends the next page', async () => {
    search.mockResolvedValueOnce(ANSWER).mockResolvedValueOnce({ ...ANSWER, rows: [row('w-3', 'Barbera')] });
    renderFeed();

    fireEvent.click(await screen.findByRole('button', { name: 'Load more wines' }));

    expect(await screen.findByRole('article', { name: 'Barbera' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(lastQuery()).toMatchObject({ page: 2 });
  });

  it('gives a visitor neither the price range nor the member switches', async () => {
    renderFeed();
    await screen.findByTestId('wine-count');
    await screen.findByRole('group', { name: 'Country' });
    expect(screen.queryByLabelText('Min price')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Available now' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Rated by experts' })).toBeTruthy();
  });

  it('keeps the filters in a drawer on a phone', async () => {
    narrowScreen();
    renderFeed('/feed?grapes=grape-1');
    await screen.findByTestId('wine-count');
    expect(screen.queryByRole('group', { name: 'Country' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Filters, 1 active' }));

    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(drawer).getByRole('group', { name: 'Country' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Show 30 wines' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
  });

  it('gives a business member the trade switch', async () => {
    viewer.current = { id: 'u-1', accountType: 2, isBusiness: true } as User;
    renderFeed();
    await screen.findByTestId('wine-count');

    expect(await screen.findByLabelText('Min price')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Available now' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Available to the trade' })).toBeTruthy();
  });
});
