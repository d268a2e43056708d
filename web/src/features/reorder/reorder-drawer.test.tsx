import type { ReorderAnswer, ReorderRow } from '@kork/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { QueryProvider, queryClient } from '../../lib/query-client';
import { renderWithProviders } from '../../test/render';
import { ReorderDrawer } from './reorder-drawer';

const row = (id: string, quantity: number, supplier?: [string, string]): ReorderRow => ({
  ownWineId: id,
  quantity,
  suggested: true,
  wineDisplayName: `Wine ${id}`,
  ...(supplier ? { supplierId: supplier[0], supplierName: supplier[1] } : {}),
  reason: {
    inStock: 1,
    sold: 90,
    salesDays: 90,
    dailyUse: 1,
    leadTimeDays: 2,
    leadTimeFrom: supplier ? 'supplier' : 'default',
    safetyDays: 7,
    safetyStock: 7,
    reorderPoint: 9,
    reorderPointFrom: 'suggested',
    coverDays: 14,
    parLevel: 23,
    parLevelFrom: 'suggested',
    caseSize: 6,
    daysLeft: 1,
  },
});

const answer: ReorderAnswer = {
  rows: [row('a', 24, ['s2', 'Vinhuset']), row('b', 12, ['s1', 'Arcus']), row('c', 22)],
  count: 3,
};

const get = vi.spyOn(api, 'get');
const post = vi.spyOn(api, 'post');

describe('the Reorder view', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    queryClient.clear();
    get.mockReset();
    post.mockReset();
    get.mockImplementation(async (path: string) =>
      path.endsWith('/reorder') ? answer : { rows: [{ id: 'cellar-1' }], count: 1 },
    );
  });

  it('groups the wines by supplier and sends what was typed, leaving out a line set to 0', async () => {
    post.mockResolvedValue({ totalCartQuantity: 17, cartLines: [], draftOrder: { id: 'o1', lines: [] } });
    renderWithProviders(
      <QueryProvider>
        <ReorderDrawer userId="u1" opened onClose={() => {}} />
      </QueryProvider>,
    );
    const headings = await screen.findAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual([
      'Arcus',
      'Vinhuset',
      'No marketplace supplier: a draft purchase order',
    ]);
    const arcus = screen.getByRole('region', { name: 'Arcus' });
    expect(within(arcus).getByText(/1 in stock · reorder point 9 · par 23 · case of 6/)).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Bottles to order of Wine b' }), {
      target: { value: '2.5' },
    });
    expect(await screen.findByText('Must be a whole number')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Correct the numbers marked first.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Bottles to order of Wine b' }), {
      target: { value: '5' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Bottles to order of Wine a' }), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [path, options] = post.mock.calls[0] as [
      string,
      { body: unknown; headers: Record<string, string> },
    ];
    expect(path).toBe('/wine-cellars/users/u1/reorder/cart');
    expect(options.body).toEqual({
      lines: [
        { ownWineId: 'b', quantity: 5, supplierId: 's1' },
        { ownWineId: 'c', quantity: 22 },
      ],
    });
    expect(options.headers['Idempotency-Key']).toMatch(/^reorder-/);
    expect(await screen.findByText('17 bottles are in the cart now.')).toBeTruthy();
  });
});
