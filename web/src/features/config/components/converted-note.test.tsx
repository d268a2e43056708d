import type { ExchangeRates } from '@kork/shared';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { formatMoney } from '../../../lib/money';
import { renderWithProviders } from '../../../test/render';
import { viewMoneyOf } from '../view-money';
import { CatalogueRateNote } from './catalogue-rate-note';
import { ConvertedNote } from './converted-note';

const RATES: ExchangeRates = {
  date: '2026-11-27',
  source: 'Norges Bank',
  nokPerUnit: { NOK: 1, GBP: 13.4, EUR: 11.7 },
};
const NOW = new Date('2026-11-28T12:00:00Z');

/** Testing Library reads no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('amounts kept in the cellar’s currency, as the viewer reads them', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('converts for display into the viewer’s currency, and leaves the stored amount as it is', () => {
    const money = viewMoneyOf('NOK', 'GBP', RATES, NOW);
    const stored = 134_000;
    expect(money.converted).toBe(true);
    expect(money.currency).toBe('GBP');
    expect(plain(formatMoney(money.toView(stored), money.currency, 'en'))).toBe('£100.00');
    expect(stored).toBe(134_000);
    expect(money.rate).toMatchObject({ date: '2026-11-27', stale: false, ageDays: 1 });
  });

  it('shows amounts as they are kept when the viewer’s currency is the cellar’s, or before the rates arrive', () => {
    for (const money of [viewMoneyOf('NOK', 'NOK', RATES, NOW), viewMoneyOf('NOK', 'GBP', undefined, NOW)]) {
      expect(money.converted).toBe(false);
      expect(money.currency).toBe('NOK');
      expect(money.toView(12_550)).toBe(12_550);
    }
  });

  it('names the currency converted from, the rate and its date, and that typed prices are in the base currency', () => {
    renderWithProviders(<ConvertedNote money={viewMoneyOf('NOK', 'GBP', RATES, NOW)} stored />);
    expect(screen.getByTestId('converted-note').textContent).toBe(
      'Converted from NOK at 1 NOK = 0.0746 GBP (November 27, 2026). ' +
        "Amounts are kept in the cellar's currency, NOK, and prices you type are in NOK.",
    );
  });

  it('says so when the rate is more than a week old, in both languages', async () => {
    const old = viewMoneyOf('NOK', 'EUR', { ...RATES, date: '2025-10-01' }, NOW);
    renderWithProviders(<ConvertedNote money={old} />);
    expect(screen.getByTestId('converted-note').textContent).toBe(
      'Converted from NOK at 1 NOK = 0.0855 EUR (October 1, 2025). ' +
        'This rate is more than a week old (423 days): no newer rates have been fetched.',
    );

    await act(() => i18n.changeLanguage('nb'));
    expect(plain(screen.getByTestId('converted-note').textContent ?? '')).toBe(
      'Omregnet fra NOK med 1 NOK = 0,0855 EUR (1. oktober 2025). ' +
        'Kursen er mer enn en uke gammel (423 dager): nyere kurser er ikke hentet.',
    );
  });

  it('says nothing when nothing is converted', () => {
    renderWithProviders(<ConvertedNote money={viewMoneyOf('NOK', 'NOK', RATES, NOW)} />);
    expect(screen.queryByTestId('converted-note')).toBeNull();
  });

  it('dates the reference rate the catalogue’s prices are converted with, and calls it old', async () => {
    const { unmount } = renderWithProviders(<CatalogueRateNote currency="GBP" />);
    expect(screen.getByTestId('catalogue-rate-note').textContent).toMatch(
      /^Prices are converted from NOK at the reference rate 1 NOK = 0\.0746 GBP of October 1, 2025\. That rate is more than a week old \(\d+ days\): today's may differ\.$/,
    );
    unmount();
    renderWithProviders(<CatalogueRateNote currency="NOK" />);
    expect(screen.queryByTestId('catalogue-rate-note')).toBeNull();
  });
});
