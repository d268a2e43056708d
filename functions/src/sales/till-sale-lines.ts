/**
 * What a till sale takes from its wines (docs/pos.md): the sale's lines for each till line, with the
 * wines' stock as the lines leave it. Bottles sold leave stock, fullest location first; glasses and
 * recipes pour from each wine's open bottle (shared/src/pour-math.ts); what the stock could not give is
 * the line's shortfall, the stock stopping at 0. Pure: the writes are till-sale-writes.ts.
 */
import {
  bottleCentiCl,
  centiCl,
  clOf,
  type MainCategory,
  type PourStock,
  pour,
  pourCost,
  type RecipeIngredientInput,
  type SaleLine,
  shortfallBottles,
  takeBottles,
  wineDisplayName,
} from '@kork/shared';
import { type CellarWineRecord, ownOf, placementList } from '../cellar/kernel/wine-records';

/** A recipe as a till sale pours it. */
export interface TillRecipe {
  id: string;
  name: string;
  vatPercentage: number;
  ingredients: readonly RecipeIngredientInput[];
}

/** A till line whose product is known: a wine's bottle or glass, or a recipe. */
export interface TillLine {
  /** The till's product id, as sent. */
  productId: string;
  product: { kind: 'bottle' | 'glass'; ownWineId: string } | { kind: 'recipe'; recipe: TillRecipe };
  quantity: number;
  /** Per bottle, glass or serving, VAT included. */
  unitPrice: number;
}

/** A wine as the lines of one sale change it, in order. */
export interface WineState {
  before: CellarWineRecord;
  stock: PourStock;
  placements: Record<string, number>;
  bottle: number;
  glass: number;
}

const nameOf = (record: CellarWineRecord) =>
  wineDisplayName({
    wineName: record.wineName,
    producerName: record.producerName,
    vintage: record.vintage ?? null,
  });

/** Bottles that left stock from one location (`null`: Uncategorized). */
type Taken = NonNullable<SaleLine['placements']>[number];

/**
 * Takes bottles that left stock out of the placements (changed in place), fullest location first, then
 * the next fullest; answers how many came from each, in that order. Bottles beyond what the placements
 * hold are counted with the last location.
 */
function leave(placements: Record<string, number>, units: number): Taken[] {
  const taken: Taken[] = [];
  let remaining = units;
  for (const { locationId, quantity } of placementList(placements)) {
    if (remaining === 0) break;
    const take = Math.min(quantity, remaining);
    placements[locationId ?? '_'] = quantity - take;
    taken.push({ locationId, bottles: take });
    remaining -= take;
  }
  const last = taken.at(-1);
  if (last) last.bottles += remaining;
  return taken;
}

/** The wine's stock as the pour math sees it. */
function stockOf(record: CellarWineRecord): PourStock {
  const open = (ownOf(record) as { openBottleCl?: number }).openBottleCl;
  return open === undefined
    ? { quantity: record.quantity }
    : { quantity: record.quantity, openCentiCl: centiCl(open) };
}

