import type { Cart, CartLine, CartSupplierGroup, SupplierWine, User } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError, api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { endSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { cellarFixture } from '../../cellar/test-fixtures';
import { CartPage } from '../pages/cart-page';

vi.mock(import('../../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const get = vi.mocked(api.get);
const patch = vi.mocked(api.patch);
const CART = '/wine-cellars/cellars/c1/nbs/cart-items';

const business = { id: 'u1', email: 'chef@example.com', fullName: 'Chef', isBusiness: true } as User;

function wine(over: Partial<SupplierWine> = {}): SupplierWine {
  return {
    wineId: 'w1',
    supplierId: 's1',
    supplierName: 'Vinimport AS',
    name: 'Barolo Cannubi 2019',
    vintage: 2019,
    bottleSize: 0.75,
    availability: 'inStock',
    stock: 40,
    caseSize: 6,
    horecaPrice: 250,
    horecaPriceMinor: 25_000,
    currency: 'NOK',
    ...over,
  };
}

function line(over: Partial<CartLine> = {}): CartLine {
  return {
    id: 'l1',
    supplierId: 's1',
    wineId: 'w1',
    quantity: 6,
    wine: wine(),
    totalMinor: 150_000,
    total: 1500,
    exceedsStock: false,
    addedAt: '2026-01-01T10:00:00Z',
    ...over,
  };
}

function group(over: Partial<CartSupplierGroup> = {}): CartSupplierGroup {
  return {
    supplier: {
      id: 's1',
      name: 'Vinimport AS',
      wineCount: 10,
      minimumOrderMinor: 200_000,
      minimumOrder: 2000,
      currency: 'NOK',
      deliveryDays: ['tue', 'thu'],
      leadTimeDays: 2,
      hasAccount: false,
    },
    lines: [line()],
    quantity: 6,
    subtotalMinor: 150_000,
    subtotal: 1500,
    belowMinimum: true,
    ...over,
  };
}

function cart(groups: CartSupplierGroup[]): Cart {
  return {
    groups,
    totalCartQuantity: groups.reduce((sum, one) => sum + one.quantity, 0),
    totalMinor: 150_000,
    total: 1500,
    currency: 'NOK',
    orderCurrency: 'NOK',
    version: 3,
  };
}

function serve(answer: Cart) {
  get.mockImplementation(async (path: string) => {
    if (path === '/wine-cellars/users/u1/cellars') return { rows: [cellarFixture()], count: 1 };
    if (path === CART) return answer;
    throw new Error(`unexpected GET ${path}`);
  });
}

const text = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ');

describe('the cart page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
  });

  afterEach(() => {
    act(() => endSession());
    queryClient.clear();
  });

  it('shows a supplier below its minimum, and keeps checkout closed with the reason', async () => {
    act(() => startSession({ access_token: 'header.e30.signature', user: business }));
    serve(cart([group()]));
    renderWithProviders(<CartPage />, { route: '/cart' });
    const section = await screen.findByRole('region', { name: 'Vinimport AS' });
    expect(within(section).getByRole('link', { name: 'Vinimport AS' }).getAttribute('href')).toBe(
      '/suppliers/s1',
    );
    expect(text(within(section).getByTestId('below-minimum'))).toContain(
      "Below the supplier's minimum order of NOK 2,000.00",
    );
    expect(text(within(section).getByTestId('line-total'))).toBe('NOK 1,500.00');
    expect(screen.getByRole('button', { name: 'Go to checkout' }).hasAttribute('disabled')).toBe(true);
    expect(text(screen.getByTestId('checkout-blocked'))).toBe(
      'No supplier can take its order as it is yet: see the problems under each supplier.',
    );
    expect(screen.getByText('Prices ex VAT in NOK; ordered and invoiced in NOK.')).toBeTruthy();
  });

  it('opens checkout when one supplier can go though another is below its minimum, and says so', async () => {
    act(() => startSession({ access_token: 'header.e30.signature', user: business }));
    const fine = group({
      supplier: { ...group().supplier, id: 's2', name: 'Fjord Vin', minimumOrderMinor: 0, minimumOrder: 0 },
      lines: [line({ id: 'l2', supplierId: 's2', wineId: 'w2' })],
      belowMinimum: false,
    });
    serve(cart([group(), fine]));
    renderWithProviders(<CartPage />, { route: '/cart' });
    await screen.findByRole('region', { name: 'Fjord Vin' });
    expect(screen.getByRole('button', { name: 'Go to checkout' }).hasAttribute('disabled')).toBe(false);
    expect(text(screen.getByTestId('checkout-blocked'))).toBe(
      "1 supplier can't take its order as it is (see its part of the cart); the others can go.",
    );
  });

  it('sends a typed quantity on blur, keeps the text, and shows the server refusal beside it', async () => {
    act(() => startSession({ access_token: 'header.e30.signature', user: business }));
    serve(cart([group({ belowMinimum: false })]));
    patch.mockRejectedValueOnce(new ApiError('Only 40 in stock', 400, 'VALIDATION'));
    renderWithProviders(<CartPage />, { route: '/cart' });
    const field = await screen.findByRole('textbox', { name: 'Bottles of Barolo Cannubi 2019' });
    expect(screen.getByRole('button', { name: 'Go to checkout' }).hasAttribute('disabled')).toBe(false);
    fireEvent.change(field, { target: { value: '48' } });
    fireEvent.blur(field);
    await waitFor(() => expect(patch).toHaveBeenCalledWith(`${CART}/l1`, { body: { quantity: 48 } }));
    expect(await screen.findByText('Only 40 in stock')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('48');

    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('Must be between 1 and 10,000')).toBeTruthy();
    expect(patch).toHaveBeenCalledTimes(1);
  });

  it('tells a private account that ordering is for professional accounts', async () => {
    act(() =>
      startSession({ access_token: 'header.e30.signature', user: { ...business, isBusiness: false } }),
    );
    renderWithProviders(<CartPage />, { route: '/cart' });
    expect(await screen.findByText('For professional accounts')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
  });
});
