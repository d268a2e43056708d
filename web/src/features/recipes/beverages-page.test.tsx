import type { CellarWine, Recipe, RecipeList } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { cellarFixture, cellarOwnerSession, cellarWineFixture } from '../cellar/test-fixtures';
import { BeveragesPage } from './beverages-page';

vi.mock(import('../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);
const remove = vi.mocked(api.delete);
const BASE = '/wine-cellars/users/u1';

/** A 70 cl gin at 300 kr without VAT: 4 cl costs 17.14 kr (1714.29 øre, unrounded). */
const GIN = cellarWineFixture({
  id: 'gin',
  wineName: 'Tanqueray',
  producerName: undefined,
  vintage: null,
  wineDisplayName: 'Tanqueray Gin',
  mainCategoryId: 'spirits',
  bottleSize: 0.7,
  purchasePriceWovat: 30_000,
});
const VERMOUTH = cellarWineFixture({
  id: 'vermouth',
  wineDisplayName: 'Cocchi Vermouth di Torino',
  mainCategoryId: 'aromatized',
  bottleSize: 0.75,
  purchasePriceWovat: undefined,
});

function recipe(overrides: Partial<Recipe> = {}): Recipe {
  return {
    id: 'r1',
    name: 'Gin and tonic',
    ingredients: [
      { kind: 'wine', ownWineId: 'gin', amountCl: 4, displayName: 'Tanqueray Gin', cost: 1714 },
      {
        kind: 'other',
        name: 'Tonic',
        amount: 20,
        unit: 'cl',
        costPerUnit: 10,
        displayName: 'Tonic',
        cost: 200,
      },
    ],
    cost: 1914,
    sellingPrice: 15_000,
    vatPercentage: 25,
    sellBuyRatio: 6.27,
    costPercentage: 15.9,
    includeInPos: true,
    posName: 'G&T',
    currency: 'NOK',
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

function serve(recipes: Recipe[], wines: CellarWine[] = [GIN, VERMOUTH]) {
  get.mockImplementation(async (path: string, options?: { query?: Record<string, unknown> }) => {
    if (path === `${BASE}/recipes`)
      return { rows: recipes, count: recipes.length, currency: 'NOK' } satisfies RecipeList;
    if (path === `${BASE}/cellars`) return { rows: [cellarFixture()], count: 1 };
    if (path === `${BASE}/own-wines`) {
      const styles = options?.query?.mainCategoryId as string[] | undefined;
      const rows = styles ? wines.filter((wine) => styles.includes(wine.mainCategoryId)) : wines;
      return {
        rows,
        count: rows.length,
        totals: { wines: 0, bottles: 0, purchaseValue: 0, sellingValue: 0 },
      };
    }
    const one = wines.find((wine) => path === `${BASE}/own-wines/${wine.id}`);
    if (one) return one;
    throw new Error(`unexpected GET ${path}`);
  });
}

async function pickWine(name: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Add wine or spirit' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

/** A figure's text, Intl's no-break spaces read as spaces. */
const figure = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\s/g, ' ');

describe('the beverages page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    act(() => startSession(cellarOwnerSession()));
  });

  afterEach(() => {
    act(() => endSession());
    queryClient.clear();
  });

  it('lists recipes with their cost, price, cost percentage, ratio and till badge', async () => {
    serve([recipe()]);
    renderWithProviders(<BeveragesPage />, { route: '/wine-cellar/beverages' });
    const table = await screen.findByRole('table');
    const row = within(table).getByTestId('recipe-row');
    expect(within(row).getByText('Gin and tonic')).toBeTruthy();
    expect(within(row).getByText('NOK 19.14')).toBeTruthy();
    expect(within(row).getByText('NOK 150.00')).toBeTruthy();
    expect(within(row).getByText('15.9%')).toBeTruthy();
    expect(within(row).getByText('6.27')).toBeTruthy();
    expect(within(row).getByText('In POS')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search recipes' }), {
      target: { value: 'negroni' },
    });
    expect(screen.getByText('No recipe matches the search')).toBeTruthy();
  });

  it('builds a recipe from a wine and another ingredient, with live figures, and sends it', async () => {
    serve([]);
    post.mockResolvedValue(recipe({ id: 'r2' }));
    renderWithProviders(<BeveragesPage />, { route: '/wine-cellar/beverages' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create the first recipe' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recipe' });

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Gin fizz' },
    });
    // The VAT starts at the cellar's VAT for spirits.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'VAT' })).toHaveProperty('value', '25'),
    );

    await pickWine('Tanqueray Gin');
    expect(within(dialog).getAllByTestId('recipe-ingredient')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '4');
    expect(figure('recipe-ingredient-cost')).toBe('NOK 17.14');
    expect(figure('recipe-cost')).toBe('NOK 17.14');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add other ingredient' }));
    const other = within(dialog).getAllByTestId('recipe-ingredient')[1] as HTMLElement;
    fireEvent.change(within(other).getByRole('textbox', { name: 'Ingredient' }), {
      target: { value: 'Lemon' },
    });
    fireEvent.change(within(other).getByRole('textbox', { name: 'Amount' }), { target: { value: '0.5' } });
    fireEvent.change(within(other).getByRole('textbox', { name: 'Unit' }), { target: { value: 'pcs' } });
    fireEvent.change(within(other).getByRole('textbox', { name: 'Cost per unit ex VAT' }), {
      target: { value: '6' },
    });
    // 1714.29 + 300 øre, rounded once.
    expect(figure('recipe-cost')).toBe('NOK 20.14');
    expect(figure('recipe-cost-percentage')).toBe('–');

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Selling price incl. VAT' }), {
      target: { value: '125' },
    });
    // 125 kr with 25 % VAT is 100 kr without: 20.14 % cost, ratio 4.97, 79.86 kr margin.
    expect(figure('recipe-cost-percentage')).toBe('20.1%');
    expect(figure('recipe-ratio')).toBe('4.97');
    expect(figure('recipe-margin')).toBe('NOK 79.86');

    fireEvent.click(within(dialog).getByRole('switch', { name: 'Include in POS' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /POS name/ }), {
      target: { value: 'Gin fizz' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save recipe' }));

    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`${BASE}/recipes`, {
        body: {
          name: 'Gin fizz',
          ingredients: [
            { kind: 'wine', ownWineId: 'gin', amountCl: 4 },
            { kind: 'other', name: 'Lemon', amount: 0.5, unit: 'pcs', costPerUnit: 600 },
          ],
          sellingPrice: 12_500,
          vatPercentage: 25,
          includeInPos: true,
          posName: 'Gin fizz',
        },
      }),
    );
  });

  it('counts the POS name and says when it is longer than the till takes', async () => {
    serve([]);
    renderWithProviders(<BeveragesPage />, { route: '/wine-cellar/beverages' });
    fireEvent.click(await screen.findByRole('button', { name: 'New recipe' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recipe' });
    const posName = within(dialog).getByRole('textbox', { name: /POS name/ });
    fireEvent.change(posName, { target: { value: 'Gin and tonic' } });
    expect(within(dialog).getByTestId('pos-name-count').textContent).toBe('13/40');
    expect(within(dialog).queryByText('At most 40 characters')).toBeNull();
    fireEvent.change(posName, { target: { value: 'x'.repeat(41) } });
    expect(within(dialog).getByTestId('pos-name-count').textContent).toBe('41/40');
    expect(await within(dialog).findByText('At most 40 characters')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save recipe' }));
    expect(post).not.toHaveBeenCalled();
  });

  it('edits a recipe from its wines as they are now, warns of a wine without a purchase price and sends the change', async () => {
    serve([
      recipe({
        ingredients: [
          ...recipe().ingredients,
          {
            kind: 'wine',
            ownWineId: 'vermouth',
            amountCl: 2,
            displayName: 'Cocchi Vermouth di Torino',
            cost: null,
          },
        ],
        cost: null,
        sellBuyRatio: null,
        costPercentage: null,
      }),
    ]);
    patch.mockResolvedValue(recipe());
    renderWithProviders(<BeveragesPage />, { route: '/wine-cellar/beverages' });
    expect(await screen.findAllByText('Cost unknown: a wine has no purchase price')).not.toHaveLength(0);
    fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'Gin and tonic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit recipe' });
    expect(await within(dialog).findByText(/No purchase price: cost unknown/)).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: 'Set the price of Cocchi Vermouth di Torino' })
        .getAttribute('href'),
    ).toBe('/wine-cellar/wines?q=Cocchi%20Vermouth%20di%20Torino');
    expect(figure('recipe-cost')).toBe('–');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Cocchi Vermouth di Torino' }));
    await waitFor(() => expect(figure('recipe-cost')).toBe('NOK 19.14'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Tonic up' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Selling price incl. VAT' }), {
      target: { value: '100' },
    });
    expect(figure('recipe-cost-percentage')).toBe('23.9%');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save recipe' }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(patch.mock.calls[0]?.[0]).toBe(`${BASE}/recipes/r1`);
    expect(patch.mock.calls[0]?.[1]).toEqual({
      body: {
        name: 'Gin and tonic',
        ingredients: [
          { kind: 'other', name: 'Tonic', amount: 20, unit: 'cl', costPerUnit: 10 },
          { kind: 'wine', ownWineId: 'gin', amountCl: 4 },
        ],
        sellingPrice: 10_000,
        vatPercentage: 25,
        includeInPos: true,
        posName: 'G&T',
      },
    });
  });

  it('shows the duties inside each wine’s cost and the recipe’s, following the amount; an unknown alcohol says so', async () => {
    // A 70 cl gin at 40 %: 260.93 kr of duties in its 300 kr; 4 cl hold 14.91 kr of them.
    const withDuties = recipe({
      ingredients: [
        { ...(recipe().ingredients[0] as Recipe['ingredients'][number]), duties: 1491, bottleDuties: 26_093 },
        {
          kind: 'wine',
          ownWineId: 'vermouth',
          amountCl: 2,
          displayName: 'Cocchi Vermouth di Torino',
          cost: null,
          duties: null,
          dutiesMissing: 'alcohol',
        },
      ],
      cost: null,
      duties: null,
      dutiesAsOf: { date: '2026-11-29', ratesAsOf: '2025-01-01', stale: true },
    });
    serve([
      withDuties,
      recipe({
        id: 'r3',
        name: 'Neat gin',
        duties: 1491,
        dutiesAsOf: withDuties.dutiesAsOf,
        ingredients: withDuties.ingredients.slice(0, 1),
      }),
    ]);
    renderWithProviders(<BeveragesPage />, { route: '/wine-cellar/beverages' });
    const table = await screen.findByRole('table');
    // The list says once which rates its duties are from.
    expect(screen.getByTestId('recipe-duties-stale').textContent).toBe(
      '2026 rates not loaded — using the latest from 2025.',
    );
    const rows = within(table).getAllByTestId('recipe-row');
    const neat = rows.find((row) => row.textContent?.includes('Neat gin')) as HTMLElement;
    expect(within(neat).getByTestId('recipe-duties').textContent?.replace(/\s/g, ' ')).toBe(
      'of which duties NOK 14.91',
    );
    const mixed = rows.find((row) => row.textContent?.includes('Gin and tonic')) as HTMLElement;
    expect(within(mixed).getByTestId('recipe-duties').textContent).toBe('duties unknown: alcohol unknown');

    fireEvent.click(within(table).getByRole('button', { name: 'Neat gin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit recipe' });
    await waitFor(() => expect(figure('recipe-ingredient-duties')).toBe('of which duties NOK 14.91'));
    expect(figure('recipe-cost-duties')).toBe('NOK 14.91');
    // 6 cl: 260.93 × 6 / 70 = 22.37; the cost is still the purchase price's share (duties inside it).
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount' }), { target: { value: '6' } });
    expect(figure('recipe-ingredient-duties')).toBe('of which duties NOK 22.37');
    expect(figure('recipe-cost')).toBe('NOK 25.71');
    expect(within(dialog).getByTestId('recipe-duties-stale').textContent).toBe(
      '2026 rates not loaded — using the latest from 2025.',
    );
    expect(within(dialog).queryByTestId('below-duties')).toBeNull();
  });

  it('warns when a wine’s cost is below its duties: its purchase price was entered without them', async () => {
    // 400 kr of duties in a bottle bought at 300 kr without VAT: 4 cl cost 17.14 kr, their duties 22.86 kr.
    const [gin, tonicLine] = recipe().ingredients as [
      Recipe['ingredients'][number],
      Recipe['ingredients'][number],
    ];
    serve([
      recipe({ ingredients: [{ ...gin, duties: 2286, bottleDuties: 40_000 }, tonicLine], duties: 2286 }),
    ]);
    renderWithProviders(<BeveragesPage />, { route: '/wine-cellar/beverages' });
    fireEvent.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Gin and tonic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit recipe' });
    expect((await within(dialog).findByTestId('below-duties')).textContent).toContain(
      'Its purchase price is below its duties: check that it was entered with duties.',
    );
  });

  it('deletes a recipe once the deletion is confirmed', async () => {
    serve([recipe()]);
    remove.mockResolvedValue(undefined);
    renderWithProviders(<BeveragesPage />, { route: '/wine-cellar/beverages' });
    fireEvent.click(
      await within(await screen.findByRole('table')).findByRole('button', { name: 'Gin and tonic' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit recipe' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete recipe?' });
    expect(within(confirm).getByText(/Gin and tonic will be deleted/)).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete recipe' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(`${BASE}/recipes/r1`));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
