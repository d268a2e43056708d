import type { CellarWine } from '@kork/shared';
import { getWines } from '../../catalog/wine-lookup';
import { type CellarSnapshot, cellarSnapshot, rowLimit, wineRef, winesByName } from './cellar-rows';
import { foodsOf } from './food-words';
import type { PairWithFoodData, PairWithFoodRow } from './outputs';
import type { AssistantTool } from './tool';

/**
 * The catalogue's food pairings of the cellar's catalogue wines, read once per snapshot (a version of the
 * cellar) and kept with it; a failed read is not kept.
 */
function pairingsOf(snapshot: CellarSnapshot): Promise<Map<string, string[]>> {
  const held = snapshot.derived(
    'assistant:food-pairings',
    () => ({}) as { read?: Promise<Map<string, string[]>> },
  );
  held.read ??= (async () => {
    const ids = snapshot.wines.flatMap((wine) => (wine.wineId ? [wine.wineId] : []));
    const wines = await getWines(ids);
    return new Map([...wines].map(([id, wine]) => [id, wine.foodPairings ?? []]));
  })().catch((error: unknown) => {
    held.read = undefined;
    throw error;
  });
  return held.read;
}

export const pairWithFood: AssistantTool<'pair_with_food'> = {
  name: 'pair_with_food',
  description:
    "Wines in stock in the user's cellar whose catalogue food pairings match a dish (beef, lamb, game, fowl, " +
    'pork, chicken, fish, shellfish, cheese, dessert, vegetables, aperitif; English or Norwegian). ' +
    '`matchedFoods` says what the dish was understood as; empty means the dish is not one the catalogue pairs.',
  async run(context, input) {
    const snapshot = await cellarSnapshot(context.userId);
    const matchedFoods = foodsOf(input.food);
    const wanted = new Set(matchedFoods);
    const candidates = winesByName(snapshot).filter((wine) => wine.quantity > 0 && wine.wineId);
    const catalogue = wanted.size > 0 ? await pairingsOf(snapshot) : new Map<string, string[]>();
    const found: { wine: CellarWine; pairings: string[] }[] = [];
    for (const wine of candidates) {
      const pairings = catalogue.get(wine.wineId as string) ?? [];
      const matching = pairings.filter((food) => wanted.has(food));
      if (matching.length > 0) found.push({ wine, pairings: matching });
    }
    // The wines that pair with more of the dish first, then more bottles; the name order otherwise.
    found.sort((a, b) => b.pairings.length - a.pairings.length || b.wine.quantity - a.wine.quantity);
    const rows: PairWithFoodRow[] = found.slice(0, rowLimit(input.limit)).map(({ wine, pairings }) => ({
      ...wineRef(wine),
      bottles: wine.quantity,
      category: wine.mainCategoryId,
      pairings,
    }));
    const data: PairWithFoodData = { food: input.food, matchedFoods, count: found.length, rows };
    return { data: { ...data } };
  },
};
