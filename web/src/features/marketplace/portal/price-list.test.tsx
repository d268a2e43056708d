import type { SupplierWine } from '@kork/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError, api } from '../../../lib/api-client';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test/render';
import { PriceList } from './price-list';

vi.mock(import('../../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const get = vi.mocked(api.get);
const patch = vi.mocked(api.patch);

const wine: SupplierWine = {
  wineId: 'w1',
  supplierId: 's1',
  supplierName: 'Vinimport AS',
  name: 'Barolo Cannubi',
  vintage: 2019,
  bottleSize: 0.75,
  vinmonopoletNumber: '1234501',
  availability: 'inStock',
  stock: 48,
  caseSize: 6,
  horecaPrice: 250,
  horecaPriceMinor: 25_000,
  currency: 'NOK',
  duties: { known: true, totalMinor: 6_012, total: 60.12, ratesAsOf: '2025-01-01', stale: false },
};

function show() {
  renderWithProviders(
    <QueryProvider>
      <PriceList />
    </QueryProvider>,
  );
}

async function typePrice(text: string) {
  const field = await screen.findByLabelText('Price ex VAT of Barolo Cannubi 2019');
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  get.mockResolvedValue({ rows: [wine], count: 1 });
});

afterEach(() => {
  queryClient.clear();
  vi.clearAllMocks();
});

describe('prices with or without duties', () => {
  it('shows the duties each stored price holds, and sends prices as with duties unless told otherwise', async () => {
    show();
    expect((await screen.findByTestId('duties-line')).textContent?.replace(/\s/g, ' ')).toBe(
      'of which duties NOK 60.12',
    );
    patch.mockResolvedValue({ updated: 1 });
    await typePrice('260');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect(patch.mock.calls[0]?.[1]).toEqual({
      body: { rows: [{ wineId: 'w1', horecaPriceMinor: 26_000 }], prices: 'withDuties' },
    });
  });

  it('sends prices without duties when chosen, and shows a refused wine’s reason at its price', async () => {
    show();
    fireEvent.click(await screen.findByText('Without duties'));
    expect(screen.getByTestId('price-basis-hint').textContent).toContain('Kork adds each wine');
    patch.mockRejectedValue(
      new ApiError('Validation failed', 400, 'VALIDATION', {
        'rows.0.horecaPriceMinor':
          "The wine's alcohol is not known, so its duties cannot be added: enter this price with duties",
      }),
    );
    await typePrice('150');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patch).toHaveBeenCalled());
    expect(patch.mock.calls[0]?.[1]).toEqual({
      body: { rows: [{ wineId: 'w1', horecaPriceMinor: 15_000 }], prices: 'withoutDuties' },
    });
    expect(
      await screen.findByText(
        "The wine's alcohol is not known, so its duties cannot be added: enter this price with duties",
      ),
    ).toBeTruthy();
  });
});
