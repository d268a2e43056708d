import type { PricePreview, PriceReviewList, PriceRuleSet, User } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ApiError, api } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { PriceAutomatorPage } from './price-automator-page';

const USER = {
  id: 'u1',
  email: 'bar@example.com',
  fullName: 'Bar Vik',
  role: 'user',
  userType: 'RESTAURANT',
  isBusiness: true,
} as User;

const SET: PriceRuleSet = {
  id: 'set-1',
  name: 'House mark-up',
  basis: 'incVat',
  direction: 'increase',
  rounding: 'endsIn9',
  ranges: [{ from: 0, to: null, sellingPrice: { kind: 'percentage', value: 150 } }],
  raiseOnly: false,
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const PREVIEW: PricePreview = {
  rows: [
    {
      ownWineId: 'w1',
      wineDisplayName: 'Chablis 2022',
      mainCategoryId: 'white',
      quantity: 6,
      basisPrice: 20_000,
      costWithDuties: 16_000,
      oldSellingPrice: 45_000,
      newSellingPrice: 49_900,
      oldGlassPrice: 11_000,
      newGlassPrice: 12_500,
      oldMargin: 50,
      newMargin: 55,
      oldMarkup: 125,
      newMarkup: 149.5,
      rangeIndex: 0,
    },
  ],
  count: 1,
  skipped: [{ ownWineId: 'w2', wineDisplayName: 'Locked Barolo', reason: 'locked', sellingPrice: 99_000 }],
  totals: { oldStockValue: 270_000, newStockValue: 299_400, oldAverageMargin: 50, newAverageMargin: 55 },
  impact: {
    up: 1,
    down: 0,
    same: 0,
    stockValueBefore: 270_000,
    stockValueAfter: 299_400,
    largestRises: [
      { ownWineId: 'w1', wineDisplayName: 'Chablis 2022', oldSellingPrice: 45_000, newSellingPrice: 49_900 },
    ],
    largestFalls: [],
  },
  currency: 'NOK',
};

const REVIEWS: PriceReviewList = {
  rows: [
    {
      ownWineId: 'w3',
      wineDisplayName: 'Sancerre 2023',
      purchasePriceWovat: 16_000,
      purchasePriceWvat: 20_000,
      oldSellingPrice: 39_900,
      newSellingPrice: 49_900,
      oldGlassPrice: null,
      newGlassPrice: null,
      oldMarkup: 99.5,
      newMarkup: 149.5,
      purchasePriceChangedAt: '2026-02-01T00:00:00.000Z',
    },
  ],
  count: 1,
  currency: 'NOK',
};

const get = vi.spyOn(api, 'get');
const post = vi.spyOn(api, 'post');

/** What the page's reads answer: one rule set, the cellar in kroner, a category, no locations. */
function answerReads(sets: PriceRuleSet[] = [SET]) {
  get.mockImplementation(async (path: string) => {
    if (path.endsWith('/price-rules')) return { rows: sets, count: sets.length };
    if (path.endsWith('/price-reviews')) return REVIEWS;
    if (path.endsWith('/cellars')) return { rows: [{ baseCurrency: 'NOK' }], count: 1 };
    if (path.endsWith('/wine-list-categories'))
      return { rows: [{ id: 'cat-1', name: 'Hvitvin', parentId: null, order: 0 }], count: 1 };
    if (path.endsWith('/locations')) return { rows: [], count: 0 };
    throw new Error(`unexpected GET ${path}`);
  });
}

describe('the price automator', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    queryClient.clear();
    get.mockReset();
    post.mockReset();
    answerReads();
    act(() => startSession({ access_token: 'header.e30.signature', user: USER }));
  });

  afterEach(() => {
    act(() => endSession());
  });

  it('lists the rule sets with their basis, ranges and default badge', async () => {
    renderWithProviders(<PriceAutomatorPage />);
    const set = await screen.findByTestId('rule-set');
    expect(within(set).getByText('House mark-up')).toBeTruthy();
    expect(within(set).getByText('Default')).toBeTruthy();
    expect(within(set).getByText(/Purchase price inc VAT · Increase · 1 range/)).toBeTruthy();
  });

  it('validates the editor with the shared schema and sends money in minor units', async () => {
    post.mockResolvedValue({ ...SET, id: 'set-2', name: 'Bar' });
    renderWithProviders(<PriceAutomatorPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New rule set' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Bar' } });
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '199.99' } });
    fireEvent.change(within(dialog).getByLabelText(/^Addition/), { target: { value: '1001' } });
    fireEvent.change(within(dialog).getByLabelText(/^Glass value/), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule set' }));
    expect(await within(dialog).findByText(/Must be between 0 and 1,?000$/)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    // A second range that starts inside the first overlaps it.
    fireEvent.change(within(dialog).getByLabelText(/^Addition/), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add range' }));
    const ranges = within(dialog).getAllByTestId('price-range');
    fireEvent.change(within(ranges[1] as HTMLElement).getByLabelText(/^From/), { target: { value: '100' } });
    fireEvent.change(within(ranges[1] as HTMLElement).getByLabelText(/^Addition/), {
      target: { value: '100' },
    });
    fireEvent.change(within(ranges[1] as HTMLElement).getByLabelText(/^Glass value/), {
      target: { value: '20' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule set' }));
    expect(await within(dialog).findByText('The price ranges overlap')).toBeTruthy();

    fireEvent.change(within(ranges[1] as HTMLElement).getByLabelText(/^From/), {
      target: { value: '199.99' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Raise only/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule set' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [path, options] = post.mock.calls[0] as [string, { body: unknown }];
    expect(path).toBe('/wine-cellars/users/u1/price-rules');
    expect(options.body).toEqual({
      name: 'Bar',
      basis: 'incVat',
      direction: 'increase',
      rounding: 'endsIn9',
      ranges: [
        {
          from: 0,
          to: 19_999,
          sellingPrice: { kind: 'percentage', value: 150 },
          glassPrice: { kind: 'percentage', value: 20 },
        },
        {
          from: 19_999,
          to: null,
          sellingPrice: { kind: 'percentage', value: 100 },
          glassPrice: { kind: 'percentage', value: 20 },
        },
      ],
      raiseOnly: true,
    });
  });

  it('offers the net basis (ex VAT and duties), says what it does and saves it', async () => {
    post.mockResolvedValue({ ...SET, id: 'set-2', name: 'Net', basis: 'exVatNet' });
    renderWithProviders(<PriceAutomatorPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New rule set' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('basis-hint').textContent).toMatch(/^The purchase price with VAT/);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Net' }));
    expect(within(dialog).getByTestId('basis-hint').textContent).toMatch(
      /net price \(without VAT and duties\) is marked up; the bottle's excise, packaging tax and deposit are added back, then VAT/,
    );
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Net' } });
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText(/^Addition/), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByLabelText(/^Glass value/), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule set' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [, options] = post.mock.calls[0] as [string, { body: { basis: string } }];
    expect(options.body.basis).toBe('exVatNet');
  });

  it('previews old and new prices, and applies only once confirmed', async () => {
    post.mockImplementation(async (path: string) => {
      if (path.endsWith('/preview')) return PREVIEW;
      if (path.endsWith('/apply')) return { ...PREVIEW, applied: 1 };
      throw new Error(`unexpected POST ${path}`);
    });
    renderWithProviders(<PriceAutomatorPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview House mark-up' }));
    expect(await screen.findByText('1 wine gets a new price')).toBeTruthy();
    const row = screen.getAllByTestId('preview-row')[0] as HTMLElement;
    expect(within(row).getByText('Chablis 2022')).toBeTruthy();
    expect(row.textContent).toMatch(/450\.00.*→.*499\.00/);
    expect(row.textContent).toMatch(/110\.00.*→.*125\.00/);
    // Priced from the price inc VAT, the row still says what the bottle costs with its duties.
    expect(within(row).getByTestId('cost-line').textContent).toMatch(/^Cost with duties .*160\.00$/);
    expect(screen.getByText('Skipped (locked price): 1 wine')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Apply prices' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/overrides the selling price of 1 wine/)).toBeTruthy();
    expect(within(dialog).getByText('It cannot be undone.')).toBeTruthy();
    expect(post.mock.calls.some(([path]) => String(path).endsWith('/apply'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Override 1 price' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/wine-cellars/users/u1/price-rules/set-1/apply', {
        body: { confirm: true },
        timeoutMs: 60_000,
      }),
    );
    await waitFor(() => expect(screen.queryByText('1 wine gets a new price')).toBeNull());
  });

  it('previews again when prices changed meanwhile (409)', async () => {
    const errorToast = vi.spyOn(notify, 'error');
    let previews = 0;
    post.mockImplementation(async (path: string) => {
      if (path.endsWith('/preview')) {
        previews += 1;
        return PREVIEW;
      }
      throw new ApiError('Some prices were changed', 409, 'CONFLICT');
    });
    renderWithProviders(<PriceAutomatorPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview House mark-up' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Apply prices' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Override 1 price' }));
    await waitFor(() => expect(previews).toBe(2));
    expect(errorToast).toHaveBeenCalledWith(
      expect.stringMatching(/^Some prices were changed by someone else/),
    );
    expect(screen.getByText('1 wine gets a new price')).toBeTruthy();
  });

  it('approves and keeps review prices by the wine’s id', async () => {
    post.mockResolvedValue({ approved: 1, dismissed: 0, stale: [] });
    renderWithProviders(<PriceAutomatorPage />);
    const review = await screen.findByTestId('price-review');
    expect(within(review).getByText('Sancerre 2023')).toBeTruthy();
    fireEvent.click(within(review).getByRole('button', { name: 'Approve Sancerre 2023' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/wine-cellars/users/u1/price-reviews', {
        body: { action: 'approve', ownWineIds: ['w3'] },
        timeoutMs: 60_000,
      }),
    );
    await waitFor(() =>
      expect(
        within(review).getByRole('button', { name: 'Keep current price of Sancerre 2023' }),
      ).toHaveProperty('disabled', false),
    );
    fireEvent.click(within(review).getByRole('button', { name: 'Keep current price of Sancerre 2023' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/wine-cellars/users/u1/price-reviews', {
        body: { action: 'dismiss', ownWineIds: ['w3'] },
        timeoutMs: 60_000,
      }),
    );
  });
});
