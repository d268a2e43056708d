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

describe('the duties of an order', () => {
  const withDuties = (): Order =>
    euroOrder({
      currency: 'NOK',
      exchangeRate: undefined,
      orderDate: '2026-11-20',
      products: [
        {
          lineId: 'l1',
          wineDisplayName: 'Barolo 2019',
          units: 6,
          unitCost: 25_000,
          received: 0,
          total: 150_000,
          duties: { known: true, perBottle: 5_821, total: 34_926, ratesAsOf: '2025-01-01', stale: true },
        },
        {
          lineId: 'l2',
          wineDisplayName: 'Husets hvite',
          units: 2,
          unitCost: 9_000,
          received: 0,
          total: 18_000,
          duties: { known: false, missing: 'alcohol' },
        },
      ],
      duties: { total: 34_926, unknownLines: 1, date: '2026-11-20', ratesAsOf: '2025-01-01', stale: true },
    });

  it('shows each line’s duties per bottle, unknown ones as unknown, and the order’s total', async () => {
    show(withDuties());
    const lines = await screen.findAllByTestId('duties-line');
    expect(lines.map((line) => line.textContent?.replace(/\s/g, ' '))).toEqual([
      'duties NOK 58.21 per bottle (2025 rates)',
      'duties unknown (alcohol not known)',
    ]);
    expect(screen.getByTestId('order-duties').textContent?.replace(/\s/g, ' ')).toBe(
      'Of which duties: NOK 349.26 (1 line with duties unknown not counted) (2025 rates)',
    );
  });

  it('says it in Norwegian too', async () => {
    await i18n.changeLanguage('nb');
    show(withDuties());
    const lines = await screen.findAllByTestId('duties-line');
    expect(lines[0]?.textContent).toMatch(/^avgifter 58,21\skr per flaske \(satser fra 2025\)$/);
    expect(lines[1]?.textContent).toBe('avgifter ukjent (alkohol ikke oppgitt)');
    expect(screen.getByTestId('order-duties').textContent).toMatch(
      /^Herav avgifter: 349,26\skr \(1 linje med ukjente avgifter er ikke regnet med\) \(satser fra 2025\)$/,
    );
  });
});
