import {
  DEFAULT_WINE_LIST_LAYOUT,
  type WineListCategory,
  type WineListDetail,
  type WineListEntry,
} from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { endSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { cellarOwnerSession } from '../../cellar/test-fixtures';
import { WineListsPage } from './wine-lists-page';

vi.mock(import('../../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);

const BASE = '/wine-cellars/users/u1/wine-lists';

function entry(overrides: Partial<WineListEntry> = {}): WineListEntry {
  return {
    ownWineId: 'w1',
    name: 'Barolo Cannubi',
    producer: 'Vietti',
    vintage: 2019,
    printedBottlePrice: { kind: 'text', text: '1 290' },
    categoryId: 'red',
    quantity: 6,
    printed: true,
    lowStock: false,
    ...overrides,
  };
}

const DETAIL: WineListDetail = {
  id: 'l1',
  ownerId: 'u1',
  name: 'Autumn list',
  isPublic: false,
  wines: [{ ownWineId: 'w1' }, { ownWineId: 'w2' }, { ownWineId: 'w3' }],
  layout: DEFAULT_WINE_LIST_LAYOUT,
  createdAt: '2026-09-01T10:00:00Z',
  updatedAt: '2026-09-01T10:00:00Z',
  version: 3,
  currency: 'NOK',
  publicUrl: 'https://kork.example/wine-list/l1',
  sections: [{ id: 'red', name: 'Red wines', level: 0 }],
  entries: [
    entry(),
    entry({
      ownWineId: 'w2',
      name: 'Bandol',
      producer: 'Tempier',
      quantity: 1,
      lowStock: true,
      change: 'added',
    }),
    entry({ ownWineId: 'w3', name: 'Chablis', producer: 'Raveneau', quantity: 0, printed: false }),
  ],
  gone: [{ ownWineId: 'w9', name: 'Sancerre' }],
};

const CATEGORIES: WineListCategory[] = [
  { id: 'red', name: 'Red wines', parentId: null, isVisible: true, order: 0 },
  { id: 'white', name: 'White wines', parentId: null, isVisible: true, order: 1 },
];

function answer(lists: unknown[]) {
  get.mockImplementation(async (path: string) => {
    if (path === BASE) return { rows: lists, count: lists.length };
    if (path === `${BASE}/l1`) return DETAIL;
    if (path.endsWith('/wine-list-categories')) return { rows: CATEGORIES, count: CATEGORIES.length };
    if (path.endsWith('/own-wines')) return { rows: [], count: 0, totals: {} };
    throw new Error(`unexpected GET ${path}`);
  });
}

describe('the wine lists page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    act(() => startSession(cellarOwnerSession()));
  });

  afterEach(() => {
    act(() => endSession());
    queryClient.clear();
  });

  it('invites creating the first list, creates it and opens it', async () => {
    answer([]);
    post.mockResolvedValue({ ...DETAIL, id: 'l1' });
    renderWithProviders(<WineListsPage />, { route: '/wine-cellar/wine-lists' });

    fireEvent.click(await screen.findByRole('button', { name: 'Create your first wine list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New wine list' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), {
      target: { value: 'Autumn list' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(post).toHaveBeenCalledWith(BASE, { body: { name: 'Autumn list' } }));
    expect(await screen.findByRole('heading', { name: 'Autumn list', level: 1 })).toBeTruthy();
  });

  it('shows the wines of a list with what prints and what does not, and removes one', async () => {
    answer([]);
    patch.mockResolvedValue(DETAIL);
    renderWithProviders(<WineListsPage />, { route: '/wine-cellar/wine-lists?list=l1' });

    expect(await screen.findByRole('heading', { name: 'Autumn list', level: 1 })).toBeTruthy();
    expect(screen.getByText('Last bottle')).toBeTruthy();
    expect(screen.getByText('Added since last print')).toBeTruthy();
    expect(screen.getByText('Sold out — not printed')).toBeTruthy();
    expect(screen.getAllByText('No longer printed').length).toBeGreaterThan(0);
    expect(screen.getByText('Sancerre')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Barolo Cannubi from the list' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(`${BASE}/l1`, {
        body: { removeOwnWineIds: ['w1'] },
        timeoutMs: expect.any(Number),
      }),
    );
  });

  it('adds a whole category', async () => {
    answer([]);
    patch.mockResolvedValue(DETAIL);
    renderWithProviders(<WineListsPage />, { route: '/wine-cellar/wine-lists?list=l1' });

    const select = await screen.findByRole('combobox', { name: 'A whole category' });
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'White wines' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));

    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(`${BASE}/l1`, {
        body: { addCategoryIds: ['white'] },
        timeoutMs: expect.any(Number),
      }),
    );
  });

  it('checks the page setup as it is typed and will not save a private note that is too long', async () => {
    answer([]);
    renderWithProviders(<WineListsPage />, { route: '/wine-cellar/wine-lists?list=l1' });

    fireEvent.click(await screen.findByRole('tab', { name: 'Page setup' }));
    const note = screen.getByRole('textbox', { name: 'Private note' });
    fireEvent.change(note, { target: { value: 'Ask the chef 15' } });

    expect(await screen.findByText('Too long: at most 14 characters')).toBeTruthy();
    for (const save of screen.getAllByRole('button', { name: 'Save page setup' }))
      expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(note, { target: { value: 'Ask the chef' } });
    await waitFor(() => expect(screen.queryByText('Too long: at most 14 characters')).toBeNull());
    const [save] = screen.getAllByRole('button', { name: 'Save page setup' });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    patch.mockResolvedValue(DETAIL);
    fireEvent.click(save as HTMLButtonElement);
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith(`${BASE}/l1`, {
        body: {
          layout: expect.objectContaining({ privateNote: 'Ask the chef', paperSize: 'A4' }),
          expectedVersion: 3,
        },
        timeoutMs: expect.any(Number),
      }),
    );
  });

  it('keeps the typed page setup and offers a reload when the list changed elsewhere', async () => {
    answer([]);
    const { ApiError } = await import('../../../lib/api-client');
    patch.mockRejectedValue(new ApiError('changed', 409, 'CONFLICT'));
    renderWithProviders(<WineListsPage />, { route: '/wine-cellar/wine-lists?list=l1' });

    fireEvent.click(await screen.findByRole('tab', { name: 'Page setup' }));
    const header = screen.getByRole('textbox', { name: 'Header text' });
    fireEvent.change(header, { target: { value: 'Autumn 2026' } });
    const [save] = screen.getAllByRole('button', { name: 'Save page setup' });
    fireEvent.click(save as HTMLButtonElement);

    expect(await screen.findByText('The list changed elsewhere')).toBeTruthy();
    expect((header as HTMLInputElement).value).toBe('Autumn 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Reload the list' }));
    await waitFor(() => expect(screen.queryByText('The list changed elsewhere')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Header text' }) as HTMLInputElement).value).toBe(
      'Autumn 2026',
    );
  });
});
