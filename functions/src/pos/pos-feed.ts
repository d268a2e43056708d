/**
 * The till's product feed (docs/pos.md): what the till may sell, with the ids it sends back. Every wine
 * with bottles in stock or a bottle open gives a bottle product, and a glass product when it has a glass
 * price; every recipe the owner included in the POS gives one more. Names are cut to POS_NAME_MAX, the
 * one POS name limit. Nothing is localised here: a glass is told from its bottle by its size in cl.
 */
import {
  type Cellar,
  type CellarWine,
  currency,
  POS_NAME_MAX,
  type PosProduct,
  type PosProductFeed,
  posProductId,
  toCsv,
} from '@kork/shared';
import { cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { recipeRecordsOf } from '../recipes/recipe-service';

/** What the feed needs of a recipe. */
export interface FeedRecipe {
  id: string;
  name: string;
  posName?: string | null;
  sellingPrice?: number | null;
  vatPercentage: number;
  includeInPos: boolean;
}

type FeedCellar = Pick<Cellar, 'baseCurrency' | 'defaultGlassSize' | 'vats'>;

/** A name cut to `max` characters (whole code points), without a space left at its end. */
export function cutName(name: string, max = POS_NAME_MAX): string {
  const chars = Array.from(name.trim());
  return chars.length <= max ? chars.join('') : chars.slice(0, max).join('').trimEnd();
}

/** `12.5 cl`, `15 cl`. */
const sizeText = (cl: number) => `${Number(cl.toFixed(2))} cl`;

/**
 * A glass's name: its POS glass name, else the bottle's POS name or display name with the glass size
 * after it (the name is cut, never the size, so the till can tell the glass from the bottle).
 */
function glassName(wine: CellarWine, glassSizeCl: number): string {
  if (wine.posGlassName) return cutName(wine.posGlassName);
  const suffix = ` ${sizeText(glassSizeCl)}`;
  return `${cutName(wine.posName || wine.wineDisplayName, POS_NAME_MAX - suffix.length)}${suffix}`;
}

/** The feed of a cellar's wines and recipes, in that order; recipes by name. */
export function feedOf(
  cellar: FeedCellar,
  wines: readonly CellarWine[],
  recipes: readonly FeedRecipe[],
  generatedAt = new Date().toISOString(),
): PosProductFeed {
  const products: PosProduct[] = [];
  for (const wine of wines) {
    if (!(wine.quantity > 0 || (wine.openBottleCl ?? 0) > 0)) continue;
    const vatPercentage = cellar.vats[wine.mainCategoryId];
    products.push({
      productId: wine.productId || posProductId.bottle(wine.id),
      kind: 'bottle',
      name: cutName(wine.posName || wine.wineDisplayName),
      price: wine.sellingPrice ?? null,
      vatPercentage,
      stock: wine.quantity,
      ownWineId: wine.id,
    });
    if (wine.pricePerGlass === undefined || wine.pricePerGlass === null) continue;
    const glassSizeCl = wine.glassSize ?? cellar.defaultGlassSize;
    products.push({
      productId: posProductId.glass(wine.id),
      kind: 'glass',
      name: glassName(wine, glassSizeCl),
      price: wine.pricePerGlass,
      vatPercentage,
      stock: wine.quantity,
      glassSizeCl,
      ownWineId: wine.id,
    });
  }
  const included = recipes.filter((recipe) => recipe.includeInPos);
  included.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  for (const recipe of included) {
    products.push({
      productId: posProductId.recipe(recipe.id),
      kind: 'recipe',
      name: cutName(recipe.posName || recipe.name),
      price: recipe.sellingPrice ?? null,
      vatPercentage: recipe.vatPercentage,
      recipeId: recipe.id,
    });
  }
  return { products, currency: cellar.baseCurrency, generatedAt };
}

/** The owner's feed now: the cellar's snapshot and its recipes as stored. */
export async function posProducts(ownerId: string): Promise<PosProductFeed> {
  const [snapshot, recipes] = await Promise.all([cellarSnapshot(ownerId), recipeRecordsOf(ownerId)]);
  return feedOf(snapshot.cellar, snapshot.wines, recipes as FeedRecipe[]);
}

export const FEED_CSV_COLUMNS = [
  'productId',
  'kind',
  'name',
  'price',
  'vatPercentage',
  'stock',
  'glassSizeCl',
] as const;

/**
 * The feed as CSV (RFC 4180, CRLF): prices in whole currency units with a dot (`249.00`); empty for none.
 * A name a spreadsheet would run as a formula (`=…`, `+…`, `-…`, `@…`) starts with `'` (`toCsv`).
 */
export function feedCsv(feed: PosProductFeed): string {
  const digits = currency(feed.currency).minorUnits;
  const major = (minor: number | null) => (minor === null ? '' : (minor / 10 ** digits).toFixed(digits));
  const rows = feed.products.map((p) => [
    p.productId,
    p.kind,
    p.name,
    major(p.price),
    p.vatPercentage,
    p.stock,
    p.glassSizeCl,
  ]);
  return toCsv([[...FEED_CSV_COLUMNS], ...rows]);
}

/** A route's answer for the feed in the format asked for: the JSON payload, or a CSV file to download. */
export function feedAnswer(feed: PosProductFeed, format: 'json' | 'csv' | undefined) {
  if (format !== 'csv') return { payload: feed };
  return {
    file: { bytes: new TextEncoder().encode(feedCsv(feed)), contentType: 'text/csv; charset=utf-8' },
    headers: { 'content-disposition': 'attachment; filename="kork-pos-products.csv"' },
  };
}
