/**
 * Pours from a wine's stock, as the till sells it (docs/pos.md). A wine has `quantity` bottles, one of
 * which may be open with `openCentiCl` left in it; the open bottle still counts in `quantity` until it is
 * poured out. A glass (or a recipe's amount) is poured from the open bottle; with none open, the next
 * bottle is opened. A bottle leaves stock when it is poured out, and the next pour opens the next one.
 *
 * All amounts are whole hundredths of a centilitre (12.5 cl = 1250), so six 12.5 cl glasses empty a
 * 0.75 l bottle exactly. A till sale has already happened: a pour is never refused for stock. What the
 * stock cannot give is the shortfall, and the stock stops at 0.
 */

/** Hundredths of a centilitre in a centilitre. */
export const CENTI_CL = 100;

/** Centilitres as whole hundredths (12.5 → 1250). */
export function centiCl(cl: number): number {
  return Math.round(cl * CENTI_CL);
}

/** A bottle size in litres as whole hundredths of a centilitre (0.75 → 7500). */
export function bottleCentiCl(bottleSizeLitres: number): number {
  return Math.round(bottleSizeLitres * 100 * CENTI_CL);
}

/** Hundredths of a centilitre as centilitres (1250 → 12.5). */
export function clOf(centi: number): number {
  return centi / CENTI_CL;
}

/** A wine's stock as pours see it. */
export interface PourStock {
  /** Bottles, the open one included. */
  quantity: number;
  /** Hundredths of a centilitre left in the open bottle; absent: none open. */
  openCentiCl?: number;
}

export interface PourResult {
  stock: PourStock;
  /** Bottles poured out by this pour: they left stock. */
  bottlesOut: number;
  /** What the stock gave, hundredths of a cl. */
  pouredCentiCl: number;
  /** What the stock could not give, hundredths of a cl. */
  shortCentiCl: number;
}

/** The stock as it may be poured from: no open bottle without a bottle, none fuller than a bottle. */
function normal(stock: PourStock, bottle: number): PourStock {
  const quantity = Math.max(0, Math.floor(stock.quantity));
  const open = stock.openCentiCl;
  if (quantity === 0 || open === undefined || open <= 0) return { quantity };
  return { quantity, openCentiCl: Math.min(open, bottle) };
}

/** Pours `amount` (hundredths of a cl) from the open bottle, opening the next ones as they run out. */
export function pour(stock: PourStock, amount: number, bottle: number): PourResult {
  let { quantity, openCentiCl: open } = normal(stock, bottle);
  let left = Math.max(0, Math.round(amount));
  let bottlesOut = 0;
  let poured = 0;
  while (left > 0 && bottle > 0) {
    if (open === undefined) {
      if (quantity === 0) break;
      open = bottle;
    }
    const take = Math.min(open, left);
    open -= take;
    left -= take;
    poured += take;
    if (open === 0) {
      quantity -= 1;
      bottlesOut += 1;
      open = undefined;
    }
  }
  return {
    stock: open === undefined ? { quantity } : { quantity, openCentiCl: open },
    bottlesOut,
    pouredCentiCl: poured,
    shortCentiCl: left,
  };
}

export interface TakeResult {
  stock: PourStock;
  /** Bottles that left stock. */
  taken: number;
  /** Bottles sold that the stock did not have. */
  short: number;
}

/**
 * Takes whole bottles (a bottle sold): the sealed ones first, then the open one (it leaves with what is
 * left in it). Never below 0: what is missing is the shortfall.
 */
export function takeBottles(stock: PourStock, count: number, bottle: number): TakeResult {
  const { quantity, openCentiCl } = normal(stock, bottle);
  const taken = Math.min(quantity, Math.max(0, Math.floor(count)));
  const remaining = quantity - taken;
  const sealed = quantity - (openCentiCl === undefined ? 0 : 1);
  const keepsOpen = openCentiCl !== undefined && taken <= sealed;
  return {
    stock: keepsOpen ? { quantity: remaining, openCentiCl } : { quantity: remaining },
    taken,
    short: count - taken,
  };
}

/**
 * Takes back a pour (a till sale deleted): the bottles it poured out come back, and what it poured
 * less those bottles goes back into the open bottle where it fits. With none open, the next bottle
 * counts as full. An open bottle filled up is a full bottle again (none open); one emptied by taking
 * back is left at what it had, never below nothing.
 */
export function unpour(stock: PourStock, bottlesBack: number, poured: number, bottle: number): PourStock {
  const { quantity: before, openCentiCl } = normal(stock, bottle);
  const quantity = before + Math.max(0, bottlesBack);
  if (quantity === 0) return { quantity };
  const open = (openCentiCl ?? bottle) + Math.round(poured) - Math.max(0, bottlesBack) * bottle;
  if (open >= bottle || open <= 0) return { quantity };
  return { quantity, openCentiCl: open };
}

/** Bottles a shortfall of hundredths of a cl is, to four decimals. */
export function shortfallBottles(shortCentiCl: number, bottle: number): number {
  if (shortCentiCl <= 0 || bottle <= 0) return 0;
  return Math.round((shortCentiCl / bottle) * 10_000) / 10_000;
}

/** What a pour cost without VAT: the bottle's purchase price by the share poured, minor units. */
export function pourCost(bottlePriceWovat: number, pouredCentiCl: number, bottle: number): number {
  if (bottle <= 0) return 0;
  return Math.round((bottlePriceWovat * pouredCentiCl) / bottle);
}
