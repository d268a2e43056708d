import { LIMITS } from '@kork/shared';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { commonStyles } from '../app/styles/component-styles';
import { i18n } from '../i18n/i18n';
import { clearToasts, notify } from '../lib/notify';
import { renderWithProviders } from '../test/render';
import { Toaster } from './toaster';

/** Lets React finish the lazy toast view and the notification it shows. */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('toasts', () => {
  beforeAll(async () => {
    // Fetch the lazily loaded view and its styles once, so each test measures the toast, not the download.
    await Promise.all([import('./toast-view'), commonStyles()]);
  });

  beforeEach(async () => {
    vi.useFakeTimers();
    await i18n.changeLanguage('en');
  });

  afterEach(() => {
    act(() => {
      clearToasts();
      notifications.clean();
    });
    vi.useRealTimers();
  });

  it('shows a success toast prefixed "Success!" and hides it after 4 seconds', async () => {
    renderWithProviders(<Toaster />);

    act(() => {
      notify.success('Prices are now shown in NOK.');
    });
    await settle();

    expect(screen.getByText('Success!')).toBeTruthy();
    expect(screen.getByText('Prices are now shown in NOK.')).toBeTruthy();

    await advance(LIMITS.successToastMs - 100);
    expect(screen.queryByText('Prices are now shown in NOK.')).not.toBeNull();

    await advance(1_000);
    expect(screen.queryByText('Prices are now shown in NOK.')).toBeNull();
  });

  it('prefixes success in Norwegian with "Suksess!"', async () => {
    await i18n.changeLanguage('nb');
    renderWithProviders(<Toaster />);

    act(() => {
      notify.success('Prisene vises nå i NOK.');
    });
    await settle();

    expect(screen.getByText('Suksess!')).toBeTruthy();
  });

  it('lets a person close an error toast with a named close button', async () => {
    renderWithProviders(<Toaster />);

    act(() => {
      notify.error('Error occurred. Please try again.');
    });
    await settle();

    expect(screen.queryByText('Success!')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
    await advance(500);

    expect(screen.queryByText('Error occurred. Please try again.')).toBeNull();
  });

  it('keeps an error toast for 5 seconds, longer than a success toast', async () => {
    renderWithProviders(<Toaster />);

    act(() => {
      notify.error('Error occurred. Please try again.');
    });
    await settle();

    await advance(LIMITS.successToastMs + 500);
    expect(screen.queryByText('Error occurred. Please try again.')).not.toBeNull();

    await advance(LIMITS.errorToastMs - LIMITS.successToastMs + 500);
    expect(screen.queryByText('Error occurred. Please try again.')).toBeNull();
  });

  it('offers no close button on a success toast', async () => {
    renderWithProviders(<Toaster />);

    act(() => {
      notify.success('Logged in');
    });
    await settle();

    expect(screen.queryByRole('button', { name: 'Close message' })).toBeNull();
  });
});
