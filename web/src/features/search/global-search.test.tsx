import { type GlobalSearchResult, SEARCH_KINDS } from '@kork/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
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
