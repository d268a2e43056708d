import type { User, WineRow, WineSearchResult } from '@kork/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { searchWines } from '../api/search-wines';
import { WineFeed, type WineFeedProps } from './wine-feed';

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
  nbsSuppliers: [],
};

const ANSWER: WineSearchResult = {
  rows: [row('w-1', 'Barolo'), row('w-2', 'Barbaresco')],
  count: 30,
  facets: {
    ...EMPTY_FACETS,
    countries: [
      { id: 'italy', name: 'Italia', count: 20 },
      { id: 'france', name: 'Frankrike', count: 10 },
    ],
    regions: [
      { id: 'italy.piedmont', name: 'Piemonte', count: 20 },
      { id: 'france.bordeaux', name: 'Bordeaux', count: 10 },
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

function renderFeed(route = '/feed', onCategoryCounts?: WineFeedProps['onCategoryCounts']) {
  renderWithProviders(
    <>
      <WineFeed onCategoryCounts={onCategoryCounts} />
      <Location />
    </>,
    { route },
  );
}

const lastQuery = () => search.mock.calls.at(-1)?.[0];

/** The text of the option a select shows. */
const selectedLabel = (select: HTMLSelectElement) => select.options[select.selectedIndex]?.textContent;

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

  it('puts a chosen country in the URL by its neutral id and names it in English', async () => {
    renderFeed();
    await screen.findByTestId('wine-count');

    const country = await screen.findByRole('group', { name: 'Country' });
    expect(within(country).queryByRole('checkbox', { name: /Italia|Frankrike/ })).toBeNull();
    fireEvent.click(within(country).getByRole('checkbox', { name: /Italy/ }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?origins=italy'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ origins: ['italy'] }));
    // Regions narrow to the chosen country.
    const region = screen.getByRole('group', { name: 'Region' });
    expect(within(region).queryByRole('checkbox', { name: /Bordeaux/ })).toBeNull();
    expect(within(region).getByRole('checkbox', { name: /Piedmont/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove filter: Italy' })).toBeTruthy();
  });

  it("rewrites an older link's Norwegian origin to today's id", async () => {
    renderFeed('/feed?origins=italia,frankrike.burgund');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('?origins=italy%2Cfrance.burgundy'),
    );
    await waitFor(() => expect(lastQuery()).toMatchObject({ origins: ['italy', 'france.burgundy'] }));
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

  it('stops the search at the API’s bound and names it', async () => {
    renderFeed();
    await screen.findByTestId('wine-count');
    const box = screen.getByRole('searchbox', { name: 'Search wines' }) as HTMLInputElement;
    expect(box.maxLength).toBe(200);

    // Exactly at the bound: searched, and the box says why it takes no more.
    const longest = 'a'.repeat(200);
    fireEvent.change(box, { target: { value: longest } });
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: longest }));
    expect(box.getAttribute('aria-invalid')).toBeNull();

    // Past it (a paste the browser let through): the box says so, and even Enter does not search it.
    fireEvent.change(box, { target: { value: 'b'.repeat(500) } });
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    expect(screen.getByTestId('location').textContent).toBe(`?search=${longest}`);
    expect(search.mock.calls.every((call) => (call[0].search ?? '').length <= 200)).toBe(true);
  });

  it('names the bound in Norwegian too', async () => {
    await i18n.changeLanguage('nb');
    renderFeed();
    await screen.findByTestId('wine-count');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Søk etter viner' }), {
      target: { value: 'x'.repeat(201) },
    });

    expect(await screen.findByText('Høyst 200 tegn')).toBeTruthy();
  });

  it('shows the API’s own words when it refuses the search, and offers to clear the filters', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    search.mockRejectedValue(
      new ApiError('Some fields are not valid', 400, 'VALIDATION_FAILED', {
        maxPrice: 'Must be between 0 and 1,000,000,000',
      }),
    );
    viewer.current = { id: 'u-1', accountType: 1, isBusiness: false } as User;
    renderFeed('/feed?maxPrice=99999999999');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('These filters cannot be used');
    expect(alert.textContent).toContain('Must be between 0 and 1,000,000,000');
    expect(alert.textContent).not.toContain('connection');
    search.mockResolvedValue(ANSWER);
    fireEvent.click(within(alert).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(''));
    expect((await screen.findByTestId('wine-count')).textContent).toBe('30 wines');
  });

  it('keeps “could not be loaded” and a retry for a server failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    search.mockRejectedValueOnce(new ApiError('Internal server error', 500, 'INTERNAL'));
    renderFeed('/feed?search=barolo');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The wines could not be loaded');
    expect(alert.textContent).toContain('Check your connection and try again.');
    expect(alert.textContent).not.toContain('Internal server error');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('wine-count')).textContent).toBe('30 wines');
  });

  it('says “Best match” for a text search under the default sort, and still takes another sort', async () => {
    renderFeed('/feed?search=barolo');
    await screen.findByTestId('wine-count');
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;

    expect(sort.value).toBe('rating:desc');
    expect(selectedLabel(sort)).toBe('Best match');
    expect(within(sort).queryByRole('option', { name: 'Highest rated' })).toBeNull();

    fireEvent.change(sort, { target: { value: 'price:asc' } });

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '?search=barolo&sortColumn=price&sortDirection=asc',
      ),
    );
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'barolo', sortColumn: 'price' }));
    expect(selectedLabel(sort)).toBe('Price: low to high');
    expect(within(sort).getByRole('option', { name: 'Best match' })).toBeTruthy();
  });

  it('says “Highest rated” when there is no text to match', async () => {
    renderFeed();
    await screen.findByTestId('wine-count');
    expect(selectedLabel(screen.getByLabelText('Sort by') as HTMLSelectElement)).toBe('Highest rated');
  });

  it('calls it “Beste treff” in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderFeed('/feed?search=barolo');
    await screen.findByTestId('wine-count');

    expect(selectedLabel(screen.getByLabelText('Sorter etter') as HTMLSelectElement)).toBe('Beste treff');
  });

  it('tells the page which main categories have wines', async () => {
    const onCounts = vi.fn();
    search.mockResolvedValue({
      ...ANSWER,
      facets: { ...ANSWER.facets, categories: [{ id: 'red', name: 'red', count: 30 }] },
    });
    renderFeed('/feed', onCounts);

    await waitFor(() => expect(onCounts).toHaveBeenCalledWith([{ id: 'red', name: 'red', count: 30 }]));
  });

  it('does not apply a price the API would refuse, and says what it takes', async () => {
    viewer.current = { id: 'u-1', accountType: 1, isBusiness: false } as User;
    renderFeed();
    await screen.findByTestId('wine-count');

    const max = await screen.findByLabelText('Max price');
    fireEvent.change(max, { target: { value: '5000000000' } });

    expect(await screen.findByText('Must be between 0 and 1,000,000,000')).toBeTruthy();
    fireEvent.blur(max);
    expect(screen.getByTestId('location').textContent).toBe('');

    fireEvent.change(max, { target: { value: '250.50' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?maxPrice=250.5'));
    expect(screen.queryByText('Must be between 0 and 1,000,000,000')).toBeNull();
  });
});
