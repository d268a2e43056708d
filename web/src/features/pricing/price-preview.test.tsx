import type { PricePreview, PriceRuleSet } from '@kork/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { PricePreviewView } from './price-preview';

const SET: PriceRuleSet = {
  id: 'set-1',
  name: 'Tusen prosent',
  basis: 'incVat',
  direction: 'increase',
  rounding: 'none',
  ranges: [{ from: 0, to: null, sellingPrice: { kind: 'percentage', value: 1000 } }],
  raiseOnly: false,
  isDefault: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const PREVIEW: PricePreview = {
  rows: [],
  count: 0,
  skipped: [
    { ownWineId: 'w1', wineDisplayName: 'Locked Barolo', reason: 'locked', sellingPrice: 99_000 },
    { ownWineId: 'w2', wineDisplayName: 'Romanée-Conti 1945', reason: 'tooHigh', sellingPrice: 900_000_000 },
  ],
  totals: { oldStockValue: 0, newStockValue: 0, oldAverageMargin: null, newAverageMargin: null },
  impact: {
    up: 0,
    down: 0,
    same: 0,
    stockValueBefore: 0,
    stockValueAfter: 0,
    largestRises: [],
    largestFalls: [],
  },
  currency: 'NOK',
};

describe('the price preview', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says which wines a rule set leaves as they are, and why', () => {
    renderWithProviders(
      <PricePreviewView set={SET} preview={PREVIEW} refreshing={false} onApply={vi.fn()} onClose={vi.fn()} />,
    );
    expect(screen.getByText('Skipped (locked price): 1 wine')).toBeTruthy();
    const tooHigh = screen.getByText(/^Not priced, the new price would be above .*10,000,000.*: 1 wine$/);
    expect(tooHigh.closest('details')?.textContent).toContain('Romanée-Conti 1945');
    expect(tooHigh.closest('details')?.textContent).not.toContain('Locked Barolo');
  });

  it('says plainly how many prices fall, and the stock value before and after, before anything is applied', () => {
    const fall = (i: number) => ({
      ownWineId: `f${i}`,
      wineDisplayName: `Falling ${i}`,
      oldSellingPrice: 47_000,
      newSellingPrice: 26_900 + i * 100,
    });
    const preview: PricePreview = {
      ...PREVIEW,
      impact: {
        up: 26,
        down: 274,
        same: 10,
        stockValueBefore: 155_000_000,
        stockValueAfter: 138_000_000,
        largestRises: [],
        largestFalls: [0, 1, 2, 3, 4].map(fall),
      },
    };
    renderWithProviders(
      <PricePreviewView set={SET} preview={preview} refreshing={false} onApply={vi.fn()} onClose={vi.fn()} />,
    );
    expect(screen.getByTestId('impact-down').textContent).toBe('274 prices fall');
    expect(screen.getByTestId('impact-up').textContent).toBe('26 prices rise');
    expect(screen.getByTestId('impact-value').textContent).toMatch(
      /^Stock value at selling price: NOK\s?1,550,000 → NOK\s?1,380,000$/,
    );
    expect(screen.getByRole('alert').textContent).toContain('Raise only');
    expect(screen.getByText('Largest falls').closest('div')?.textContent).toContain('Falling 4');
  });

  it('with the net basis, shows net + duties per wine, the wines without duties and the rates used', async () => {
    const preview: PricePreview = {
      ...PREVIEW,
      rows: [
        {
          ownWineId: 'w3',
          wineDisplayName: 'Barbera 2022',
          mainCategoryId: 'red',
          quantity: 6,
          basisPrice: 10_000,
          costWithDuties: 15_967,
          duties: 5_967,
          oldSellingPrice: 30_000,
          newSellingPrice: 32_459,
          oldGlassPrice: null,
          newGlassPrice: null,
          oldMargin: 46.8,
          newMargin: 50.8,
          oldMarkup: null,
          newMarkup: null,
          rangeIndex: 0,
        },
      ],
      count: 1,
      skipped: [
        {
          ownWineId: 'w4',
          wineDisplayName: 'Mystery red',
          reason: 'dutiesMissing',
          missing: 'alcohol',
          sellingPrice: 25_000,
        },
      ],
      duties: { date: '2026-11-29', ratesAsOf: '2025-01-01', stale: true },
    };
    const net = { ...SET, basis: 'exVatNet' as const };
    const view = () =>
      renderWithProviders(
        <PricePreviewView
          set={net}
          preview={preview}
          refreshing={false}
          onApply={vi.fn()}
          onClose={vi.fn()}
        />,
      );
    const first = view();
    const row = screen.getAllByTestId('preview-row')[0] as HTMLElement;
    expect(row.textContent).toMatch(/Net .*100\.00 \+ duties .*59\.67 = .*159\.67/);
    expect(screen.getByRole('columnheader', { name: 'Net purchase price' })).toBeTruthy();
    const missing = screen.getByText('Not priced, duties unknown: 1 wine');
    expect(missing.closest('details')?.textContent).toMatch(/Mystery red.*\(alcohol unknown\)/);
    expect(screen.getByTestId('duties-as-of').textContent).toBe(
      '2026 rates not loaded — using the latest from 2025.',
    );
    first.unmount();

    await i18n.changeLanguage('nb');
    view();
    expect(screen.getByText('Ikke priset, avgiftene er ukjente: 1 vin')).toBeTruthy();
    expect(screen.getByTestId('duties-as-of').textContent).toBe(
      'Satsene for 2026 er ikke lastet inn – bruker de siste fra 2025.',
    );
    expect((screen.getAllByTestId('preview-row')[0] as HTMLElement).textContent).toMatch(
      /Netto .* \+ avgifter /,
    );
  });
});
