import type { User } from '@kork/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { i18n } from '../../../i18n/i18n';
import { clearToasts } from '../../../lib/notify';
import { endSession, getSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { CurrencySelect } from './currency-select';

describe('the currency selector', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    // The server's list is not needed here: the shared list stands in while it loads or fails.
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    act(() => clearToasts());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts at euro and offers every currency with its symbol', () => {
    renderWithProviders(<CurrencySelect variant="field" />);

    const select = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect(select.value).toBe('EUR');
    expect(select.options).toHaveLength(34);
    expect(screen.getByRole('option', { name: 'NOK · kr' })).toBeTruthy();
  });

  it('remembers a chosen currency in the KORK_CURRENCY cookie and confirms it', async () => {
    renderWithProviders(
      <>
        <CurrencySelect variant="field" />
        <Toaster />
      </>,
    );

    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'NOK' } });

    expect(Cookies.get('KORK_CURRENCY')).toBe('NOK');
    expect(await screen.findByText('Prices are now shown in NOK.')).toBeTruthy();
  });

  it('says which currency prices are shown as when a currency falls back', () => {
    Cookies.set('KORK_CURRENCY', 'DKK');
    renderWithProviders(<CurrencySelect variant="field" />);

    expect(screen.getByText('Prices are shown as NOK')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'JPY · ¥ (shown as CNY)' })).toBeTruthy();
  });

  it('starts a new visitor with a Norwegian browser language in kroner, any other in euro', () => {
    Cookies.remove('KORK_CURRENCY');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['nn-NO', 'en']);
    const { unmount } = renderWithProviders(<CurrencySelect variant="field" />);
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('NOK');
    unmount();

    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    renderWithProviders(<CurrencySelect variant="field" />);
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('EUR');
  });

  it('saves the choice on a signed-in person’s account, so the next sign-in shows it too', async () => {
    const user = { id: 'u1', email: 'ingrid@example.com', viewCurrency: 'NOK' } as User;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/users/u1' && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Partial<User>;
        return new Response(JSON.stringify({ payload: { ...user, ...body } }), { status: 200 });
      }
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetch);
    act(() => startSession({ access_token: 'header.e30.signature', user }));
    try {
      renderWithProviders(<CurrencySelect variant="field" />);
      fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'GBP' } });

      expect(Cookies.get('KORK_CURRENCY')).toBe('GBP');
      await waitFor(() => {
        const session = getSession();
        expect(session.status === 'authenticated' && session.user.viewCurrency).toBe('GBP');
      });
      const [, init] = fetch.mock.calls.find(([url]) => url === '/api/users/u1') ?? [];
      expect(JSON.parse(String(init?.body))).toEqual({ viewCurrency: 'GBP' });
      expect(new Headers(init?.headers).get('X-Currency')).toBe('GBP');
    } finally {
      act(() => endSession());
    }
  });

  it('keeps a visitor’s choice on this device only', () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('offline'));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<CurrencySelect variant="field" />);
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'SEK' } });

    expect(Cookies.get('KORK_CURRENCY')).toBe('SEK');
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/users'))).toBe(false);
  });
});
