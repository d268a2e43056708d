import type { HistoryEntry } from '@kork/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { HistoryChange } from './history-change';

const entry = (before: HistoryEntry['before'], after: HistoryEntry['after']): HistoryEntry => ({
  id: 'h1',
  at: '2026-03-14T18:30:00Z',
  ownWineId: 'w1',
  wineDisplayName: 'Barolo 2019',
  actorId: 'u1',
  actorName: 'Ingrid Vik',
  action: 'PRICE_CHANGED',
  before,
  after,
});

/** Testing Library reads no-break spaces as plain ones. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ');

function show(value: HistoryEntry) {
  renderWithProviders(<HistoryChange entry={value} locationNames={new Map()} baseCurrency="NOK" />);
  return plain(screen.getByTestId('history-event').textContent);
}

describe('a price change in the history', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says the old and new selling and glass price in one sentence, without repeating them below', () => {
    const text = show(
      entry({ sellingPrice: 45_000, pricePerGlass: 11_000 }, { sellingPrice: 49_900, pricePerGlass: 12_500 }),
    );
    expect(text).toBe('New price: NOK 450.00 → NOK 499.00; glass NOK 110.00 → NOK 125.00');
    expect(screen.queryByText(/Selling price:/)).toBeNull();
  });

  it('names a first price and a glass price alone', () => {
    expect(show(entry({}, { sellingPrice: 39_900 }))).toBe('New price: None → NOK 399.00');
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    expect(show(entry({ pricePerGlass: 11_000 }, { pricePerGlass: 12_000 }))).toBe(
      'Ny glasspris: 110,00 kr → 120,00 kr',
    );
  });
});
