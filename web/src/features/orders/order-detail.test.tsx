import type { Order } from '@kork/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { QueryProvider, queryClient } from '../../lib/query-client';
import { renderWithProviders } from '../../test/render';
import { OrderDetail } from './order-detail';

vi.mock(import('../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const get = vi.mocked(api.get);

/** A marketplace order placed from a EUR cellar: its supplier's NOK prices converted at 11.70 NOK per euro. */
function euroOrder(over: Partial<Order> = {}): Order {
  return {
    id: 'o1',
    type: 'purchase',
    orderId: 'K-1001',
    status: 'placed',
    source: 'manual',
    supplier: 'Vinhuset AS',
    orderDate: '2026-11-20',
    products: [
      { lineId: 'l1', wineDisplayName: 'Barolo 2019', units: 6, unitCost: 1068, received: 0, total: 6408 },
    ],
    units: 6,
    receivedUnits: 0,
    totalCost: 6408,
    currency: 'EUR',
    createdBy: 'u1',
    createdByName: 'Chef',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    exchangeRate: {
      from: 'NOK',
      to: 'EUR',
      rate: 0.08547009,
      nokPerUnit: 11.7,
      date: '2026-11-20',
      source: 'ECB',
    },
    ...over,
  } as Order;
}

function show(order: Order) {
  get.mockResolvedValue(order);
  renderWithProviders(
    <QueryProvider>
      <OrderDetail orderId="o1" onClose={() => {}} userId="u1" locations={[]} currency="EUR" />
    </QueryProvider>,
  );
}

afterEach(async () => {
  queryClient.clear();
  get.mockReset();
  await i18n.changeLanguage('en');
});

describe('an order in the cellar’s currency', () => {
  it('says the rate its supplier’s prices were converted at', async () => {
    show(euroOrder());
    expect(await screen.findByTestId('order-rate')).toHaveProperty(
      'textContent',
      'Prices converted from NOK into EUR at 11.70 NOK per EUR (rate of 20 Nov 2026).',
    );
  });

  it('says it in Norwegian too', async () => {
    await i18n.changeLanguage('nb');
    show(euroOrder());
    expect((await screen.findByTestId('order-rate')).textContent).toContain('11,70 kr per EUR');
  });

  it('says nothing of a rate when the order was not converted', async () => {
    show(euroOrder({ exchangeRate: undefined, currency: 'NOK' }));
    expect(await screen.findByText('Barolo 2019')).toBeTruthy();
    expect(screen.queryByTestId('order-rate')).toBeNull();
  });
});
