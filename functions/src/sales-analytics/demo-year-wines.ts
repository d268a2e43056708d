/**
 * The demo restaurant's wines as the demo year simulates them: each wine's bottles on its fullest
 * location move with the year's sales, deliveries and counts; its other placements stay as they are.
 */
import { type Cellar, DEFAULT_GLASS_SIZE_CL, type MainCategory, wineDisplayName } from '@kork/shared';
import type { CellarWineRecord } from '../cellar/kernel/wine-records';
import { ownOf, stateOf } from '../cellar/kernel/wine-records';
import type { Random } from './demo-year-people';

/** The placement key of Uncategorized. */
export const NO_LOCATION = '_';

// — The simulated wines —

export interface SimWine {
  record: CellarWineRecord;
  name: string;
  /** The placement key whose bottles move (the fullest location, `_` for Uncategorized). */
  key: string;
  /** Every other placement, as it is now. */
  others: Record<string, number>;
  /** Bottles at `key`. */
  stock: number;
  weight: number;
  /** The share of its sales poured by the glass. */
  glassShare: number;
  /** What one bottle's glasses bring in, VAT included. */
  glassPrice?: number;
  price: number;
  cost?: number;
  vat: number;
  /** Ends the year sold out, as the cellar's seed left it. */
  soldOut: boolean;
  reorderAt: number;
  reorderTo: number;
  supplier?: string;
}

export function placementsOf(wine: SimWine): Record<string, number> {
  const map: Record<string, number> = { ...wine.others };
  if (wine.stock > 0) map[wine.key] = (map[wine.key] ?? 0) + wine.stock;
  return map;
}

export function quantityOf(wine: SimWine): number {
  return Object.values(placementsOf(wine)).reduce((sum, n) => sum + n, 0);
}

export function stateNow(wine: SimWine) {
  return stateOf({ ...wine.record, quantity: quantityOf(wine), placements: placementsOf(wine) });
}

export function simWines(
  records: CellarWineRecord[],
  cellar: Cellar,
  fallbackKey: string,
  random: Random,
): SimWine[] {
  return records.map((record) => {
    const own = ownOf(record);
    const placements = { ...((record.placements ?? {}) as Record<string, number>) };
    const fullest = Object.entries(placements).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    const key = fullest?.[0] ?? fallbackKey;
    delete placements[key];
    const soldOut = record.quantity === 0;
    const house = record.source === 'CUSTOM' && (record.producerName ?? '') === 'Fjord Bistro';
    const price = own.sellingPrice ?? Math.round((own.purchasePriceWovat ?? 20_000) * 3);
    const glasses = Math.max(
      1,
      Math.round(
        (record.bottleSize * 100) / (own.glassSize ?? cellar.defaultGlassSize ?? DEFAULT_GLASS_SIZE_CL),
      ),
    );
    const glassPrice = own.pricePerGlass ? own.pricePerGlass * glasses : undefined;
    // Cheaper wines sell more; the house wines and those on the glass list most of all.
    let weight = Math.min(2.5, Math.sqrt(40_000 / Math.max(price, 5_000))) * (0.5 + random.next());
    if (glassPrice) weight *= 2;
    if (house) weight = 10;
    if (record.mainCategoryId === 'nonAlcoholic') weight = 3;
    if (record.bottleSize > 1) weight = 0.15;
    const popular = weight > 2;
    return {
      record,
      name: wineDisplayName({
        wineName: record.wineName,
        producerName: record.producerName,
        vintage: record.vintage ?? null,
      }),
      key,
      others: placements,
      stock: soldOut ? random.int(3, 6) : random.int(8, 18) + (popular ? 8 : 0),
      weight: soldOut ? Math.max(weight, 1.5) : weight,
      glassShare: glassPrice ? (house ? 0.6 : 0.5) : 0,
      glassPrice,
      price,
      cost: own.purchasePriceWovat,
      vat: cellar.vats[record.mainCategoryId as MainCategory] ?? 25,
      soldOut,
      reorderAt: popular ? 6 : 3,
      reorderTo: popular ? 24 : 12,
      supplier: own.supplier,
    };
  });
}
