import { act, fireEvent, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { i18n } from '../../../i18n/i18n';
import { clearToasts } from '../../../lib/notify';
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
});
