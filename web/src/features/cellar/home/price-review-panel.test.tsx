import type { PriceReviewList } from '@kork/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test/render';
import { PriceReviewPanel } from './price-review-panel';

const review = (id: string, name: string) => ({
  ownWineId: id,
  wineDisplayName: name,
  purchasePriceWovat: 16_000,
  purchasePriceWvat: 20_000,
  oldSellingPrice: 39_900,
  newSellingPrice: 49_900,
  oldGlassPrice: null,
  newGlassPrice: null,
  oldMarkup: 99.5,
  newMarkup: 149.5,
  purchasePriceChangedAt: '2026-02-01T00:00:00.000Z',
});

const get = vi.spyOn(api, 'get');
const post = vi.spyOn(api, 'post');

describe('the cellar home’s prices to review', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    queryClient.clear();
    get.mockReset();
    post.mockReset();
  });

  it('shows the first three, approves all, and links to the rest', async () => {
    const list: PriceReviewList = {
      rows: ['a', 'b', 'c', 'd'].map((id) => review(id, `Wine ${id}`)),
      count: 4,
      currency: 'NOK',
    };
    get.mockResolvedValue(list);
    post.mockResolvedValue({ approved: 4, dismissed: 0, stale: [] });
    renderWithProviders(<PriceReviewPanel userId="u1" />);
    expect(await screen.findByText('4 wines to review')).toBeTruthy();
    expect(screen.getAllByTestId('price-review')).toHaveLength(3);
    expect(screen.getAllByRole('link', { name: 'Review all prices' }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Approve all 4' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/wine-cellars/users/u1/price-reviews', {
        body: { action: 'approve', all: true },
        timeoutMs: 60_000,
      }),
    );
  });

  it('says when there is nothing to review', async () => {
    get.mockResolvedValue({ rows: [], count: 0, currency: 'NOK' });
    renderWithProviders(<PriceReviewPanel userId="u1" />);
    expect(await screen.findByText(/No prices to review/)).toBeTruthy();
  });
});
