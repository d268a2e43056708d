import type { Cart, CartLine, CartSupplierGroup, CheckoutDetails, SupplierWine, User } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError, api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { endSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { cellarFixture } from '../../cellar/test-fixtures';
import { CheckoutPage } from '../pages/checkout-page';

vi.mock(import('../../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const NBS = '/wine-cellars/cellars/c1/nbs';

const business = { id: 'u1', email: 'chef@example.com', fullName: 'Chef', isBusiness: true } as User;

const details: CheckoutDetails = {
  billing: {
    organizationNumber: '987654325',
    invoiceMethod: 'email',
    invoiceEmail: 'faktura@example.no',
    name: 'Fjord Bistro AS',
    street: 'Bryggen 1',
    postalCode: '5003',
    city: 'Bergen',
  },
  delivery: { recipient: 'Fjord Bistro', street: 'Bryggen 1', postalCode: '5003', city: 'Bergen' },
};

function part(supplierId: string, name: string, wineName: string, over: Partial<CartSupplierGroup> = {}) {
  const wine = {
    wineId: `w-${supplierId}`,
    supplierId,
    supplierName: name,
    name: wineName,
    vintage: 2019,
    bottleSize: 0.75,
    availability: 'inStock',
    stock: 40,
    caseSize: 6,
    horecaPrice: 250,
    horecaPriceMinor: 25_000,
    currency: 'NOK',
  } as SupplierWine;
  const line: CartLine = {
    id: `l-${supplierId}`,
    supplierId,
    wineId: wine.wineId,
    quantity: 6,
    wine,
    totalMinor: 150_000,
    total: 1500,
    exceedsStock: false,
    addedAt: '2026-01-01T10:00:00Z',
  };
  return {
    supplier: {
      id: supplierId,
      name,
      wineCount: 10,
      minimumOrderMinor: 100_000,
      minimumOrder: 1000,
      currency: 'NOK',
      deliveryDays: ['tue'],
      leadTimeDays: 2,
      hasAccount: false,
    },
    lines: [line],
    quantity: 6,
    subtotalMinor: 150_000,
    subtotal: 1500,
    belowMinimum: false,
    ...over,
  } as CartSupplierGroup;
}

function cart(groups: CartSupplierGroup[]): Cart {
  return {
    groups,
    totalCartQuantity: 6 * groups.length,
    totalMinor: 150_000 * groups.length,
    total: 1500 * groups.length,
    currency: 'NOK',
    orderCurrency: 'NOK',
    version: 7,
  };
}

function serve(answer: Cart) {
  get.mockImplementation(async (path: string) => {
    if (path === '/wine-cellars/users/u1/cellars') return { rows: [cellarFixture()], count: 1 };
    if (path === `${NBS}/cart-items`) return answer;
    if (path === `${NBS}/checkout-details`) return details;
    throw new Error(`unexpected GET ${path}`);
  });
}

describe('the checkout page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    // The note's autosizing text area listens for fonts loading, which the test DOM lacks.
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: vi.fn(), removeEventListener: vi.fn() },
    });
  });

  afterEach(() => {
    act(() => endSession());
    queryClient.clear();
  });

  it("names each supplier's problems under it and places only the orders that can go", async () => {
    act(() => startSession({ access_token: 'header.e30.signature', user: business }));
    const short = part('s2', 'Fjord Vin', 'Chablis 2022', {
      belowMinimum: true,
      subtotal: 500,
      subtotalMinor: 50_000,
    });
    serve(cart([part('s1', 'Vinimport AS', 'Barolo 2019'), short]));
    post.mockResolvedValueOnce({ checkoutId: 'chk1', placedAt: '2026-01-01T10:00:00Z', orders: [] });
    renderWithProviders(<CheckoutPage />, { route: '/cart/checkout' });

    const problems = await screen.findByTestId('supplier-problems');
    expect(
      within(screen.getAllByTestId('summary-supplier')[1] as HTMLElement).getByTestId('supplier-problems'),
    ).toBe(problems);
    expect(problems.textContent?.replace(/\s/g, ' ')).toContain(
      "Below the supplier's minimum order of NOK 1,000.00",
    );
    expect(screen.getByTestId('checkout-blocked').textContent).toContain(
      "1 supplier can't take its order as it is: its wines stay in your cart.",
    );
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Place the order that can go' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[0]).toBe(`${NBS}/checkout`);
    expect(
      (post.mock.calls[0]?.[1] as { body: { placeReady?: boolean; version?: number } } | undefined)?.body,
    ).toMatchObject({
      placeReady: true,
      version: 7,
    });
  });

  it('shows what a refused checkout named under its supplier, then offers the orders that can go', async () => {
    act(() => startSession({ access_token: 'header.e30.signature', user: business }));
    serve(cart([part('s1', 'Vinimport AS', 'Barolo 2019'), part('s2', 'Fjord Vin', 'Chablis 2022')]));
    post.mockRejectedValueOnce(
      new ApiError(
        'Some suppliers cannot take the order as it is: see the problems under each supplier, or place the orders that can go',
        400,
        'VALIDATION',
        { 'suppliers.s2.lines.l-s2': 'Only 2 in stock' },
      ),
    );
    renderWithProviders(<CheckoutPage />, { route: '/cart/checkout' });
    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const problems = await screen.findByTestId('supplier-problems');
    expect(problems.textContent).toContain('Chablis 2022: Only 2 in stock');
    expect(screen.getByTestId('checkout-failure').textContent).toContain(
      'see the problems under each supplier',
    );
    expect(
      (post.mock.calls[0]?.[1] as { body: { placeReady?: boolean } } | undefined)?.body.placeReady,
    ).toBeUndefined();
    expect(await screen.findByRole('button', { name: 'Place the order that can go' })).toBeTruthy();
  });
});
