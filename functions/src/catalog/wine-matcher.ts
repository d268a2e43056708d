/**
 * Matching import lines to the catalogue through the search index: a Vinmonopolet number exactly, then
 * producer + name + vintage + bottle size with typo tolerance. Each line gets up to three candidates
 * with a confidence (0–1), best first; `matched` when the best reaches IMPORT_LIMITS.autoConfirmConfidence.
 * The matching itself is in ./matching/match-lines.ts (pure, over any index).
 */
import type { ParsedWineLine } from '@kork/shared';
import { catalogIndex } from './catalog-index-cache';
import { matchWinesIn, type WineMatch } from './matching/match-lines';

export { matchWinesIn, type WineMatch };

/** Each line's catalogue candidates against the instance's current catalogue. */
export async function matchWines(
  lines: readonly ParsedWineLine[],
  onProgress?: (done: number) => void,
): Promise<WineMatch[]> {
  const { index } = await catalogIndex();
  return matchWinesIn(index, lines, onProgress);
}
