import type { Cellar, CellarWine, Recipe, RecipeInput, RecipeList, RecipeUpdate } from '@kork/shared';
import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getCellarWine } from '../../cellar/api/get-cellar-wine';
import { listCellarWines } from '../../cellar/api/list-cellar-wines';
import { getCellars } from '../../cellar/settings/api/get-cellars';

/**
 * The cellar's beverage recipes (`/api/wine-cellars/users/{id}/recipes…`): plain calls and the hooks the
 * page uses, and the cellar wines a recipe pours (their purchase price and bottle size give the live cost).
 */

const base = (userId: string) => `/wine-cellars/users/${encodeURIComponent(userId)}/recipes`;
const one = (userId: string, recipeId: string) => `${base(userId)}/${encodeURIComponent(recipeId)}`;

export const recipeKeys = {
  all: (userId: string) => ['recipes', userId] as const,
  list: (userId: string) => ['recipes', userId, 'list'] as const,
  wine: (userId: string, wineId: string) => ['recipe-wines', userId, 'one', wineId] as const,
  pick: (userId: string, term: string) => ['recipe-wines', userId, 'pick', term] as const,
  cellar: (userId: string) => ['recipe-cellar', userId] as const,
};

export function listRecipes(userId: string, signal?: AbortSignal): Promise<RecipeList> {
  return api.get<RecipeList>(base(userId), { signal });
}

export function createRecipe(userId: string, input: RecipeInput): Promise<Recipe> {
  return api.post<Recipe>(base(userId), { body: input });
}

export function updateRecipe(userId: string, recipeId: string, update: RecipeUpdate): Promise<Recipe> {
  return api.patch<Recipe>(one(userId, recipeId), { body: update });
}

export function deleteRecipe(userId: string, recipeId: string): Promise<void> {
  return api.delete<void>(one(userId, recipeId));
}

// — Hooks —

export function useRecipes(userId: string) {
  return useQuery({
    queryKey: recipeKeys.list(userId),
    queryFn: ({ signal }) => listRecipes(userId, signal),
  });
}

function refresh(client: QueryClient, userId: string) {
  return client.invalidateQueries({ queryKey: recipeKeys.all(userId) });
}

export function useSaveRecipe(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: RecipeInput }) =>
      id ? updateRecipe(userId, id, body) : createRecipe(userId, body),
    onSuccess: () => refresh(client, userId),
  });
}

export function useDeleteRecipe(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recipeId: string) => deleteRecipe(userId, recipeId),
    onSuccess: () => refresh(client, userId),
  });
}

/** The cellar's settings a recipe needs: its base currency and VAT per style (spirits is a recipe's default). */
export function useRecipeCellar(userId: string) {
  return useQuery<Cellar | null>({
    queryKey: recipeKeys.cellar(userId),
    queryFn: ({ signal }) => getCellars(userId, signal).then((page) => page.rows[0] ?? null),
    staleTime: 60_000,
  });
}

/** The wines of a recipe being edited, one read each (a recipe has at most 20 ingredients). */
export function useIngredientWines(userId: string, wineIds: readonly string[]) {
  return useQueries({
    queries: wineIds.map((wineId) => ({
      queryKey: recipeKeys.wine(userId, wineId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getCellarWine(userId, wineId, signal),
      staleTime: 30_000,
    })),
  });
}

/** Wines to pick from: spirits first, then everything else the search matches. */
export async function pickableWines(
  userId: string,
  term: string,
  signal?: AbortSignal,
): Promise<{ spirits: CellarWine[]; others: CellarWine[] }> {
  const search = term || undefined;
  const [spirits, all] = await Promise.all([
    listCellarWines(
      userId,
      { search, mainCategoryId: ['spirits'], resultsPerPage: 30, page: 1, sortColumn: 'wineDisplayName' },
      signal,
    ),
    listCellarWines(userId, { search, resultsPerPage: 30, page: 1, sortColumn: 'wineDisplayName' }, signal),
  ]);
  const spiritIds = new Set(spirits.rows.map((wine) => wine.id));
  return { spirits: spirits.rows, others: all.rows.filter((wine) => !spiritIds.has(wine.id)) };
}

export function usePickableWines(userId: string, term: string, enabled: boolean) {
  return useQuery({
    queryKey: recipeKeys.pick(userId, term),
    queryFn: ({ signal }) => pickableWines(userId, term, signal),
    enabled,
    placeholderData: (previous) => previous,
  });
}
