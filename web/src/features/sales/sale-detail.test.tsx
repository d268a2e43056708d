import type { CellarLocation, Sale, SaleLine } from '@kork/shared';
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

const location = (id: string, name: string, parentId: string | null = null): CellarLocation => ({
  id,
  name,
  parentId,
  order: 0,
  bottles: 0,
  createdAt: '2025-01-01T00:00:00Z',
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

  it('names every location a pour took its bottles from, with the bottles from each', async () => {
    const locations = [
      location('l-cellar', 'Cellar 2'),
      location('l-bar', 'Bar 1'),
      location('l-shelf', 'Shelf 3', 'l-cellar'),
    ];
    const sale: Sale = {
      ...TILL_SALE,
      products: [
        line({
          kind: 'glass',
          servings: 12,
          pouredCl: 150,
          unitPrice: 14_500,
          total: 174_000,
          units: 3,
          locationId: 'l-shelf',
          placements: [
            { locationId: 'l-shelf', bottles: 2 },
            { locationId: 'l-bar', bottles: 1 },
          ],
        }),
        line({
          ownWineId: 'w2',
          wineDisplayName: 'Vermouth',
          kind: 'recipe',
          recipeId: 'r1',
          pouredCl: 150,
          units: 2,
          locationId: 'l-bar',
          placements: [
            { locationId: 'l-bar', bottles: 1 },
            { locationId: null, bottles: 1 },
          ],
        }),
        line({
          ownWineId: 'w3',
          wineDisplayName: 'Chablis',
          kind: 'glass',
          servings: 8,
          pouredCl: 100,
          units: 1,
          locationId: 'l-gone',
        }),
        line({ ownWineId: 'w4', wineDisplayName: 'Sancerre', kind: 'glass', servings: 1, pouredCl: 12.5 }),
      ],
    };
    renderWithProviders(
      <QueryProvider>
        <SaleDetail sale={sale} onClose={() => {}} userId="u1" locations={locations} />
      </QueryProvider>,
    );
    expect(await screen.findByText('Bottles from: Cellar 2 / Shelf 3 (2), Bar 1 (1)')).toBeTruthy();
    expect(screen.getByText('Bottles from: Bar 1 (1), Uncategorized (1)')).toBeTruthy();
    // One location: the line still says where its bottle came from.
    expect(screen.getByText('Bottles from: Deleted location (1)')).toBeTruthy();
    // Nothing poured out: no bottle left a location.
    expect(screen.getAllByText(/^Bottles from:/)).toHaveLength(3);
  });

  it('says it in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    const sale: Sale = {
      ...TILL_SALE,
      products: [
        line({
          kind: 'glass',
          servings: 12,
          pouredCl: 150,
          units: 2,
          locationId: 'l-bar',
          placements: [
            { locationId: 'l-bar', bottles: 1 },
            { locationId: null, bottles: 1 },
          ],
        }),
      ],
    };
    renderWithProviders(
      <QueryProvider>
        <SaleDetail sale={sale} onClose={() => {}} userId="u1" locations={[location('l-bar', 'Bar 1')]} />
      </QueryProvider>,
    );
    expect(await screen.findByText('Flasker fra: Bar 1 (1), Ukategorisert (1)')).toBeTruthy();
  });
});
