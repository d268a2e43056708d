/**
 * Counting open bottles in tenths (docs/stock-counts.md, "Tenths and the open bottle"): a figure of a
 * count may be 3.4 bottles — three full and one open, four tenths full — where the cellar allows it. A
 * figure is kept as whole tenths (34), so 3.4 is stored and added exactly, never as 3.4000000001.
 */

/** Tenths in a bottle. */
export const TENTHS = 10;

/** Whether a figure has at most one decimal (3.4 yes, 3.45 no); a float's noise (0.1 × 3) is forgiven. */
export function hasAtMostOneDecimal(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const tenths = value * TENTHS;
  return Math.abs(tenths - Math.round(tenths)) < 1e-6;
}

/** A figure as whole tenths (3.4 → 34). */
export function tenthsOf(value: number): number {
  return Math.round(value * TENTHS);
}

/** Whole tenths as the figure with one decimal, the nearest a number gets to it (34 → 3.4). */
export function fromTenths(tenths: number): number {
  return tenths / TENTHS;
}

/** A figure with its noise taken off (0.30000000000000004 → 0.3). */
export function exactCount(value: number): number {
  return fromTenths(tenthsOf(value));
}

/** Whether a figure has an open bottle in it (3.4 yes, 3 no). */
export function hasOpenBottle(value: number): boolean {
  return tenthsOf(value) % TENTHS !== 0;
}

/** a − b, both counts, worked out in tenths (3.4 − 3 → 0.4, not 0.3999999999999999). */
export function countDifference(a: number, b: number): number {
  return fromTenths(tenthsOf(a) - tenthsOf(b));
}

/** Where a count's tenths leave a wine: its whole bottles and the open bottle's fill in tenths (0–9). */
export interface CountedStock {
  whole: number;
  openTenths: number;
}

/** 34 tenths → 3 whole bottles and an open one four tenths full. */
export function splitTenths(tenths: number): CountedStock {
  const safe = Math.max(0, Math.round(tenths));
  return { whole: Math.floor(safe / TENTHS), openTenths: safe % TENTHS };
}

/**
 * The open bottle's centilitres from its fill and the bottle's size in litres (0.4 of 0.75 l → 30 cl),
 * in whole hundredths of a centilitre as the till keeps them (docs/pos.md).
 */
export function openBottleCentiCl(openTenths: number, bottleSizeLitres: number): number {
  return Math.round(openTenths * bottleSizeLitres * 1000);
}

/** The open bottle's fill in tenths from its centilitres (30 cl of 0.75 l → 4), for showing it. */
export function openBottleTenths(openBottleCl: number | undefined, bottleSizeLitres: number): number {
  if (!openBottleCl || openBottleCl <= 0 || !(bottleSizeLitres > 0)) return 0;
  return Math.min(9, Math.max(1, Math.round(openBottleCl / (bottleSizeLitres * 10))));
}
