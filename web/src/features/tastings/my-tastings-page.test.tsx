import type { TastingNote, User } from '@kork/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { getUserTastings } from './api/get-user-tastings';
import { queryOf, readSearch, writeSearch } from './my-tastings-filters';
import { MyTastingsPage } from './my-tastings-page';

vi.mock('./api/get-user-tastings', () => ({ getUserTastings: vi.fn() }));

const VIEWER = { id: 'u9', email: 'ola@example.com', fullName: 'Ola Nordmann', role: 'user' } as User;

function note(id: string, name: string, date: string): TastingNote {
  return {
    id,
    wineId: `w-${id}`,
    authorId: 'u9',
    authorName: 'Ola Nordmann',
    authorIsExpert: false,
    points: 91,
    date,
    isPublished: true,
    createdAt: `${date}T10:00:00Z`,
    updatedAt: `${date}T10:00:00Z`,
    wine: { id: `w-${id}`, name, vintage: 2019, mainCategoryId: 'red' },
  };
}

let location = '';
function Where() {
  const here = useLocation();
  location = `${here.pathname}${here.search}`;
  return null;
}

function renderPage(route = '/my-tastings') {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/my-tastings" element={<MyTastingsPage />} />
      </Routes>
      <Where />
    </>,
    { route },
  );
}

describe('My tastings search', () => {
  it('reads and writes the search in the address, and asks the API for the range', () => {
    const search = readSearch(new URLSearchParams('q=barolo&style=red&points=86&page=2'));
    expect(search).toEqual({ q: 'barolo', style: 'red', points: '86', page: 2 });
    expect(queryOf(search)).toEqual({ q: 'barolo', category: 'red', minPoints: 86, maxPoints: 89.5 });
    expect(writeSearch({ ...search, page: 1 })).toEqual({ q: 'barolo', style: 'red', points: '86' });
    expect(readSearch(new URLSearchParams('style=lemonade&points=101&page=-1'))).toEqual({
      q: '',
      style: undefined,
      points: undefined,
      page: 1,
    });
    expect(queryOf(readSearch(new URLSearchParams('points=below80')))).toEqual({ maxPoints: 79.5 });
  });
});

describe('the My tastings page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    act(() => startSession({ access_token: 'header.e30.signature', user: VIEWER }));
    vi.mocked(getUserTastings).mockImplementation(async (_, query) =>
      query.q === 'barolo'
        ? { rows: [note('b', 'Barolo Cannubi', '2025-01-02')], count: 1 }
        : {
            rows: [note('c', 'Chablis', '2026-03-01'), note('b', 'Barolo Cannubi', '2025-01-02')],
            count: 2,
          },
    );
  });

  afterEach(() => {
    act(() => endSession());
    vi.clearAllMocks();
  });

  it('searches as one types and keeps the words in the address', async () => {
    renderPage();
    expect(await screen.findByText('Chablis')).toBeTruthy();
    expect(screen.getByText('Newest tasting first')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search your notes' }), {
      target: { value: 'barolo' },
    });
    await waitFor(() => expect(location).toBe('/my-tastings?q=barolo'));
    expect(await screen.findByText('1 note found')).toBeTruthy();
    expect(screen.queryByText('Chablis')).toBeNull();
    expect(vi.mocked(getUserTastings).mock.lastCall?.[1]).toMatchObject({ q: 'barolo', page: 1 });
  });

  it('starts from the search in the address, filters included, and clears it', async () => {
    renderPage('/my-tastings?q=barolo&style=red&points=90');
    expect(await screen.findByText('1 note found')).toBeTruthy();
    expect(vi.mocked(getUserTastings).mock.lastCall?.[1]).toMatchObject({
      q: 'barolo',
      category: 'red',
      minPoints: 90,
      maxPoints: 94.5,
    });
    expect((screen.getByRole('searchbox', { name: 'Search your notes' }) as HTMLInputElement).value).toBe(
      'barolo',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location).toBe('/my-tastings'));
    expect(await screen.findByText('Chablis')).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    vi.mocked(getUserTastings).mockResolvedValue({ rows: [], count: 0 });
    renderPage('/my-tastings?q=zinfandel');
    expect(await screen.findByText('No notes match your search.')).toBeTruthy();
  });
});
