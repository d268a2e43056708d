import type { HistoryEntry } from '@kork/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { HistoryChange } from './history-change';

const base: Omit<HistoryEntry, 'action' | 'before' | 'after'> = {
  id: 'h1',
  at: '2026-03-14T18:30:00Z',
  ownWineId: 'w1',
  wineDisplayName: 'Barolo 2019',
  actorId: 'u1',
  actorName: 'Ingrid Vik',
};
const names = new Map([['cellar-a', 'Kjeller A']]);

function show(entry: HistoryEntry) {
  renderWithProviders(<HistoryChange entry={entry} locationNames={names} baseCurrency="NOK" />);
  return screen.getByTestId('history-event').textContent;
}

describe('stock events in the history', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says how many bottles a sale took and from where', () => {
    const text = show({
      ...base,
      action: 'SOLD',
      before: { quantity: 12, placements: [{ locationId: 'cellar-a', quantity: 12 }], saleId: 's1' },
      after: { quantity: 10, placements: [{ locationId: 'cellar-a', quantity: 10 }], saleId: 's1' },
    });
    expect(text).toBe('Sold 2 bottles from Kjeller A');
  });

  it('says where a deleted sale put its bottles back', () => {
    const text = show({
      ...base,
      action: 'SALE_DELETED',
      before: { quantity: 10, placements: [{ locationId: 'cellar-a', quantity: 10 }] },
      after: {
        quantity: 11,
        placements: [
          { locationId: 'cellar-a', quantity: 10 },
          { locationId: null, quantity: 1 },
        ],
      },
    });
    expect(text).toBe('Sale deleted: 1 bottle back to Uncategorized');
  });

  it('shows a count as before → after with the difference and its value', () => {
    const text = show({
      ...base,
      action: 'COUNTED',
      before: { quantity: 12, difference: -2, differenceValue: -38_000, countId: 'c1' },
      after: { quantity: 10, difference: -2, differenceValue: -38_000, countId: 'c1' },
    });
    expect(text).toMatch(/^Counted: 12 → 10 \(-2, -NOK\s?380\.00\)$/);
  });

  it('says what a receipt brought in, at what cost and where', async () => {
    await i18n.changeLanguage('nb');
    const text = show({
      ...base,
      action: 'RECEIVED',
      before: { quantity: 0, placements: [], purchasePriceWovat: 14_000 },
      after: {
        quantity: 6,
        placements: [{ locationId: 'cellar-a', quantity: 6 }],
        purchasePriceWovat: 15_000,
        orderId: 'o1',
        units: 6,
        unitCost: 15_000,
      },
    });
    expect(text?.replace(/\s/g, ' ')).toBe('Mottok 6 à 150,00 kr til Kjeller A');
  });
});
