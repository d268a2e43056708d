import type { TastingNote } from '@kork/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { clearToasts } from '../../../lib/notify';
import { renderWithProviders } from '../../../test/render';
import { createTasting } from '../api/create-tasting';
import { updateTasting } from '../api/update-tasting';
import { TastingForm, todayIso } from './tasting-form';

vi.mock('../api/create-tasting', () => ({ createTasting: vi.fn() }));
vi.mock('../api/update-tasting', () => ({ updateTasting: vi.fn() }));
vi.mock('../api/upload-tasting-image', () => ({ uploadTastingImage: vi.fn() }));

const created = vi.mocked(createTasting);
const updated = vi.mocked(updateTasting);

function note(overrides: Partial<TastingNote> = {}): TastingNote {
  return {
    id: 't1',
    wineId: 'w1',
    authorId: 'u1',
    authorName: 'Kari Nordmann',
    authorIsExpert: false,
    points: 88,
    date: '2025-03-01',
    text: 'Ripe cherries',
    isPublished: true,
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  return todayIso(date);
}

function renderForm(props: { note?: TastingNote } = {}) {
  const onSaved = vi.fn();
  renderWithProviders(<TastingForm wineId="w1" viewerId="u1" onSaved={onSaved} {...props} />);
  return { onSaved };
}

function points(): HTMLElement {
  return screen.getByRole('textbox', { name: /^Points/ });
}

describe('the tasting note form', () => {
  beforeAll(() => {
    // The growing textarea listens for web fonts loading; the test DOM has no font set.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
      });
    }
  });

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    created.mockReset();
    updated.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    clearToasts();
    vi.restoreAllMocks();
  });

  it('says "Invalid points" with the rule for 101 and 99.4 and sends nothing', async () => {
    renderForm();
    fireEvent.change(points(), { target: { value: '101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    const rule = 'Invalid points: 50 to 100, in whole or half points';
    expect(await screen.findByText(rule)).toBeTruthy();
    fireEvent.change(points(), { target: { value: '99.4' } });
    expect(await screen.findByText(rule)).toBeTruthy();
    expect(created).not.toHaveBeenCalled();
  });

  it('shows no points until some are chosen: no "75 · Acceptable" on an empty field', async () => {
    renderForm();
    expect(screen.queryByText(/75 · Acceptable/)).toBeNull();
    expect(screen.getByText('Choose the points with the slider or type them')).toBeTruthy();
    const slider = screen.getByRole('slider', { name: 'Points slider' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Choose the points with the slider or type them');
    fireEvent.change(points(), { target: { value: '86' } });
    expect(await screen.findByText('86 · Very Good')).toBeTruthy();
    expect(slider.getAttribute('aria-valuetext')).toBe('86 · Very Good');
  });

  it('takes 99.5, shows it as 99.5 and sends 99.5', async () => {
    created.mockResolvedValue(note({ points: 99.5 }));
    const { onSaved } = renderForm();
    fireEvent.change(points(), { target: { value: '99.5' } });
    expect(await screen.findByText('99.5 · Extraordinary')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(created.mock.calls[0]?.[1]).toMatchObject({ points: 99.5 });
  });

  it('reads "88,5" typed in Norwegian as 88.5', async () => {
    await i18n.changeLanguage('nb');
    created.mockResolvedValue(note({ points: 88.5 }));
    const { onSaved } = renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: /^Poeng/ }), { target: { value: '88,5' } });
    expect(await screen.findByText(/^88,5 · /)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publiser' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(created.mock.calls[0]?.[1]).toMatchObject({ points: 88.5 });
  });

  it('says "Invalid date" for a day in the future', async () => {
    renderForm();
    fireEvent.change(points(), { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText(/^Date tasted/), { target: { value: tomorrow() } });
    fireEvent.click(screen.getByRole('button', { name: 'Save privately' }));

    expect(await screen.findByText('Invalid date')).toBeTruthy();
    expect(created).not.toHaveBeenCalled();
  });

  it('words the messages in Norwegian for a Norwegian visitor', async () => {
    await i18n.changeLanguage('nb');
    renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: /^Poeng/ }), { target: { value: '49' } });
    fireEvent.change(screen.getByLabelText(/^Smaksdato/), { target: { value: tomorrow() } });
    fireEvent.click(screen.getByRole('button', { name: 'Publiser' }));

    expect(await screen.findByText('Ugyldige poeng: 50 til 100, i hele eller halve poeng')).toBeTruthy();
    expect(screen.getByText('Ugyldig dato')).toBeTruthy();
  });

  it('shows the live rating description of the points', async () => {
    renderForm();
    fireEvent.change(points(), { target: { value: '95' } });
    expect(await screen.findByText('95 · Outstanding')).toBeTruthy();
  });

  it('publishes with "Publish"', async () => {
    created.mockResolvedValue(note({ points: 92 }));
    const { onSaved } = renderForm();
    fireEvent.change(points(), { target: { value: '92' } });
    fireEvent.change(screen.getByLabelText(/^Tasting note/), { target: { value: 'Cassis and cedar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(created).toHaveBeenCalledWith('w1', {
      points: 92,
      date: todayIso(),
      text: 'Cassis and cedar',
      drinkingWindowFrom: null,
      drinkingWindowTo: null,
      isPublished: true,
    });
  });

  it('keeps the note private with "Save privately"', async () => {
    created.mockResolvedValue(note({ isPublished: false }));
    const { onSaved } = renderForm();
    fireEvent.change(points(), { target: { value: '84' } });
    fireEvent.change(screen.getByLabelText(/^Drink from/), { target: { value: '2026' } });
    fireEvent.change(screen.getByLabelText(/^Drink until/), { target: { value: '2032' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save privately' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(created).toHaveBeenCalledWith('w1', {
      points: 84,
      date: todayIso(),
      text: '',
      drinkingWindowFrom: 2026,
      drinkingWindowTo: 2032,
      isPublished: false,
    });
  });

  it('changes a note in place, unpublishing it with "Save privately"', async () => {
    updated.mockResolvedValue(note({ isPublished: false }));
    const { onSaved } = renderForm({ note: note() });
    expect((points() as HTMLInputElement).value).toBe('88');
    fireEvent.click(screen.getByRole('button', { name: 'Save privately' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(updated).toHaveBeenCalledWith('t1', expect.objectContaining({ points: 88, isPublished: false }));
    expect(created).not.toHaveBeenCalled();
  });

  it('shows the field messages the server sends back', async () => {
    created.mockRejectedValue(
      new ApiError('Some fields are not valid', 400, 'VALIDATION', { date: 'Invalid date' }),
    );
    const { onSaved } = renderForm();
    fireEvent.change(points(), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Invalid date')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
