import type {
  Cellar,
  CellarLocation,
  CellarWine,
  PriceApplyResult,
  PricePreview,
  PriceRestoreResult,
  PriceReviewDecision,
  PriceReviewList,
  PriceReviewOutcome,
  PriceRuleSet,
  PriceRuleSetInput,
  PriceRuleSetUpdate,
  WineListCategory,
} from '@kork/shared';
import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '../../../lib/api-client';
import { listCategories } from '../../cellar/api/categories';
import { cellarKeys } from '../../cellar/api/cellar-queries';
import { getCellarWine } from '../../cellar/api/get-cellar-wine';
import { listCellarWines } from '../../cellar/api/list-cellar-wines';
import { listLocations } from '../../cellar/api/locations';
import { getCellars } from '../../cellar/settings/api/get-cellars';

/**
 * Price rules and price reviews (`/api/wine-cellars/users/{id}/price-rules…`, `…/price-reviews`): plain
 * calls and the hooks the price automator and the cellar home use. Applying prices or deciding reviews
 * changes selling prices, so both refresh the rule sets, the reviews, wine lists and cached wine searches.
 */

const owner = (userId: string) => `/wine-cellars/users/${encodeURIComponent(userId)}`;
const rules = (userId: string) => `${owner(userId)}/price-rules`;
const rule = (userId: string, id: string) => `${rules(userId)}/${encodeURIComponent(id)}`;
const reviews = (userId: string) => `${owner(userId)}/price-reviews`;

/** A preview or apply of a whole cellar can take longer than an ordinary call. */
const LONG_CALL_MS = 60_000;

export const pricingKeys = {
  all: (userId: string) => ['pricing', userId] as const,
  ruleSets: (userId: string) => ['pricing', userId, 'rule-sets'] as const,
  reviews: (userId: string) => ['pricing', userId, 'reviews'] as const,
  cellar: (userId: string) => ['pricing', userId, 'cellar'] as const,
  categories: (userId: string) => ['pricing', userId, 'categories'] as const,
  locations: (userId: string) => ['pricing', userId, 'locations'] as const,
  wines: (userId: string, term: string) => ['pricing', userId, 'wines', term] as const,
  wine: (userId: string, id: string) => ['pricing', userId, 'wine', id] as const,
};

export function listRuleSets(userId: string, signal?: AbortSignal): Promise<Page<PriceRuleSet>> {
  return api.get<Page<PriceRuleSet>>(rules(userId), { signal });
}

export function createRuleSet(userId: string, input: PriceRuleSetInput): Promise<PriceRuleSet> {
  return api.post<PriceRuleSet>(rules(userId), { body: input });
}

export function updateRuleSet(
  userId: string,
  id: string,
  changes: PriceRuleSetUpdate,
): Promise<PriceRuleSet> {
  return api.patch<PriceRuleSet>(rule(userId, id), { body: changes });
}

export function deleteRuleSet(userId: string, id: string): Promise<void> {
  return api.delete<void>(rule(userId, id));
}

export function previewRuleSet(userId: string, id: string, signal?: AbortSignal): Promise<PricePreview> {
  return api.post<PricePreview>(`${rule(userId, id)}/preview`, { signal, timeoutMs: LONG_CALL_MS });
}

export function applyRuleSet(userId: string, id: string): Promise<PriceApplyResult> {
  return api.post<PriceApplyResult>(`${rule(userId, id)}/apply`, {
    body: { confirm: true },
    timeoutMs: LONG_CALL_MS,
  });
}

/** Sets again the prices a wine had before an apply (its history entry): a new price change. */
export function restoreAppliedPrice(userId: string, historyEntryId: string): Promise<PriceRestoreResult> {
  return api.post<PriceRestoreResult>(`${owner(userId)}/price-restores`, { body: { historyEntryId } });
}

export function listReviews(userId: string, signal?: AbortSignal): Promise<PriceReviewList> {
  return api.get<PriceReviewList>(reviews(userId), { signal });
}

export function decideReviews(userId: string, decision: PriceReviewDecision): Promise<PriceReviewOutcome> {
  return api.post<PriceReviewOutcome>(reviews(userId), { body: decision, timeoutMs: LONG_CALL_MS });
}

// — Hooks —

