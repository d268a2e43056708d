import { defaultVats } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { i18n } from '../../../i18n/i18n';
import { clearToasts } from '../../../lib/notify';
import { endSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { deleteCellarImage, uploadCellarImage } from '../api/cellar-images';
import { cellarFixture, cellarOwnerSession } from '../test-fixtures';
import { getCellars } from './api/get-cellars';
import { updateCellar } from './api/update-cellar';
import { CellarSettingsPage } from './cellar-settings-page';

vi.mock('./api/get-cellars', () => ({ getCellars: vi.fn() }));
vi.mock('./api/update-cellar', () => ({ updateCellar: vi.fn() }));
// The page also shows the wine list categories, which load on their own.
vi.mock('../api/categories', () => ({
  listCategories: vi.fn(async () => ({ rows: [], count: 0 })),
  createCategory: vi.fn(),
  updateCategory: vi.fn(),
  orderCategories: vi.fn(),
  deleteCategory: vi.fn(),
}));
vi.mock('../api/cellar-images', () => ({ uploadCellarImage: vi.fn(), deleteCellarImage: vi.fn() }));

const cellars = vi.mocked(getCellars);
const update = vi.mocked(updateCellar);
const uploadImage = vi.mocked(uploadCellarImage);
const deleteImage = vi.mocked(deleteCellarImage);

const CELLAR = cellarFixture({ vats: { ...defaultVats(), white: 20 } });

function renderPage() {
  renderWithProviders(
    <>
      <CellarSettingsPage />
      <Toaster />
    </>,
    { route: '/wine-cellar/settings' },
  );
}

function vatField(style: string): HTMLInputElement {
  const group = screen.getByRole('group', { name: 'VAT per style' });
  return within(group).getByRole('textbox', { name: style }) as HTMLInputElement;
}

const saveButton = () => screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement;

function save() {
  fireEvent.click(saveButton());
}

describe('the cellar settings page', () => {
  beforeAll(async () => {
    // Fetch the lazily loaded toast view once, so the toast test waits for the toast, not the download.
    await import('../../../components/toast-view');
  });

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    cellars.mockReset();
    update.mockReset();
    uploadImage.mockReset();
    deleteImage.mockReset();
    cellars.mockResolvedValue({ rows: [CELLAR], count: 1 });
    act(() => startSession(cellarOwnerSession()));
  });

  afterEach(() => {
    act(() => {
      clearToasts();
      endSession();
    });
  });

  it('shows the cellar’s currency, glass size and VAT per style', async () => {
    renderPage();

    expect(screen.getByRole('heading', { name: 'Cellar settings', level: 1 })).toBeTruthy();
    const glass = (await screen.findByRole('textbox', {
      name: /Default glass size \(cl\)/,
    })) as HTMLInputElement;
    expect(cellars).toHaveBeenCalledWith('u1', expect.any(AbortSignal));
    expect(glass.value).toBe('15');
    expect((screen.getByRole('combobox', { name: /Base currency/ }) as HTMLInputElement).value).toBe(
      'NOK · kr',
    );
    expect(vatField('Red').value).toBe('25');
    expect(vatField('White').value).toBe('20');
    expect(vatField('Non-alcoholic').value).toBe('25');
    expect((screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('turns down a glass of 100 cl with the shared message and sends nothing', async () => {
    renderPage();

    const glass = await screen.findByRole('textbox', { name: /Default glass size \(cl\)/ });
    fireEvent.change(glass, { target: { value: '100' } });

    expect(await screen.findByText('Glass size can be at most 99 cl')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.submit(saveButton().closest('form') as HTMLFormElement);
    expect(update).not.toHaveBeenCalled();
  });

  it('turns down a VAT of "-10" with the bound beside it, keeping the minus sign', async () => {
    renderPage();
    await screen.findByRole('textbox', { name: /Default glass size \(cl\)/ });

    fireEvent.change(vatField('Red'), { target: { value: '-10' } });

    expect(await screen.findByText('Must be between 0 and 100')).toBeTruthy();
    expect(vatField('Red').value).toBe('-10');
    expect(saveButton().disabled).toBe(true);

    fireEvent.change(vatField('Red'), { target: { value: 'abc' } });
    expect(await screen.findByText('Must be a number')).toBeTruthy();
    fireEvent.submit(saveButton().closest('form') as HTMLFormElement);
    expect(update).not.toHaveBeenCalled();
  });

  it('reads a VAT typed with the Norwegian decimal comma', async () => {
    await i18n.changeLanguage('nb');
    update.mockImplementation(async (_id, changes) => ({
      ...CELLAR,
      vats: { ...CELLAR.vats, ...changes.vats },
    }));
    renderPage();
    const group = await screen.findByRole('group', { name: 'MVA per vintype' });

    const red = within(group).getByRole('textbox', { name: 'Rødvin' });
    fireEvent.change(red, { target: { value: '12,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lagre innstillinger' }));

    await waitFor(() => expect(update).toHaveBeenCalledWith('c1', { vats: { red: 12.5 } }));
    await waitFor(() =>
      expect((within(group).getByRole('textbox', { name: 'Rødvin' }) as HTMLInputElement).value).toBe('12,5'),
    );
  });

  it('sends only the changed VAT and currency, and says so', async () => {
    update.mockImplementation(async (_id, changes) => ({
      ...CELLAR,
      baseCurrency: changes.baseCurrency ?? CELLAR.baseCurrency,
      vats: { ...CELLAR.vats, ...changes.vats },
    }));
    renderPage();

    await screen.findByRole('textbox', { name: /Default glass size \(cl\)/ });
    fireEvent.change(vatField('Red'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('combobox', { name: /Base currency/ }));
    fireEvent.click(await screen.findByRole('option', { name: /EUR/ }));
    save();

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('c1', { vats: { red: 15 }, baseCurrency: 'EUR' });
    expect(await screen.findByText('Cellar settings saved')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
  });

  it('offers a retry when the cellar cannot be loaded', async () => {
    cellars.mockRejectedValueOnce(new Error('offline'));
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('textbox', { name: /Default glass size \(cl\)/ })).toBeTruthy();
    expect(cellars).toHaveBeenCalledTimes(2);
  });

  it('uploads a cellar image at once and removes one', async () => {
    cellars.mockResolvedValue({ rows: [{ ...CELLAR, images: ['cellars/c1/a.jpg'] }], count: 1 });
    uploadImage.mockResolvedValue({ ...CELLAR, images: ['cellars/c1/a.jpg', 'cellars/c1/b.jpg'] });
    deleteImage.mockResolvedValue({ ...CELLAR, images: ['cellars/c1/b.jpg'] });
    renderPage();

    expect(await screen.findByRole('img', { name: 'Cellar image 1' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Cellar images' });
    const input = section.querySelector('input[type="file"]') as HTMLInputElement;
    const photo = new File(['jpeg'], 'cellar.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });

    await waitFor(() => expect(uploadImage).toHaveBeenCalledWith('u1', 'c1', photo));
    expect(await screen.findByRole('img', { name: 'Cellar image 2' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(deleteImage).toHaveBeenCalledWith('u1', 'c1', 'cellars/c1/a.jpg'));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Cellar image 2' })).toBeNull());
  });

  it('turns down a file that is no image with the shared message', async () => {
    renderPage();

    const section = await screen.findByRole('region', { name: 'Cellar images' });
    const input = section.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'list.pdf', { type: 'application/pdf' })] },
    });

    expect(await screen.findByText('File type not allowed')).toBeTruthy();
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it('asks a visitor to sign in', async () => {
    act(() => endSession());
    renderPage();

    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/sign-in?redirect=%2Fwine-cellar%2Fsettings');
    expect(cellars).not.toHaveBeenCalled();
  });
});
