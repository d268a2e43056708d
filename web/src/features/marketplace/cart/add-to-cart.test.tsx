import type { CartItemAdded, SupplierWine, User } from '@kork/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError, api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { endSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { cellarFixture } from '../../cellar/test-fixtures';
import { AddToCartButton } from '../add-to-cart';
import { marketKeys } from '../api/marketplace';

vi.mock(import('../../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const offer: SupplierWine = {
  wineId: 'w1',
  supplierId: 's1',
  supplierName: 'Vinimport AS',
  name: 'Barolo Cannubi 2019',
  vintage: 2019,
  bottleSize: 0.75,
  availability: 'lowStock',
  stock: 12,
  caseSize: 6,
  horecaPrice: 250,
  horecaPriceMinor: 25_000,
  currency: 'NOK',
};

describe('add to cart', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    get.mockImplementation(async (path: string) => {
      if (path === '/wine-cellars/users/u1/cellars') return { rows: [cellarFixture()], count: 1 };
      throw new Error(`unexpected GET ${path}`);
    });
  });

  afterEach(() => {
    act(() => endSession());
    queryClient.clear();
  });

  it('adds cases as bottles for a business', async () => {
    const user = { id: 'u1', email: 'chef@example.com', isBusiness: true } as User;
    act(() => startSession({ access_token: 'header.e30.signature', user }));
    post.mockResolvedValueOnce({ totalCartQuantity: 12, currency: 'NOK', version: 1 } as CartItemAdded);
    renderWithProviders(<AddToCartButton offer={offer} />);
    expect(screen.getByText('Low stock')).toBeTruthy();
    fireEvent.click(screen.getByText('Cases'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity of Barolo Cannubi 2019' }), {
      target: { value: '2' },
    });
    expect(screen.getByTestId('case-bottles').textContent).toBe('2 × 6 = 12 bottles');
    const add = screen.getByRole('button', { name: 'Add Barolo Cannubi 2019 to cart' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    fireEvent.click(add);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/wine-cellars/cellars/c1/nbs/cart-items', {
        body: { supplierId: 's1', wineId: 'w1', quantity: 12 },
      }),
    );
    // The add answers the cart's count: the navbar's follows it.
    await waitFor(() =>
      expect(queryClient.getQueryData(marketKeys.cartSummary('c1'))).toEqual({ totalCartQuantity: 12 }),
    );
  });

  it('says "Only 12 in stock" for more than the supplier has, and sends nothing nor says "Success!"', async () => {
    const user = { id: 'u1', email: 'chef@example.com', isBusiness: true } as User;
    act(() => startSession({ access_token: 'header.e30.signature', user }));
    renderWithProviders(<AddToCartButton offer={offer} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity of Barolo Cannubi 2019' }), {
      target: { value: '50' },
    });
    const add = screen.getByRole('button', { name: 'Add Barolo Cannubi 2019 to cart' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toBe('Only 12 in stock');
    expect(post).not.toHaveBeenCalled();
    expect(screen.queryByText(/Success/)).toBeNull();
  });

  it("shows the cart's refusal when the bottles already in the cart and these pass the stock", async () => {
    const user = { id: 'u1', email: 'chef@example.com', isBusiness: true } as User;
    act(() => startSession({ access_token: 'header.e30.signature', user }));
    post.mockRejectedValueOnce(
      new ApiError('Only 12 in stock, and 10 are in your cart', 400, 'VALIDATION', {
        quantity: 'Only 12 in stock, and 10 are in your cart',
      }),
    );
    renderWithProviders(<AddToCartButton offer={offer} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity of Barolo Cannubi 2019' }), {
      target: { value: '5' },
    });
    const add = screen.getByRole('button', { name: 'Add Barolo Cannubi 2019 to cart' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toBe('Only 12 in stock, and 10 are in your cart');
    expect(screen.queryByText(/Success/)).toBeNull();
  });

  it('tells a visitor that ordering is for professional accounts', async () => {
    renderWithProviders(<AddToCartButton offer={offer} />);
    expect(await screen.findByText('For professional accounts')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a business account' })).toBeTruthy();
  });
});
