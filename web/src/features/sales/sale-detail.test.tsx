import type { Sale, SaleLine } from '@kork/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { QueryProvider } from '../../lib/query-client';
import { renderWithProviders } from '../../test/render';
import { SaleDetail } from './sale-detail';

const line = (overrides: Partial<SaleLine>): SaleLine => ({
  ownWineId: 'w1',
  wineDisplayName: 'Barolo 2019',
  units: 0,
  unitPrice: 0,
  byGlass: false,
  locationId: null,
  vatPercentage: 25,
  total: 0,
  ...overrides,
});

const TILL_SALE: Sale = {
  id: 's1',
  date: '2025-06-01',
  customer: {},
  contactPerson: {},
  products: [
    line({ kind: 'glass', servings: 3, pouredCl: 37.5, unitPrice: 14_500, total: 43_500 }),
    line({
      ownWineId: 'recipe:r1',
      wineDisplayName: 'Negroni',
      kind: 'recipe',
      servings: 2,
      unitPrice: 16_000,
      total: 32_000,
    }),
    line({ ownWineId: 'w2', wineDisplayName: 'Vermouth', kind: 'recipe', recipeId: 'r1', pouredCl: 6 }),
    line({
      ownWineId: 'w3',
      wineDisplayName: 'Chablis',
      units: 1,
      unitPrice: 50_000,
      total: 50_000,
      shortfall: 1,
    }),
  ],
  units: 1,
  totalPrice: 125_500,
  currency: 'NOK',
  createdBy: 'u1',
  createdByName: 'POS: Bar till',
  createdAt: '2025-06-01T20:00:00Z',
  posTransactionId: 'bar-000123',
};

describe('a sale from the till', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('reads its glasses, recipe servings, pours and shortfall, badged as from the till', async () => {
    renderWithProviders(
      <QueryProvider>
        <SaleDetail sale={TILL_SALE} onClose={() => {}} userId="u1" locations={[]} />
      </QueryProvider>,
    );
    expect(await screen.findByText('From the till')).toBeTruthy();
    expect(screen.getByText('Till transaction bar-000123')).toBeTruthy();
    expect(screen.getByText('3 glasses (37.5 cl) at NOK 145.00')).toBeTruthy();
    expect(screen.getByText('2 × Negroni')).toBeTruthy();
    expect(screen.getByText('NOK 160.00 a serving')).toBeTruthy();
    expect(screen.getByText('Poured 6 cl for a recipe')).toBeTruthy();
    expect(screen.getByText('The stock was short by 1 bottle: it went to 0')).toBeTruthy();
  });
});
