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

/** Lines matched between two turns of the event loop (what `onProgress` is told after). */
const CHUNK = 100;

/**
 * Each line's catalogue candidates against the instance's current catalogue. Matches a hundred lines
 * at a time and lets the event loop run between them, so the progress reported is written as it goes.
 */
export async function matchWines(
  lines: readonly ParsedWineLine[],
  onProgress?: (done: number) => void,
): Promise<WineMatch[]> {
  const { index } = await catalogIndex();
  const answers: WineMatch[] = [];
  for (let from = 0; from < lines.length; from += CHUNK) {
    answers.push(...matchWinesIn(index, lines.slice(from, from + CHUNK)));
    onProgress?.(answers.length);
    if (answers.length < lines.length) await new Promise((resolve) => setImmediate(resolve));
  }
  return answers;
}
