import { type GlobalSearchResult, SEARCH_KINDS } from '@kork/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { globalSearch } from './api/global-search';
import { GlobalSearchBox } from './global-search';
import { GlobalSearchTrigger } from './global-search-trigger';
import { searchHitPath } from './search-targets';

vi.mock('./api/global-search', () => ({ globalSearch: vi.fn() }));

const search = vi.mocked(globalSearch);

// The answer's groups come in any order; the list shows them in the SPEC's order.
const ANSWER: GlobalSearchResult = {
  groups: [
    { kind: 'expert', hits: [{ kind: 'expert', id: 'u-7', name: 'Bordeaux Bente', detail: 'Sommelier' }] },
    {
      kind: 'wine',
      hits: [{ kind: 'wine', id: 'w-1', name: 'Château Margaux', detail: 'Château Margaux · 2015' }],
    },
    {
      kind: 'region',
      hits: [{ kind: 'region', id: 'frankrike.bordeaux', name: 'Bordeaux', detail: 'Frankrike' }],
    },
    { kind: 'grape', hits: [] },
  ],
};

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderSearch() {
  renderWithProviders(
    <>
      <GlobalSearchBox />
      <Location />
    </>,
    { route: '/events' },
  );
  return screen.getByRole('combobox', { name: 'Search Kork' });
}

function type(input: HTMLElement, text: string) {
  input.focus();
  fireEvent.change(input, { target: { value: text } });
}

const location = () => screen.getByTestId('location').textContent;

describe('the global search', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    search.mockReset();
    search.mockResolvedValue(ANSWER);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('groups the results by kind under translated titles, in the SPEC order', async () => {
    type(renderSearch(), 'bord');

    await waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    expect(search.mock.calls[0]?.[0]).toBe('bord');
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((group) => group.firstChild?.textContent)).toEqual(['Wines', 'Regions', 'Experts']);
    expect(within(screen.getByRole('group', { name: 'Wines' })).getByRole('option').textContent).toContain(
      'Château Margaux',
    );
    expect(screen.queryByRole('group', { name: 'Grapes' })).toBeNull();
  });

  it('waits for typing to stop and asks once for the last text', async () => {
    const input = renderSearch();
    type(input, 'ma');
    fireEvent.change(input, { target: { value: 'mar' } });
    fireEvent.change(input, { target: { value: 'marg' } });

    await screen.findByRole('group', { name: 'Wines' });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('marg');
  });

  it('opens a chosen wine', async () => {
    type(renderSearch(), 'margaux');

    fireEvent.click(await screen.findByRole('option', { name: /Château Margaux/ }));

    expect(location()).toBe('/wines/w-1');
  });

  it('filters the feed by a chosen region, with the keyboard', async () => {
    const input = renderSearch();
    type(input, 'bordeaux');
    await screen.findByRole('group', { name: 'Regions' });

    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /^Bordeaux Frankrike/ }).id,
    );
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });

    expect(location()).toBe('/feed?origins=frankrike.bordeaux');
  });

  it('searches the feed on Enter when no result is chosen', async () => {
    const input = renderSearch();
    type(input, 'pinot noir');
    await screen.findByRole('listbox');

    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });

    expect(location()).toBe('/feed?search=pinot+noir');
  });

  it('says so when nothing is found', async () => {
    search.mockResolvedValue({ groups: [] });
    type(renderSearch(), 'zzz');

    expect(await screen.findByText('Nothing found for “zzz”')).toBeTruthy();
  });

  it('stops at the API’s bound, names it, and does not search past it', async () => {
    const input = renderSearch() as HTMLInputElement;
    expect(input.maxLength).toBe(200);

    type(input, 'a'.repeat(200));
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
    await waitFor(() => expect(search).toHaveBeenCalledWith('a'.repeat(200), expect.anything()));

    search.mockClear();
    type(input, 'b'.repeat(500));
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Search is not available right now. Try again in a moment.')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(location()).toBe('/events');
    expect(search).not.toHaveBeenCalled();
  });

  it('shows the API’s own words when it refuses the text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    search.mockRejectedValue(
      new ApiError('Noen felt er ikke gyldige', 400, 'VALIDATION_FAILED', { q: 'Høyst 200 tegn' }),
    );
    type(renderSearch(), 'margaux');

    expect(await screen.findByText('Høyst 200 tegn')).toBeTruthy();
    expect(screen.queryByText('Search is not available right now. Try again in a moment.')).toBeNull();
  });

  it('says the search is not available when the server fails or the network is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    search.mockRejectedValue(new ApiError('Internal server error', 500, 'INTERNAL'));
    const input = renderSearch();
    type(input, 'margaux');

    expect(await screen.findByText('Search is not available right now. Try again in a moment.')).toBeTruthy();
    expect(screen.queryByText('Internal server error')).toBeNull();

    search.mockRejectedValue(new ApiError('Error occurred. Please try again.', 0, 'NETWORK'));
    fireEvent.change(input, { target: { value: 'margaux 2015' } });
    await waitFor(() => expect(search).toHaveBeenCalledWith('margaux 2015', expect.anything()));
    expect(await screen.findByText('Search is not available right now. Try again in a moment.')).toBeTruthy();
  });

  it('takes over from the navbar’s light field, keeping the text and the focus', async () => {
    renderWithProviders(<GlobalSearchTrigger transparent={false} />);
    const field = screen.getByRole('searchbox', { name: 'Search Kork' });

    field.focus();
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'rioja' } });

    const combobox = await screen.findByRole('combobox', { name: 'Search Kork' });
    expect((combobox as HTMLInputElement).value).toBe('rioja');
    await waitFor(() => expect(document.activeElement).toBe(combobox));
  });
});

describe('the result groups', () => {
  it('have a title for every kind in both languages', async () => {
    for (const language of ['en', 'nb']) {
      await i18n.changeLanguage(language);
      for (const kind of SEARCH_KINDS) expect(i18n.exists(`globalSearch.groups.${kind}`), kind).toBe(true);
    }
    await i18n.changeLanguage('en');
  });
});

describe('where a search result leads', () => {
  it('sends each kind to its page or to the feed filtered by it', () => {
    expect(searchHitPath({ kind: 'wine', id: 'w-1' })).toBe('/wines/w-1');
    expect(searchHitPath({ kind: 'expert', id: 'u-7' })).toBe('/users/u-7');
    expect(searchHitPath({ kind: 'tastingLocation', id: 'u-9' })).toBe('/restaurants/u-9');
    expect(searchHitPath({ kind: 'category', id: 'red' })).toBe('/feed?category=red');
    expect(searchHitPath({ kind: 'country', id: 'italia' })).toBe('/feed?origins=italia');
    expect(searchHitPath({ kind: 'subRegion', id: 'italia.piemonte.barolo' })).toBe(
      '/feed?origins=italia.piemonte.barolo',
    );
    expect(searchHitPath({ kind: 'grape', id: 'nebbiolo' })).toBe('/feed?grapes=nebbiolo');
    expect(searchHitPath({ kind: 'manufacturer', id: 'gaja' })).toBe('/feed?manufacturers=gaja');
  });
});
