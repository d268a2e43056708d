import type { PosImportOutcome, PosKey, PosKeyCreated, PosUnmappedProduct } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { renderWithProviders } from '../../test/render';
import { duplicateFields, guessColumns, importColumns } from './csv-columns';
import PosSection from './pos-section';

vi.mock('../../lib/api-client', async (original) => ({
  ...(await original<typeof import('../../lib/api-client')>()),
  api: { get: vi.fn(), post: vi.fn(), delete: vi.fn(), put: vi.fn(), patch: vi.fn() },
}));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const BASE = '/wine-cellars/users/u1';
const SECRET = 'kps_thisIsTheSecretShownOnce_0123456789abcdef';

let keys: PosKey[];
let waiting: PosUnmappedProduct[];

function fakeApi() {
  get.mockImplementation(async (path: string) => {
    if (path === `${BASE}/pos-keys`) return keys;
    if (path === `${BASE}/pos/needs-mapping`) return { rows: waiting, count: waiting.length };
    if (path === `${BASE}/pos/products`) return { products: [], currency: 'NOK', generatedAt: '' };
    throw new Error(`unexpected GET ${path}`);
  });
  post.mockImplementation(async (path: string, options?: { body?: unknown }) => {
    if (path === `${BASE}/pos-keys`) {
      const created: PosKeyCreated = {
        id: 'pk_01jabc',
        name: (options?.body as { name: string } | undefined)?.name ?? '',
        createdAt: '2025-06-01T10:00:00Z',
        secret: SECRET,
      };
      keys = [...keys, { id: created.id, name: created.name, createdAt: created.createdAt }];
      return created;
    }
    if (path === `${BASE}/pos/sales-import`) {
      const outcome: PosImportOutcome = {
        transactions: 2,
        recorded: 1,
        duplicates: 1,
        needsMapping: 0,
        errors: [{ row: 4, message: 'invalidDate' }],
      };
      return outcome;
    }
    throw new Error(`unexpected POST ${path}`);
  });
}

function renderSection() {
  renderWithProviders(<PosSection userId="u1" />, { route: '/wine-cellar/settings' });
}

describe('the till (POS) section', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    keys = [];
    waiting = [];
    get.mockReset();
    post.mockReset();
    fakeApi();
  });

  afterEach(() => {
    queryClient.clear();
  });

  it('counts a waiting product’s lines and the units sold each in their own number', async () => {
    const day = '2025-06-01T20:00:00Z';
    waiting = [
      { productId: 'HOUSE-RED', lines: 1, quantity: 3, firstSoldAt: day, lastSoldAt: day },
      { productId: 'HOUSE-WHITE', lines: 2, quantity: 1, firstSoldAt: day, lastSoldAt: day },
    ];
    renderSection();
    expect(await screen.findByText('1 line · 3 sold')).toBeTruthy();
    expect(screen.getByText('2 lines · 1 sold')).toBeTruthy();
  });

  it('shows a new key’s secret once, and never again after the modal is closed', async () => {
    renderSection();
    expect(await screen.findByText('No POS key yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New POS key' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), {
      target: { value: 'Bar till' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'The key for Bar till' });
    expect(within(secretDialog).getByText('Store it now: it is not shown again.')).toBeTruthy();
    expect(within(secretDialog).getByText(SECRET)).toBeTruthy();
    expect(within(secretDialog).getByText('pk_01jabc')).toBeTruthy();
    expect(post).toHaveBeenCalledWith(`${BASE}/pos-keys`, { body: { name: 'Bar till' } });

    fireEvent.click(within(secretDialog).getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = await screen.findByRole('list', { name: 'POS keys' });
    expect(within(list).getByText('Bar till')).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('refuses a column chosen for two fields, and sends the columns chosen', async () => {
    renderSection();
    const csv = [
      'Receipt;Time;PLU;Qty;Price;Staff',
      'r1;2025-06-01 20:00;B-w1;1;690,00;Ada',
      'r2;2025-06-01 21:00;G-w1;2;145,00;Ada',
    ].join('\n');
    const file = new File([csv], 'export.csv', { type: 'text/csv' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });

    const table = await screen.findByRole('table', { name: 'The first rows of export.csv' });
    expect(within(table).getByText('G-w1')).toBeTruthy();

    const fields = screen.getByRole('group', { name: 'Which column is which' });
    const quantity = within(fields).getByRole('combobox', { name: /^Quantity/ }) as HTMLInputElement;
    expect(quantity.value).toBe('Qty');
    // Price chooses the Qty column too: both fields say so, and nothing can be sent.
    const price = within(fields).getByRole('combobox', { name: /^Unit price/ });
    fireEvent.click(price);
    fireEvent.click(await screen.findByRole('option', { name: 'Qty' }));
    expect(await screen.findAllByText('Each column can be chosen only once')).toHaveLength(2);
    const submit = screen.getByRole('button', { name: 'Import sales' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    fireEvent.click(price);
    fireEvent.click(await screen.findByRole('option', { name: 'Price' }));
    await waitFor(() => expect(screen.queryByText('Each column can be chosen only once')).toBeNull());
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    const outcome = await screen.findByRole('heading', { name: 'Imported' });
    expect(outcome).toBeTruthy();
    expect(post).toHaveBeenCalledWith(`${BASE}/pos/sales-import`, {
      body: {
        csv,
        columns: {
          transactionId: 'Receipt',
          soldAt: 'Time',
          productId: 'PLU',
          quantity: 'Qty',
          unitPrice: 'Price',
        },
        priceUnit: 'major',
      },
      timeoutMs: expect.any(Number),
    });
    expect(screen.getByText('Row 4')).toBeTruthy();
  });
});

describe('column assignment', () => {
  it('guesses each column once and names the fields that share one', () => {
    const guess = guessColumns(['Date', 'Product', 'Quantity', 'Price']);
    expect(guess).toEqual({
      transactionId: null,
      soldAt: 'Date',
      productId: 'Product',
      quantity: 'Quantity',
      unitPrice: 'Price',
    });
    expect(importColumns(guess)).toEqual({
      soldAt: 'Date',
      productId: 'Product',
      quantity: 'Quantity',
      unitPrice: 'Price',
    });
    const twice = { ...guess, unitPrice: 'Quantity' };
    expect(duplicateFields(twice)).toEqual(['quantity', 'unitPrice']);
    expect(importColumns(twice)).toBeUndefined();
  });
});
