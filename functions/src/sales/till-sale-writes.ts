/**
 * Recording a till's sale (docs/pos.md): the sales domain's use case for the POS intake. A till sale has
 * already happened, so it is never refused for stock: bottles sold leave stock, glasses and recipes pour
 * from each wine's open bottle (shared/src/pour-math.ts), and what the stock could not give is the
 * line's shortfall, the stock stopping at 0.
 *
 * One till transaction is one DynamoDB transaction: the wines, their SOLD entries (with the sale's id and
 * the till's transaction id), the sale, and the caller's items (the till transaction's marker, lines
 * waiting for mapping) that make a second delivery of it change nothing.
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
  withBounds,
} from '@kork/shared';
import { ulid } from 'ulid';
import { bumpCellarVersion } from '../cellar/kernel/cellar-version';
import { currentWine, STALE } from '../cellar/kernel/wine-fields';
import {
  type Actor,
  type CellarWineRecord,
  historyRecord,
  ownOf,
  placementList,
  placementMap,
} from '../cellar/kernel/wine-records';
import {
  itemsOf,
  laterThan,
  MAX_TRANSACTION_ITEMS,
  type WineChange,
  writeTransaction,
} from '../cellar/kernel/wine-transaction';
import { writeItems } from '../data/tables';
import { retryOnConflict } from '../data/transactions';
import { ConflictError, ValidationError } from '../platform/errors';
import { rollupAdds, rollupItemsOf } from './sale-rollups';
import type { SaleRecord } from './sale-store';
import { deleteItemsOf } from './sale-transaction-size';

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

export interface TillSaleInput {
  posTransactionId: string;
  /** The sale's day (YYYY-MM-DD). */
  date: string;
  lines: readonly TillLine[];
  actor: Actor;
}

/** How the caller makes the sale happen once. */
export interface TillSaleGuard {
  /** Read before every attempt: the sale id (or null: no sale) of the same till transaction taken in before. */
  existing(): Promise<string | null | undefined>;
  /**
   * Items written in the same transaction: the marker, created only where none exists, and the lines
   * to keep for mapping (`missing`: lines whose wine left the cellar since they were resolved), built by
   * the caller from its own entities.
   */
  extra(saleId: string | undefined, missing: readonly TillLine[]): readonly unknown[];
  /** How many items `extra` writes for this many missing lines. */
  extraItems(missing: number): number;
}

export interface TillSaleResult {
  status: 'recorded' | 'duplicate';
  /** Absent when no line became a sale (every line waits for mapping). */
  saleId?: string;
  /** Lines kept for mapping because their wine was gone when written. */
  missing: number;
}

const ATTEMPTS = 40;
const BUDGET_MS = 20_000;

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
function wineIdsOf(line: TillLine): string[] {
  const { product } = line;
  if (product.kind !== 'recipe') return [product.ownWineId];
  return product.recipe.ingredients.flatMap((i) => (i.kind === 'wine' ? [i.ownWineId] : []));
}

/**
 * Records a till sale once. Every attempt reads the wines fresh and first asks `guard.existing()`
 * whether the till transaction was taken in already (by an earlier delivery, or by this one whose
 * answer was lost); a cancelled transaction (a wine changed, or the marker appeared) is decided again.
 */
export async function recordTillSale(
  ownerId: string,
  input: TillSaleInput,
  settings: { vats: Partial<Record<MainCategory, number>>; defaultGlassSize: number },
  guard: TillSaleGuard,
): Promise<TillSaleResult> {
  const saleId = ulid();
  const started = Date.now();
  const outcome = await retryOnConflict(async () => {
    const existing = await guard.existing();
    if (existing !== undefined)
      return { status: 'duplicate', saleId: existing ?? undefined, missing: 0 } as const;
    if (Date.now() - started > BUDGET_MS) return STALE;

    const wineIds = [...new Set(input.lines.flatMap(wineIdsOf))];
    const records = new Map<string, CellarWineRecord>();
    for (const record of await Promise.all(wineIds.map((id) => currentWine(ownerId, id))))
      if (record) records.set(record.id, record);
    const missing = input.lines.filter(
      (line) => line.product.kind !== 'recipe' && !records.has(line.product.ownWineId),
    );
    const lines = input.lines.filter((line) => !missing.includes(line));

    const wines = new Map<string, WineState>(
      [...records.values()].map((record) => [
        record.id,
        {
          before: record,
          stock: stockOf(record),
          placements: { ...(record.placements as Record<string, number>) },
          bottle: bottleCentiCl(record.bottleSize),
          glass: centiCl(ownOf(record).glassSize ?? settings.defaultGlassSize),
        },
      ]),
    );
    const saleLines = lines.flatMap((line) => linesOf(line, wines, settings.vats));
    const written = lines.length > 0 ? saleId : undefined;
    const sale: SaleRecord | undefined =
      written === undefined
        ? undefined
        : {
            ownerId,
            id: written,
            date: input.date,
            customer: {},
            contactPerson: {},
            products: saleLines,
            units: saleLines.reduce((sum, l) => sum + l.units, 0),
            totalPrice: saleLines.reduce((sum, l) => sum + l.total, 0),
            createdBy: input.actor.userId,
            createdByName: input.actor.name,
            createdAt: new Date().toISOString(),
            posTransactionId: input.posTransactionId,
          };

    const extra = { saleId: written, posTransactionId: input.posTransactionId };
    const changes: WineChange[] = [...wines.values()]
      .filter((state) => state.stock.quantity !== state.before.quantity || stockChanged(state))
      .map((state) => {
        const { before } = state;
        const own = { ...ownOf(before) } as Record<string, unknown>;
        if (state.stock.openCentiCl === undefined) delete own.openBottleCl;
        else own.openBottleCl = clOf(state.stock.openCentiCl);
        const after: CellarWineRecord = {
          ...before,
          quantity: state.stock.quantity,
          placements: placementMap(placementList(state.placements)),
          own,
          updatedAt: laterThan(before.updatedAt),
        };
        return { before, after, history: historyRecord(after, 'SOLD', before, after, input.actor, extra) };
      });

    // The sale's rollups: one item per wine (and recipe) it sold. The sale is taken in only when both
    // this transaction and the one deleting it later fit (sale-transaction-size.ts).
    const rollups = sale ? rollupItemsOf(saleLines) : 0;
    const items = itemsOf(changes) + (sale ? 1 + rollups : 0) + guard.extraItems(missing.length);
    if (items > MAX_TRANSACTION_ITEMS || (sale && deleteItemsOf(saleLines) > MAX_TRANSACTION_ITEMS))
      throw new ValidationError({ lines: withBounds('maxItems', { max: MAX_TRANSACTION_ITEMS }) });
    await writeTransaction(changes, () => [
      ...(sale
        ? [writeItems('sales').sale.create(sale).commit(), ...rollupAdds(ownerId, sale.date, saleLines)]
        : []),
      ...guard.extra(written, missing),
    ]);
    // A sale with no wine poured (a recipe of other ingredients only) still changes the cellar's reads.
    if (sale && changes.length === 0) await bumpCellarVersion(ownerId);
    return { status: 'recorded', saleId: written, missing: missing.length } as const;
  }, ATTEMPTS);
  if (outcome === STALE) throw new ConflictError();
  return outcome;
}

function stockChanged(state: WineState): boolean {
  const open = (ownOf(state.before) as { openBottleCl?: number }).openBottleCl;
  const was = open === undefined ? undefined : centiCl(open);
  return was !== state.stock.openCentiCl;
}
