/**
 * Matching import lines to the catalogue through the search index: a Vinmonopolet number exactly, then
 * producer + name + vintage + bottle size with typo tolerance. Each line gets up to three candidates
 * with a confidence (0–1), best first; `matched` when the best reaches IMPORT_LIMITS.autoConfirmConfidence.
 */
import type { MatchCandidate, MatchStatus, ParsedWineLine } from '@kork/shared';

export interface WineMatch {
  status: MatchStatus;
  candidates: MatchCandidate[];
}

export async function matchWines(
  _lines: readonly ParsedWineLine[],
  _onProgress?: (done: number) => void,
): Promise<WineMatch[]> {
  throw new Error('matchWines: not written yet');
}
