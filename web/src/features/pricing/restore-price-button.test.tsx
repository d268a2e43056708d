import type { HistoryEntry } from '@kork/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { QueryProvider } from '../../lib/query-client';
import { renderWithProviders } from '../../test/render';
import { RestorePriceAction } from './restore-price-button';

const entry = (after: Record<string, unknown>): HistoryEntry => ({
  id: 'h1',
  at: '2026-11-01T10:00:00.000Z',
  action: 'PRICE_CHANGED',
  ownWineId: 'w1',
  wineDisplayName: 'Husets hvite 2023',
  actorId: 'u1',
  actorName: 'Bar Vik',
  before: { sellingPrice: 47_000 },
  after: { sellingPrice: 26_900, ...after },
});

const post = vi.spyOn(api, 'post');

function show(item: HistoryEntry) {
  return renderWithProviders(
    <QueryProvider>
      <RestorePriceAction userId="u1" entry={item} />
    </QueryProvider>,
  );
}

describe('restoring the price before an apply', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => post.mockReset());

  it('is offered on an apply’s entry and sends that entry to be restored', async () => {
    post.mockResolvedValue({ ownWineId: 'w1', restored: true, sellingPrice: 47_000, pricePerGlass: null });
    show(entry({ ruleSetId: 's1', ruleSetName: 'Standard restaurant' }));
    expect(screen.getByText('By the rule set “Standard restaurant”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restore the price before this apply' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]).toEqual([
      '/wine-cellars/users/u1/price-restores',
      { body: { historyEntryId: 'h1' } },
    ]);
  });

  it('is not offered on other price changes; a restore says what it was', () => {
    show(entry({}));
    expect(screen.queryByRole('button', { name: 'Restore the price before this apply' })).toBeNull();
    show(entry({ restoredFrom: 'h0' }));
    expect(screen.getByTestId('price-restored').textContent).toBe('Restored the price from before an apply');
  });
});
