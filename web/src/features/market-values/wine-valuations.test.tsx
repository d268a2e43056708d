import type { ValuationsAnswer } from '@kork/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ApiError, api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { cellarOwnerSession } from '../cellar/test-fixtures';
import { WineValuations } from './wine-valuations';

vi.mock(import('../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const get = vi.mocked(api.get);

const ANSWER: ValuationsAnswer = {
  current: {
    asOf: '2026-11-28',
    price: 250_000,
    currency: 'NOK',
    source: 'market',
    priceType: 'mid',
    demo: true,
  },
  rows: [
    { asOf: '2026-11-28', price: 250_000, currency: 'NOK', source: 'market', priceType: 'mid', demo: true },
    {
      asOf: '2026-11-27',
      price: 240_000,
      currency: 'NOK',
      source: 'market',
      priceType: 'auction',
      demo: true,
    },
  ],
};

describe("a cellar wine's market value", () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    act(() => startSession(cellarOwnerSession()));
  });

  afterEach(() => {
    act(() => endSession());
    queryClient.clear();
  });

  it('lists its valuations with their source, type and the demo label', async () => {
    get.mockResolvedValue(ANSWER);
    renderWithProviders(<WineValuations userId="u1" wine={{ id: 'w1' }} />);

    const section = await screen.findByRole('region', { name: 'Market value' });
    expect(await within(section).findByText(/Current value: .*2,500 per bottle/)).toBeTruthy();
    const rows = within(section).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2] as HTMLElement).getByText('auction')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Market price')).toBeTruthy();
    expect(within(section).getAllByText('Demo data').length).toBeGreaterThan(0);
    expect(get).toHaveBeenCalledWith('/wine-cellars/users/u1/own-wines/w1/valuations', expect.anything());
  });

  it('tells a plan without market value where it comes from', async () => {
    get.mockRejectedValue(new ApiError('Plan required', 403, 'planRequired'));
    renderWithProviders(<WineValuations userId="u1" wine={{ id: 'w1' }} />);

    expect(
      await screen.findByText('The market value history comes with the Plus and Pro plans.'),
    ).toBeTruthy();
  });
});
