import { EMPTY_IMPORT_COUNTS, type ImportJob, type User } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ApiError, api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { BatchImportPage } from './batch-import-page';

const USER = {
  id: 'u1',
  email: 'bar@example.com',
  fullName: 'Bar Vik',
  role: 'user',
  userType: 'RESTAURANT',
  isBusiness: true,
} as User;

const BASE = '/wine-cellars/users/u1/imports';

function job(changes: Partial<ImportJob> = {}): ImportJob {
  return {
    id: 'job-1',
    ownerId: 'u1',
    kind: 'excel',
    status: 'awaitingUpload',
    counts: EMPTY_IMPORT_COUNTS,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...changes,
  };
}

const COLUMNS_JOB = job({
  status: 'columns',
  fileName: 'kjeller.xlsx',
  format: 'table',
  assignmentSource: 'headers',
  columns: [
    { index: 0, header: 'Vin', samples: ['Barolo Cannubi', 'Chablis'] },
    { index: 1, header: 'Produsent', samples: ['Borgogno', 'Fèvre'] },
    { index: 2, header: 'Hylle', samples: ['A1', 'B2'] },
  ],
  assignment: ['wineName', 'producer', null],
});

const get = vi.spyOn(api, 'get');
const post = vi.spyOn(api, 'post');
const patch = vi.spyOn(api, 'patch');
const del = vi.spyOn(api, 'delete');

/** A file of a given size without holding its bytes. */
function fileOf(name: string, type: string, size = 10): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function chooseFile(file: File) {
  fireEvent.change(screen.getByLabelText('Choose a file'), { target: { files: [file] } });
}