export function useRuleSets(userId: string) {
  return useQuery({
    queryKey: pricingKeys.ruleSets(userId),
    queryFn: ({ signal }) => listRuleSets(userId, signal),
  });
}

export function useReviews(userId: string) {
  return useQuery({
    queryKey: pricingKeys.reviews(userId),
    queryFn: ({ signal }) => listReviews(userId, signal),
  });
}

/** The cellar's base currency: the currency every rule amount is in. */
export function usePricingCellar(userId: string) {
  return useQuery<Cellar | null>({
    queryKey: pricingKeys.cellar(userId),
    queryFn: ({ signal }) => getCellars(userId, signal).then((page) => page.rows[0] ?? null),
    staleTime: 60_000,
  });
}

export function usePricingCategories(userId: string) {
  return useQuery<WineListCategory[]>({
    queryKey: pricingKeys.categories(userId),
    queryFn: ({ signal }) => listCategories(userId, signal).then((page) => page.rows),
    staleTime: 60_000,
  });
}

export function usePricingLocations(userId: string) {
  return useQuery<CellarLocation[]>({
    queryKey: pricingKeys.locations(userId),
    queryFn: ({ signal }) => listLocations(userId, signal).then((page) => page.rows),
    staleTime: 60_000,
  });
}

function refreshRuleSets(client: QueryClient, userId: string) {
  return client.invalidateQueries({ queryKey: pricingKeys.ruleSets(userId) });
}

/** Selling prices changed: the reviews, wine lists and every wine search cached by the other pages. */
export function refreshPrices(client: QueryClient, userId: string) {
  for (const key of ['wine-lists', 'sale-wines', 'order-wines', 'wine-list-search']) {
    void client.invalidateQueries({ queryKey: [key, userId] });
  }
  return client.invalidateQueries({ queryKey: pricingKeys.reviews(userId) });
}

export function useSaveRuleSet(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PriceRuleSetInput }) =>
      id
        ? updateRuleSet(userId, id, {
            ...input,
            // A list emptied in the editor clears the exclusion.
            excludeCategoryIds: input.excludeCategoryIds ?? null,
            excludeWineIds: input.excludeWineIds ?? null,
          })
        : createRuleSet(userId, input),
    onSuccess: () => refreshRuleSets(client, userId),
  });
}

export function useSetDefaultRuleSet(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => updateRuleSet(userId, id, { isDefault: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: pricingKeys.reviews(userId) });
      return refreshRuleSets(client, userId);
    },
  });
}

export function useDeleteRuleSet(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteRuleSet(userId, id),
    onSuccess: () => refreshRuleSets(client, userId),
  });
}

export function usePreview(userId: string) {
  return useMutation({ mutationFn: (id: string) => previewRuleSet(userId, id) });
}

export function useApply(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => applyRuleSet(userId, id),
    onSuccess: () => refreshPrices(client, userId),
  });
}

export function useDecideReviews(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: PriceReviewDecision) => decideReviews(userId, decision),
    onSettled: () => refreshPrices(client, userId),
  });
}

/** Wines a rule set may leave out: the cellar's wines the search matches (30 at most). */
export function useExcludableWines(userId: string, term: string, enabled: boolean) {
  return useQuery({
    queryKey: pricingKeys.wines(userId, term),
    queryFn: ({ signal }) =>
      listCellarWines(
        userId,
        { search: term || undefined, resultsPerPage: 30, page: 1, sortColumn: 'wineDisplayName' },
        signal,
      ).then((page) => page.rows),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** The wines a saved set leaves out, by id (their names for the editor). */
export function useExcludedWines(userId: string, ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: pricingKeys.wine(userId, id),
      queryFn: ({ signal }: { signal: AbortSignal }): Promise<CellarWine> =>
        getCellarWine(userId, id, signal),
      staleTime: 60_000,
    })),
  });
}

/** Restores a wine's price from before an apply; the wine's prices changed, so they are refreshed. */
export function useRestoreAppliedPrice(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (historyEntryId: string) => restoreAppliedPrice(userId, historyEntryId),
    onSuccess: () => {
      // The wine, its history and the cellar's figures changed with its price.
      void client.invalidateQueries({ queryKey: cellarKeys.all(userId) });
      return refreshPrices(client, userId);
    },
  });
}
