/**
 * What the cellar tools share: the signed-in user's cellar snapshot, a wine as a row names it, the bound
 * on rows, and the user's own wine by id (another user's id is "not found in your cellar").
 */
import { ASSISTANT_LIMITS, type CellarWine, foldText } from '@kork/shared';
import en from '@kork/shared/vocabulary/en.json';
import { type CellarSnapshot, cellarSnapshot } from '../../cellar/kernel/cellar-snapshot';
import type { WineRef } from './outputs';
import { notInYourCellar } from './tool-error';

export type { CellarSnapshot };
export { cellarSnapshot };

/** The rows a list answers: the input's limit, 10 when absent, never more than the tools' maximum. */
export function rowLimit(limit: number | undefined): number {
  return Math.max(1, Math.min(limit ?? 10, ASSISTANT_LIMITS.toolRowsMax));
}

/** A cellar wine's reference: its id, its name as the cellar lists it (with the vintage), its vintage. */
export function wineRef(wine: CellarWine): WineRef {
  return { cellarWineId: wine.id, name: wine.wineDisplayName, vintage: wine.vintage };
}

/** The user's own wine by id; another cellar's id (or none) is refused alike. */
export function ownWine(snapshot: CellarSnapshot, cellarWineId: string): CellarWine {
  const wine = snapshot.wines.find((w) => w.id === cellarWineId);
  if (!wine || wine.ownerId !== snapshot.ownerId) throw notInYourCellar('wine');
  return wine;
}

/** The snapshot's wines in the cellar's name order. */
export function winesByName(snapshot: CellarSnapshot): CellarWine[] {
  return Array.from(snapshot.inventory.byName(), (position) => snapshot.wines[position] as CellarWine);
}

const COUNTRY_EN = (en as unknown as { country: Record<string, string> }).country;

/** A country's names: as stored (Vinmonopolet's Norwegian) and in English, folded. */
export function countryNames(stored: string | undefined): string[] {
  if (!stored) return [];
  const english = Object.hasOwn(COUNTRY_EN, stored) ? COUNTRY_EN[stored] : undefined;
  return [foldText(stored), ...(english ? [foldText(english)] : [])];
}
