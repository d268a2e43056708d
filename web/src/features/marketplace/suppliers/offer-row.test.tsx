import type { SupplierWine } from '@kork/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { QueryProvider } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test/render';
import { OfferRow } from './offer-row';

vi.mock(import('../../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const offer = (over: Partial<SupplierWine> = {}): SupplierWine => ({
  wineId: 'w1',
  supplierId: 's1',
  supplierName: 'Vinimport AS',
  name: 'Barolo Cannubi 2019',
  vintage: 2019,
  bottleSize: 0.75,
  availability: 'inStock',
  stock: 48,
  caseSize: 6,
  horecaPrice: 250,
  horecaPriceMinor: 25_000,
  currency: 'NOK',
  duties: { known: true, totalMinor: 6_012, total: 60.12, ratesAsOf: '2025-01-01', stale: true },
  ...over,
});

function show(row: SupplierWine) {
  renderWithProviders(
    <QueryProvider>
      <ul>
        <OfferRow offer={row} title="wine" />
      </ul>
    </QueryProvider>,
  );
}

const dutiesText = () => screen.getByTestId('duties-line').textContent?.replace(/\s/g, ' ');

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('an offer’s duties line', () => {
  it('says how much of the HORECA price is duties, and the year of the rates when this year’s are missing', () => {
    show(offer());
    expect(screen.getByTestId('horeca-price').textContent?.replace(/\s/g, ' ')).toBe('NOK 250.00 ex VAT');
    expect(dutiesText()).toBe('of which duties NOK 60.12 (2025 rates)');
  });

  it('says the duties are unknown where the wine’s alcohol is, never 0', () => {
    show(offer({ duties: { known: false, missing: 'alcohol' } }));
    expect(dutiesText()).toBe('duties unknown (alcohol not known)');
    expect(screen.queryByText(/NOK 0/)).toBeNull();
  });

  it('speaks Norwegian, and leaves the rates year out when they are this year’s', async () => {
    await i18n.changeLanguage('nb');
    show(
      offer({
        duties: { known: true, totalMinor: 6_012, total: 60.12, ratesAsOf: '2026-01-01', stale: false },
      }),
    );
    expect(dutiesText()).toBe('herav avgifter 60,12 kr');
  });

  it('shows no duties line to those who see no price', () => {
    show(offer({ horecaPrice: undefined, horecaPriceMinor: undefined, duties: undefined }));
    expect(screen.queryByTestId('duties-line')).toBeNull();
  });
});
