import type { WineListCategory } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { i18n } from '../../../i18n/i18n';
import { clearToasts } from '../../../lib/notify';
import { renderWithProviders } from '../../../test/render';
import { createCategory, deleteCategory, listCategories, orderCategories } from '../api/categories';
import { CategoriesManager } from './categories-manager';

vi.mock('../api/categories', () => ({
  listCategories: vi.fn(),
  createCategory: vi.fn(),
  updateCategory: vi.fn(),
  orderCategories: vi.fn(),
  deleteCategory: vi.fn(),
}));

const list = vi.mocked(listCategories);
const order = vi.mocked(orderCategories);
const create = vi.mocked(createCategory);
const remove = vi.mocked(deleteCategory);

const category = (
  id: string,
  name: string,
  orderAt: number,
  parentId: string | null = null,
): WineListCategory => ({
  id,
  name,
  parentId,
  isVisible: true,
  order: orderAt,
});

const CATEGORIES = [
  category('red', 'Red wine', 0),
  category('white', 'White wine', 1),
  category('sparkling', 'Sparkling', 2),
  category('burgundy', 'Burgundy', 0, 'red'),
  category('rhone', 'Rhône', 1, 'red'),
];

/** The names of the top-level categories, in the order shown. */
function topLevelNames(): string[] {
  const top = screen.getByRole('list', { name: 'Wine list categories' });
  return within(top)
    .getAllByRole('button', { name: /^Drag to reorder/ })
    .map((handle) => handle.getAttribute('aria-label')?.replace('Drag to reorder ', '') ?? '')
    .filter((name) => ['Red wine', 'White wine', 'Sparkling'].includes(name));
}

function renderManager() {
  renderWithProviders(
    <>
      <CategoriesManager userId="u1" />
      <Toaster />
    </>,
  );
}

describe('the wine list categories manager', () => {
  beforeAll(async () => {
    await import('../../../components/toast-view');
  });

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    list.mockResolvedValue({ rows: CATEGORIES, count: CATEGORIES.length });
    order.mockResolvedValue({ rows: [], count: 0 });
  });

  afterEach(() => {
    act(() => clearToasts());
  });

  it('shows categories with their subcategories', async () => {
    renderManager();

    expect(await screen.findByText('Red wine')).toBeTruthy();
    const subcategories = screen.getByRole('list', { name: 'Subcategories of Red wine' });
    expect(within(subcategories).getByText('Burgundy')).toBeTruthy();
    expect(within(subcategories).getByText('Rhône')).toBeTruthy();
    expect(topLevelNames()).toEqual(['Red wine', 'White wine', 'Sparkling']);
  });

  it('moves a category down and saves the new order of its level', async () => {
    renderManager();
    await screen.findByText('Red wine');

    fireEvent.click(screen.getByRole('button', { name: 'Move Red wine down' }));

    expect(topLevelNames()).toEqual(['White wine', 'Red wine', 'Sparkling']);
    await waitFor(() => expect(order).toHaveBeenCalledWith('u1', null, ['white', 'red', 'sparkling']));
  });

  it('moves a subcategory within its own level only', async () => {
    renderManager();
    await screen.findByText('Burgundy');

    fireEvent.click(screen.getByRole('button', { name: 'Move Burgundy down' }));

    await waitFor(() => expect(order).toHaveBeenCalledWith('u1', 'red', ['rhone', 'burgundy']));
  });

  it('puts the order back and says why when saving it fails', async () => {
    order.mockRejectedValueOnce(new Error('offline'));
    renderManager();
    await screen.findByText('Red wine');

    fireEvent.click(screen.getByRole('button', { name: 'Move Sparkling up' }));
    expect(topLevelNames()).toEqual(['Red wine', 'Sparkling', 'White wine']);

    await waitFor(() => expect(topLevelNames()).toEqual(['Red wine', 'White wine', 'Sparkling']));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('adds a category last', async () => {
    create.mockResolvedValue(category('rose', 'Rosé', 3));
    renderManager();
    await screen.findByText('Red wine');

    fireEvent.change(screen.getByRole('textbox', { name: 'New category' }), { target: { value: ' Rosé ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));

    await waitFor(() => expect(create).toHaveBeenCalledWith('u1', { name: 'Rosé', parentId: null }));
    expect(await screen.findByText('Rosé')).toBeTruthy();
  });

  it('refuses a name a category beside it already has, case and accents aside, before sending it', async () => {
    renderManager();
    await screen.findByText('Red wine');

    fireEvent.change(screen.getByRole('textbox', { name: 'New category' }), {
      target: { value: ' RED  wíne ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));

    expect(await screen.findByText('A category with this name already exists here')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('deletes a category with its subcategories after asking', async () => {
    remove.mockResolvedValue(undefined);
    renderManager();
    await screen.findByText('Red wine');

    fireEvent.click(screen.getByRole('button', { name: 'Delete Red wine' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(remove).toHaveBeenCalledWith('u1', 'red'));
    await waitFor(() => expect(screen.queryByText('Burgundy')).toBeNull());
  });
});
