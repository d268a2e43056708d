import type { CellarWine, CostBreakdown } from '@kork/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test/render';
import { updateCellarWine } from '../api/update-cellar-wine';
import { getWineCost } from '../api/wine-cost';
import { cellarWineFixture } from '../test-fixtures';
import { WineCostSection } from './wine-cost-section';

vi.mock('../api/update-cellar-wine', () => ({ updateCellarWine: vi.fn() }));
vi.mock('../api/wine-cost', () => ({ getWineCost: vi.fn(), getDutyRates: vi.fn() }));

const cost = vi.mocked(getWineCost);
const update = vi.mocked(updateCellarWine);

/** A 0.75 l red at 13 % bought at NOK 200 ex VAT with duties, on a day in 2026 with 2025's rates. */
function breakdown(overrides: Partial<CostBreakdown> = {}): CostBreakdown {
  return {
    net: 14_589,
    excise: 5_158,
    packagingTax: 253,
    deposit: 0,
    vat: 5_000,
    total: 25_000,
    group: 'upTo22',
    ratesAsOf: '2025-01-01',
    stale: true,
    missing: [],
    date: '2026-11-29',
    alcohol: 13,
    bottleSize: 0.75,
    container: 'glass',
    vatPercentage: 25,
    currency: 'NOK',
    ...overrides,
  };
}

function renderSection(wine: CellarWine = cellarWineFixture({ purchasePriceWovat: 20_000 })) {
  const onAlcoholSaved = vi.fn();
  renderWithProviders(
    <QueryProvider>
      <WineCostSection userId="u1" wine={wine} onAlcoholSaved={onAlcoholSaved} />
    </QueryProvider>,
  );
  return { onAlcoholSaved };
}

/** The amount a line of the breakdown shows, with no-break spaces as plain ones. */
async function amountOf(label: string): Promise<string | undefined> {
  const term = await screen.findByText(
    (_, element) => element?.tagName === 'DT' && plain(element.textContent) === label,
  );
  return plain(term.nextElementSibling?.textContent);
}

const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

describe('the cost of a bottle in the wine drawer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    queryClient.clear();
  });
  afterEach(() => queryClient.clear());

  it('shows the net price, the excise with its group in words, the packaging tax, VAT and the total', async () => {
    cost.mockResolvedValue(breakdown());
    renderSection();
    expect(await amountOf('Alcohol excise · Wine and other drinks 4.7–22 %')).toBe('NOK 51.58');
    expect(await amountOf('Net price (importer’s, without duties)')).toBe('NOK 145.89');
    expect(await amountOf('Packaging tax')).toBe('NOK 2.53');
    expect(await amountOf('Deposit')).toBe('NOK 0.00');
    expect(await amountOf('VAT (25%)')).toBe('NOK 50.00');
    expect(await amountOf('Total')).toBe('NOK 250.00');
    expect(screen.getByText(/Rates from 1 Jan 2025/)).toBeTruthy();
    expect(screen.getByText('2026 rates are not loaded — using the latest, from 2025.')).toBeTruthy();
    expect(cost).toHaveBeenCalledWith('u1', 'w1', expect.anything());
  });

  it('says it in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    cost.mockResolvedValue(breakdown());
    renderSection();
    expect(await amountOf('Alkoholavgift · Vin og annen drikk 4,7–22 %')).toMatch(/^51,58 kr$/);
    expect(await amountOf('Mva. (25 %)')).toMatch(/^50,00 kr$/);
    expect(screen.getByText('Satsene for 2026 er ikke lastet inn — bruker de siste, fra 2025.')).toBeTruthy();
  });

  it('asks for the alcohol when it is unknown, saves it to the wine and then shows the duties', async () => {
    cost.mockResolvedValueOnce(
      breakdown({
        net: null,
        excise: null,
        packagingTax: null,
        deposit: null,
        group: null,
        ratesAsOf: null,
        stale: false,
        alcohol: null,
        missing: ['alcohol'],
      }),
    );
    const saved = cellarWineFixture({ alcohol: 13.5, updatedAt: '2025-02-02T10:00:00Z' });
    update.mockResolvedValue(saved);
    const { onAlcoholSaved } = renderSection();
    expect(
      await screen.findByText('The alcohol of this wine is not known. Enter it to see the duties.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Alcohol excise/)).toBeNull();
    const field = screen.getByRole('textbox', { name: 'Alcohol (% vol)' });
    const button = screen.getByRole('button', { name: 'Save alcohol' }) as HTMLButtonElement;
    fireEvent.change(field, { target: { value: '13.555' } });
    expect(await screen.findByText('Too many decimals')).toBeTruthy();
    expect(button.disabled).toBe(true);
    cost.mockResolvedValue(breakdown({ alcohol: 13.5, excise: 5_355, net: 14_392 }));
    fireEvent.change(field, { target: { value: '13.5' } });
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(update).toHaveBeenCalledWith('u1', 'w1', { alcohol: 13.5 }));
    await waitFor(() => expect(onAlcoholSaved).toHaveBeenCalledWith(saved));
    expect(await amountOf('Alcohol excise · Wine and other drinks 4.7–22 %')).toBe('NOK 53.55');
    expect(
      screen.queryByText('The alcohol of this wine is not known. Enter it to see the duties.'),
    ).toBeNull();
  });

  it('says there are no rates for the day rather than showing a zero', async () => {
    cost.mockResolvedValue(
      breakdown({
        net: null,
        excise: null,
        packagingTax: null,
        deposit: null,
        group: null,
        ratesAsOf: null,
        stale: false,
        missing: ['rates'],
        date: '2019-06-01',
      }),
    );
    renderSection();
    expect(
      await screen.findByText('There are no duty rates for 1 Jun 2019, so the duties cannot be worked out.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Alcohol excise/)).toBeNull();
    expect(screen.queryByText('NOK 0.00')).toBeNull();
  });

  it('warns when the purchase price is lower than its duties', async () => {
    cost.mockResolvedValue(breakdown({ net: -2_411, vat: 750, total: 3_750 }));
    renderSection(cellarWineFixture({ purchasePriceWovat: 3_000 }));
    expect(
      await screen.findByText('The purchase price is lower than its duties. Was it entered without duties?'),
    ).toBeTruthy();
    expect(await amountOf('Net price (importer’s, without duties)')).toBe('-NOK 24.11');
  });

  it('works the cost out again when the wine changes', async () => {
    cost.mockResolvedValue(breakdown());
    const wine = cellarWineFixture({ purchasePriceWovat: 20_000 });
    let change: (wine: CellarWine) => void = () => {};
    function Harness() {
      const [shown, setShown] = useState(wine);
      change = setShown;
      return <WineCostSection userId="u1" wine={shown} onAlcoholSaved={vi.fn()} />;
    }
    renderWithProviders(
      <QueryProvider>
        <Harness />
      </QueryProvider>,
    );
    expect(await amountOf('Total')).toBe('NOK 250.00');
    cost.mockResolvedValue(breakdown({ vat: 10_000, total: 50_000 }));
    act(() => change({ ...wine, purchasePriceWovat: 40_000, updatedAt: '2025-03-01T10:00:00Z' }));
    await waitFor(async () => expect(await amountOf('Total')).toBe('NOK 500.00'));
  });
});