/** The lines of the sale for one till line, changing the wines' states (exported for its unit test). */
export function linesOf(
  line: TillLine,
  wines: Map<string, WineState>,
  vats: Partial<Record<MainCategory, number>>,
): SaleLine[] {
  const base = (state: WineState) => {
    const record = state.before;
    return {
      ownWineId: record.id,
      wineDisplayName: nameOf(record),
      mainCategoryId: record.mainCategoryId,
      country: record.country,
      vatPercentage: vats[record.mainCategoryId as MainCategory] ?? 0,
    };
  };
  const pourLine = (state: WineState, amount: number) => {
    const result = pour(state.stock, amount, state.bottle);
    state.stock = result.stock;
    // A pour's glasses do not divide by location: a line whose bottles came from more than one lists them.
    const taken = result.bottlesOut > 0 ? leave(state.placements, result.bottlesOut) : [];
    const price = ownOf(state.before).purchasePriceWovat;
    const shortfall = shortfallBottles(result.shortCentiCl, state.bottle);
    return {
      units: result.bottlesOut,
      locationId: taken[0]?.locationId ?? null,
      ...(taken.length > 1 ? { placements: taken } : {}),
      pouredCl: clOf(amount),
      ...(price === undefined ? {} : { lineCost: pourCost(price, amount, state.bottle) }),
      ...(shortfall > 0 ? { shortfall } : {}),
    };
  };

  const { product } = line;
  if (product.kind === 'bottle') {
    const state = wines.get(product.ownWineId) as WineState;
    const taken = takeBottles(state.stock, line.quantity, state.bottle);
    state.stock = taken.stock;
    const unitCost = ownOf(state.before).purchasePriceWovat;
    // One line per location the bottles left from (as a sale in the app); the bottles the stock lacked
    // are counted on the last.
    const from = leave(state.placements, taken.taken);
    if (from.length === 0) from.push({ locationId: null, bottles: taken.taken });
    const last = from.length - 1;
    return from.map(({ locationId, bottles }, index) => {
      const units = index === last ? bottles + line.quantity - taken.taken : bottles;
      return {
        ...base(state),
        units,
        unitPrice: line.unitPrice,
        byGlass: false,
        locationId,
        ...(unitCost === undefined ? {} : { unitCost }),
        total: units * line.unitPrice,
        ...(index === last && taken.short > 0 ? { shortfall: taken.short } : {}),
      };
    });
  }
  if (product.kind === 'glass') {
    const state = wines.get(product.ownWineId) as WineState;
    return [
      {
        ...base(state),
        kind: 'glass',
        servings: line.quantity,
        unitPrice: line.unitPrice,
        byGlass: true,
        total: line.quantity * line.unitPrice,
        ...pourLine(state, state.glass * line.quantity),
      },
    ];
  }
  const { recipe } = product as Extract<TillLine['product'], { kind: 'recipe' }>;
  const lines: SaleLine[] = [];
  let otherCost = 0;
  for (const ingredient of recipe.ingredients) {
    if (ingredient.kind === 'other') {
      otherCost += Math.round(ingredient.amount * ingredient.costPerUnit);
      continue;
    }
    const state = wines.get(ingredient.ownWineId);
    // A wine that left the cellar since the recipe was made pours nothing.
    if (!state) continue;
    lines.push({
      ...base(state),
      kind: 'recipe',
      recipeId: recipe.id,
      servings: line.quantity,
      unitPrice: 0,
      byGlass: false,
      total: 0,
      ...pourLine(state, centiCl(ingredient.amountCl) * line.quantity),
    });
  }
  lines.unshift({
    ownWineId: `recipe:${recipe.id}`,
    wineDisplayName: recipe.name,
    kind: 'recipe',
    recipeId: recipe.id,
    servings: line.quantity,
    units: 0,
    unitPrice: line.unitPrice,
    byGlass: false,
    locationId: null,
    vatPercentage: recipe.vatPercentage,
    total: line.quantity * line.unitPrice,
    lineCost: otherCost * line.quantity,
  });
  return lines;
}

/** The wines a line takes from. */
export function wineIdsOf(line: TillLine): string[] {
  const { product } = line;
  if (product.kind !== 'recipe') return [product.ownWineId];
  return product.recipe.ingredients.flatMap((i) => (i.kind === 'wine' ? [i.ownWineId] : []));
}

/** A wine's state before the sale's lines change it. */
export function wineStateOf(record: CellarWineRecord, defaultGlassSize: number): WineState {
  return {
    before: record,
    stock: stockOf(record),
    placements: { ...(record.placements as Record<string, number>) },
    bottle: bottleCentiCl(record.bottleSize),
    glass: centiCl(ownOf(record).glassSize ?? defaultGlassSize),
  };
}

/** Whether the sale changed the wine's open bottle. */
export function stockChanged(state: WineState): boolean {
  const open = (ownOf(state.before) as { openBottleCl?: number }).openBottleCl;
  const was = open === undefined ? undefined : centiCl(open);
  return was !== state.stock.openCentiCl;
}
