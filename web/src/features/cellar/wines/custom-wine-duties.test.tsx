import { type DutyRatesResponse, datedRateRows } from '@kork/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import rates from '../../../../../functions/src/duties/duty-rates.json';
import { i18n } from '../../../i18n/i18n';
import { queryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test/render';
import { getWine } from '../../wines/api/get-wine';
import { createCellarWine } from '../api/create-cellar-wine';
import { listCellarWines } from '../api/list-cellar-wines';
import { getDutyRates } from '../api/wine-cost';
import { cellarWineFixture } from '../test-fixtures';
import { CatalogueWineForm } from './catalogue-wine-form';
import { CustomWineForm } from './custom-wine-form';

vi.mock('../api/create-cellar-wine', () => ({ createCellarWine: vi.fn() }));
vi.mock('../../wines/api/get-wine', () => ({ getWine: vi.fn() }));
vi.mock('../api/list-cellar-wines', () => ({ listCellarWines: vi.fn() }));
vi.mock('../api/wine-cost', () => ({ getDutyRates: vi.fn(), getWineCost: vi.fn() }));

const create = vi.mocked(createCellarWine);

/** The shipped rates in force on a day in 2025. */
const TODAY: DutyRatesResponse = {
  date: '2025-06-01',
  rows: datedRateRows(rates as Parameters<typeof datedRateRows>[0]).filter(
    (row) => row.validFrom <= '2025-06-01' && (row.validTo === null || '2025-06-01' <= row.validTo),
  ),
};

function renderForm() {
  renderWithProviders(
    <CustomWineForm
      userId="u1"
      currency="NOK"
      locations={[]}
      defaultLocation={undefined}
      onAdded={vi.fn()}
    />,
  );
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const type = (name: string | RegExp, value: string) => fireEvent.change(field(name), { target: { value } });

describe('a custom wine’s price typed without duties', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    queryClient.clear();
    vi.mocked(getDutyRates).mockResolvedValue(TODAY);
    create.mockResolvedValue(cellarWineFixture({ source: 'CUSTOM' }));
  });

  it('asks for the alcohol first, then shows and sends the price with duties', async () => {
    renderForm();
    type(/^Wine name/, 'Husets røde');
    type(/^Purchase price ex VAT/, '150');
    const includes = screen.getByRole('switch', { name: /Price includes duties/ });
    expect((includes as HTMLInputElement).checked).toBe(true);
    fireEvent.click(includes);
    expect(await screen.findByText('Enter the alcohol first: the duties depend on it.')).toBeTruthy();
    type(/^Alcohol \(% vol\)/, '13');
    // 150.00 + 13 % × 0.75 l × NOK 5.29 (51.58) + packaging taxes of a single-use glass bottle.
    const status = await screen.findByText(/^With duties: NOK/);
    const shown = Number(status.textContent?.replace(/[^\d.]/g, ''));
    expect(shown).toBeGreaterThan(201.58);
    expect(field(/^Purchase price ex VAT/)).toHaveProperty('value', '150');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cellar' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    const body = create.mock.calls[0]?.[1] as { purchasePriceWovat: number; alcohol: number };
    expect(body.alcohol).toBe(13);
    expect(body.purchasePriceWovat).toBe(Math.round(shown * 100));
  });
});

describe('a catalogue wine’s price typed without duties', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    queryClient.clear();
    vi.mocked(getDutyRates).mockResolvedValue(TODAY);
    vi.mocked(getWine).mockResolvedValue({
      id: 'cat-1',
      alcohol: 13,
      packaging: 'Engangsflasker av glass',
    } as Awaited<ReturnType<typeof getWine>>);
    create.mockResolvedValue(cellarWineFixture({ wineId: 'cat-1' }));
    vi.mocked(listCellarWines).mockResolvedValue({
      rows: [],
      count: 0,
      totals: { wines: 0, bottles: 0, purchaseValue: 0, sellingValue: 0 },
    });
  });

  it('takes the catalogue’s alcohol without asking, and keeps it the catalogue’s', async () => {
    renderWithProviders(
      <CatalogueWineForm
        userId="u1"
        currency="NOK"
        locations={[]}
        defaultLocation={undefined}
        onAdded={vi.fn()}
        initialWine={{
          id: 'cat-1',
          name: 'Barolo Cannubi',
          producer: 'Brezza',
          vintage: 2017,
          bottleSize: 0.75,
          mainCategoryId: 'red',
          grapes: [],
          rating: 93,
          expertRating: 93,
          expertCount: 1,
          communityRating: 90,
          communityCount: 4,
        }}
      />,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /^Purchase price ex VAT/ }), {
      target: { value: '150' },
    });
    fireEvent.click(screen.getByRole('switch', { name: /Price includes duties/ }));
    // 150.00 + 13 % × 0.75 l × NOK 5.29 (51.58) + 6.71 + 1.38 for a single-use glass bottle.
    expect(await screen.findByText(/^With duties: NOK\s?209\.67$/)).toBeTruthy();
    expect(screen.queryByText('Enter the alcohol first: the duties depend on it.')).toBeNull();
    expect(field(/^Alcohol \(% vol\)/).getAttribute('placeholder')).toBe('13% in the catalogue');
    fireEvent.click(screen.getByRole('button', { name: /Add to cellar/ }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    const body = create.mock.calls[0]?.[1] as { purchasePriceWovat: number; alcohol?: number };
    expect(body.purchasePriceWovat).toBe(20_967);
    expect(body.alcohol).toBeUndefined();
  });
});
