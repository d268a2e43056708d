import type { AssistantProposal, CartItemAdded, User } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { QueryProvider, queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { updateCellarWine } from '../cellar/api/update-cellar-wine';
import { getCellars } from '../cellar/settings/api/get-cellars';
import { addCartItem, marketKeys } from '../marketplace/api/marketplace';
import { ProposalCard, proposalKey } from './proposal-card';

vi.mock('../marketplace/api/marketplace', async (original) => ({
  ...(await original<typeof import('../marketplace/api/marketplace')>()),
  addCartItem: vi.fn(),
}));
vi.mock('../cellar/api/update-cellar-wine', () => ({ updateCellarWine: vi.fn() }));
vi.mock('../cellar/settings/api/get-cellars', () => ({ getCellars: vi.fn() }));

const addItem = vi.mocked(addCartItem);
const updateWine = vi.mocked(updateCellarWine);

const USER = {
  id: 'u1',
  email: 'chef@example.com',
  fullName: 'Chef',
  role: 'user',
  isBusiness: true,
} as User;

const CART: AssistantProposal = {
  id: 'p-cart-1',
  kind: 'cart',
  items: [
    {
      supplierId: 's1',
      supplierName: 'Vinimport AS',
      wineId: 'cat1',
      cellarWineId: 'w1',
      wineName: 'Barolo Cannubi',
      vintage: 2018,
      quantity: 6,
      unitPrice: 45_000,
      currency: 'NOK',
    },
    {
      supplierId: 's2',
      supplierName: 'Fine Wines Oslo',
      wineId: 'cat2',
      wineName: 'Chablis 2021',
      vintage: 2021,
      quantity: 12,
      unitPrice: 22_000,
      currency: 'NOK',
    },
  ],
};

const PRICE: AssistantProposal = {
  id: 'p-price-1',
  kind: 'price',
  cellarWineId: 'w9',
  wineName: 'Sancerre',
  vintage: 2022,
  currentPrice: 89_000,
  newPrice: 95_000,
  currency: 'NOK',
};

const cartWith = (bottles: number) =>
  ({ totalCartQuantity: bottles, currency: 'NOK', version: 1 }) as CartItemAdded;

function renderCard(proposal: AssistantProposal, confirmed = false) {
  const onConfirmed = vi.fn();
  renderWithProviders(
    <QueryProvider>
      <ProposalCard proposal={proposal} confirmed={confirmed} onConfirmed={onConfirmed} />
    </QueryProvider>,
  );
  return onConfirmed;
}

/** Testing Library reads no-break spaces as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

describe('a proposal card', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    queryClient.clear();
    addItem.mockReset();
    updateWine.mockReset();
    vi.mocked(getCellars).mockResolvedValue({ rows: [{ id: 'cellar-1' }], count: 1 } as never);
    act(() => startSession({ access_token: 'header.e30.signature', user: USER }));
  });

  afterEach(() => act(() => endSession()));

  it('shows each wine of a cart with its supplier, quantity, unit price and total', () => {
    renderCard(CART);

    const card = screen.getByTestId('assistant-proposal');
    expect(within(card).getByText('Put these wines in the supplier cart?')).toBeTruthy();
    const lines = within(card)
      .getAllByRole('listitem')
      .map((line) => plain(line.textContent));
    expect(lines[0]).toContain('Barolo Cannubi 2018');
    expect(lines[0]).toContain('From Vinimport AS');
    expect(lines[0]).toMatch(/6 bottles × NOK 450\.00 = NOK 2,700\.00/);
    // A name that already ends with its vintage does not get it twice.
    expect(lines[1]).toContain('Chablis 2021From');
    expect(lines[1]).toContain('From Fine Wines Oslo');
    expect(lines[1]).toMatch(/12 bottles × NOK 220\.00 = NOK 2,640\.00/);
    expect(plain(card.textContent)).toMatch(/Total NOK 5,340\.00/);
    expect(within(card).getByRole('link', { name: 'Barolo Cannubi 2018' }).getAttribute('href')).toBe(
      '/wine-cellar/wines?wine=w1',
    );
  });

  it('shows a price change as the current price and the new one', () => {
    renderCard(PRICE);

    const card = screen.getByTestId('assistant-proposal');
    expect(within(card).getByText('Set a new selling price?')).toBeTruthy();
    expect(within(card).getByText('Sancerre 2022')).toBeTruthy();
    expect(plain(card.textContent)).toMatch(/NOK 890\.00 → NOK 950\.00/);
  });

  it('puts every wine in the cart once, even when Confirm is tapped twice, each with its own key', async () => {
    let finish: (added: CartItemAdded) => void = () => {};
    addItem.mockImplementationOnce(() => new Promise<CartItemAdded>((resolve) => (finish = resolve)));
    addItem.mockResolvedValueOnce(cartWith(18));
    const onConfirmed = renderCard(CART);

    const confirm = screen.getByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(addItem).toHaveBeenCalledTimes(1));
    fireEvent.click(confirm);
    act(() => finish(cartWith(6)));

    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('p-cart-1'));
    expect(addItem).toHaveBeenCalledTimes(2);
    expect(addItem.mock.calls).toEqual([
      ['cellar-1', { supplierId: 's1', wineId: 'cat1', quantity: 6 }, proposalKey('p-cart-1', 0)],
      ['cellar-1', { supplierId: 's2', wineId: 'cat2', quantity: 12 }, proposalKey('p-cart-1', 1)],
    ]);
    expect(proposalKey('p-cart-1', 1)).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    // The navbar's count follows the cart's count as the server answered it.
    expect(queryClient.getQueryData(marketKeys.cartSummary('cellar-1'))).toEqual({ totalCartQuantity: 18 });
    expect(onConfirmed).toHaveBeenCalledTimes(1);
  });

  it('sets the price through the cellar wine route with a key made from the proposal', async () => {
    updateWine.mockResolvedValue({} as never);
    const onConfirmed = renderCard(PRICE);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('p-price-1'));
    expect(updateWine).toHaveBeenCalledTimes(1);
    expect(updateWine).toHaveBeenCalledWith('u1', 'w9', { sellingPrice: 95_000 }, proposalKey('p-price-1'));
  });

  it('once confirmed, says what was done and offers no Confirm', () => {
    renderCard(CART, true);

    expect(screen.getByRole('status').textContent).toBe('Added to cart');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('changes nothing when dismissed', () => {
    renderCard(PRICE);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(screen.getByRole('status').textContent).toBe('Dismissed: nothing was changed.');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(updateWine).not.toHaveBeenCalled();
  });
});