async function pick(column: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: `Import “${column}” as` }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the batch import page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    queryClient.clear();
    for (const spy of [get, post, patch, del]) spy.mockReset();
    // Leaving the screen with an open job cancels it.
    del.mockResolvedValue(job({ status: 'cancelled' }));
    act(() => startSession({ access_token: 'header.e30.signature', user: USER }));
  });

  afterEach(() => {
    act(() => endSession());
  });

  it('offers the four kinds, each saying what it takes', async () => {
    renderWithProviders(<BatchImportPage />, { route: '/wine-cellar/batch-import' });
    for (const name of [/Excel or CSV/, /Vinmonopolet invoice/, /Vectura PDF/, /Magic import/])
      expect(await screen.findByRole('button', { name })).toBeTruthy();
    expect(screen.getByText(/CellarTracker and Vivino exports/)).toBeTruthy();
  });

  it('refuses a file of the wrong type or over 50 MB before anything is sent', async () => {
    renderWithProviders(<BatchImportPage />, { route: '/wine-cellar/batch-import' });
    fireEvent.click(await screen.findByRole('button', { name: /Excel or CSV/ }));
    expect(screen.getByLabelText('Choose a file').getAttribute('accept')).toContain('.xlsx');

    chooseFile(fileOf('invoice.pdf', 'application/pdf'));
    expect((await screen.findByRole('alert')).textContent).toBe('File type not allowed');

    chooseFile(
      fileOf(
        'cellar.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        51 * 1024 * 1024,
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'File size exceeds maximum allowed size (50MB)',
    );
    expect(post).not.toHaveBeenCalled();

    // An invoice photo over the limit gets the image words.
    fireEvent.click(screen.getByRole('button', { name: 'Choose another kind' }));
    fireEvent.click(await screen.findByRole('button', { name: /Vinmonopolet invoice/ }));
    chooseFile(fileOf('faktura.jpg', 'image/jpeg', 60 * 1024 * 1024));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Image size exceeds maximum allowed size (50MB)',
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('creates the job for an accepted file and shows where it stands', async () => {
    post.mockResolvedValue(job({ fileName: 'cellar.csv' }));
    get.mockResolvedValue({
      ...job({ status: 'scanning', fileName: 'cellar.csv' }),
      lines: { rows: [], count: 0 },
    });
    renderWithProviders(<BatchImportPage />, { route: '/wine-cellar/batch-import?kind=excel' });
    chooseFile(fileOf('cellar.csv', 'text/csv', 2048));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(BASE, {
        body: { kind: 'excel', fileName: 'cellar.csv', fileSize: 2048, contentType: 'text/csv' },
      }),
    );
    expect(await screen.findByText('Reading the file…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel import' })).toBeTruthy();
  });

  it('counts the characters of pasted text and refuses text over the limit', async () => {
    renderWithProviders(<BatchImportPage />, { route: '/wine-cellar/batch-import?kind=magic' });
    const text = await screen.findByLabelText('Paste text');
    fireEvent.change(text, { target: { value: 'Barolo 2019' } });
    expect(screen.getByText('11 of 200,000 characters')).toBeTruthy();
    fireEvent.change(text, { target: { value: 'x'.repeat(200_001) } });
    expect(screen.getByText('At most 200,000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Read the text' }));
    expect(post).not.toHaveBeenCalled();
  });

  describe('the columns step', () => {
    beforeEach(() => {
      get.mockImplementation(async (path: string) => {
        if (path === `${BASE}/job-1`) return { ...COLUMNS_JOB, lines: { rows: [], count: 0 } };
        throw new Error(`unexpected GET ${path}`);
      });
    });

    it('shows each column with its first values and the guessed field', async () => {
      renderWithProviders(<BatchImportPage />, { route: '/wine-cellar/batch-import?job=job-1' });
      const rows = await screen.findAllByTestId('import-column');
      expect(rows).toHaveLength(3);
      expect(within(rows[0] as HTMLElement).getByText('Barolo Cannubi')).toBeTruthy();
      expect((screen.getByRole('combobox', { name: 'Import “Vin” as' }) as HTMLInputElement).value).toBe(
        'Wine name',
      );
      expect((screen.getByRole('combobox', { name: 'Import “Hylle” as' }) as HTMLInputElement).value).toBe(
        "Don't import",
      );
      expect(screen.getByText('Columns guessed from the headers: check them')).toBeTruthy();
    });

    it('says a file without a header row had its columns guessed from their values', async () => {
      get.mockImplementation(async () => ({
        ...COLUMNS_JOB,
        assignmentSource: 'values',
        columns: [
          { index: 0, header: '', samples: ['Veuve Clicquot Brut Rosé', 'Barolo Cannubi'] },
          { index: 1, header: '', samples: ['NV', '2019'] },
        ],
        assignment: ['wineName', 'vintage'],
        lines: { rows: [], count: 0 },
      }));
      renderWithProviders(<BatchImportPage />, { route: '/wine-cellar/batch-import?job=job-1' });
      const rows = await screen.findAllByTestId('import-column');
      // The first row of the file is a wine among the samples, not a header.
      expect(within(rows[0] as HTMLElement).getByText('Veuve Clicquot Brut Rosé')).toBeTruthy();
      expect(
        screen.getByText(
          'The file has no header row: its first row is a wine, and the columns are guessed from their values. Check them',
        ),
      ).toBeTruthy();
    });

    it('says so when a field is chosen twice or no column is the wine name, and sends a good assignment', async () => {
      patch.mockResolvedValue({ ...COLUMNS_JOB, status: 'matching', lines: { rows: [], count: 0 } });
      renderWithProviders(<BatchImportPage />, { route: '/wine-cellar/batch-import?job=job-1' });
      await screen.findAllByTestId('import-column');
      const match = screen.getByRole('button', { name: 'Match wines' });

      await pick('Hylle', 'Producer');
      expect(await screen.findByText('This field is already chosen for another column')).toBeTruthy();
      expect(match.hasAttribute('disabled')).toBe(true);

      await pick('Hylle', 'Location');
      await pick('Vin', "Don't import");
      expect((await screen.findByRole('alert')).textContent).toBe('One column must be the wine name');
      expect(match.hasAttribute('disabled')).toBe(true);

      await pick('Vin', 'Wine name');
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      fireEvent.click(match);
      await waitFor(() =>
        expect(patch).toHaveBeenCalledWith(`${BASE}/job-1`, {
          body: { assignment: ['wineName', 'producer', 'location'] },
        }),
      );
    });

    it('asks whether a purchase price ex VAT column is with or without duties, and sends the choice', async () => {
      patch.mockResolvedValue({ ...COLUMNS_JOB, status: 'matching', lines: { rows: [], count: 0 } });
      renderWithProviders(<BatchImportPage />, { route: '/wine-cellar/batch-import?job=job-1' });
      await screen.findAllByTestId('import-column');
      expect(screen.queryByTestId('purchase-prices-hint')).toBeNull();
      await pick('Hylle', 'Purchase price ex VAT');
      expect((await screen.findByTestId('purchase-prices-hint')).textContent).toContain(
        'As the cellar keeps it',
      );
      fireEvent.click(screen.getByText('Without duties'));
      expect(screen.getByTestId('purchase-prices-hint').textContent).toContain(
        "Kork adds each wine's duties",
      );
      fireEvent.click(screen.getByRole('button', { name: 'Match wines' }));
      await waitFor(() =>
        expect(patch).toHaveBeenCalledWith(`${BASE}/job-1`, {
          body: {
            assignment: ['wineName', 'producer', 'purchasePriceWovat'],
            purchasePrices: 'withoutDuties',
          },
        }),
      );
    });

    it("shows the server's refusal on the column it names", async () => {
      patch.mockRejectedValue(
        new ApiError('Validation failed', 400, 'VALIDATION', {
          'assignment.1': 'This field is already chosen for another column',
        }),
      );
      renderWithProviders(<BatchImportPage />, { route: '/wine-cellar/batch-import?job=job-1' });
      await screen.findAllByTestId('import-column');
      fireEvent.click(screen.getByRole('button', { name: 'Match wines' }));
      expect(await screen.findByText('This field is already chosen for another column')).toBeTruthy();
    });
  });

  it('shows a job without wines with a way to try again', async () => {
    get.mockResolvedValue({ ...job({ status: 'noWines' }), lines: { rows: [], count: 0 } });
    renderWithProviders(<BatchImportPage />, { route: '/wine-cellar/batch-import?job=job-1' });
    expect(await screen.findByText('No wines detected in the imported file')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add wines by hand' }).getAttribute('href')).toBe(
      '/wine-cellar/wines?add=1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Choose a file')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Excel or CSV' })).toBeTruthy();
  });
});
