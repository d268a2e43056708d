import {
  IMPORT_LIMITS,
  type ImportChoice,
  type ImportCounts,
  type ImportLine,
  type ImportLineDecision,
  type ImportLineFilter,
  type MatchCandidate,
  type WineRow,
  wineDisplayName,
} from '@kork/shared';

/**
 * What the review step works out from a job and its lines, apart from how it is drawn: the counts the
 * filters show, a line's state with the user's unsaved decision laid over it, and the candidate shown.
 */

/** Lines one page of the review lists. */
export const REVIEW_PAGE_SIZE = 50;

/** Lines still waiting for the user: neither confirmed nor skipped. */
export function toReviewCount(counts: ImportCounts): number {
  return Math.max(0, counts.lines - counts.confirmed - counts.skipped);
}

/** How many lines each filter lists. */
export function filterCounts(counts: ImportCounts): Record<ImportLineFilter, number> {
  return {
    all: counts.lines,
    toReview: toReviewCount(counts),
    confirmed: counts.confirmed,
    duplicates: counts.duplicates,
    skipped: counts.skipped,
  };
}

/** The first view: the lines to review when there are any, else every line. */
export function firstFilter(counts: ImportCounts): ImportLineFilter {
  return toReviewCount(counts) > 0 ? 'toReview' : 'all';
}

/** A decision on one line as the PATCH carries it, without its index. */
export type Decision = Omit<ImportLineDecision, 'index'>;

/** A decision the user made that the server has not answered yet, or refused. */
export interface PendingDecision {
  decision: Decision;
  /** Bumped with every decision on the line, so an older answer does not clear a newer one. */
  seq: number;
  saving: boolean;
  error?: string;
}

/** The line as the user sees it: the server's state with the unsaved decision laid over it. */
export function withDecision(line: ImportLine, pending: PendingDecision | undefined): ImportLine {
  if (!pending) return line;
  const { choice, confirmed, onDuplicate } = pending.decision;
  return {
    ...line,
    ...(choice ? { choice: choice as ImportChoice } : {}),
    ...(confirmed === undefined ? {} : { confirmed }),
    ...(onDuplicate ? { onDuplicate } : {}),
  };
}

export type ConfidenceLevel = 'sure' | 'check' | 'weak';

/** ≥ 0.85 is sure (and confirmed before the user looks), 0.5 up to that asks for a check, below is weak. */
export function confidenceLevel(confidence: number): ConfidenceLevel {
  if (confidence >= IMPORT_LIMITS.autoConfirmConfidence) return 'sure';
  if (confidence >= 0.5) return 'check';
  return 'weak';
}

export const CONFIDENCE_COLORS: Record<ConfidenceLevel, string> = {
  sure: 'teal.9',
  check: 'orange.9',
  weak: 'red.9',
};

/** A catalogue wine's name as the cellar shows it: "Vietti Barolo 2019", "Krug Grande Cuvée NV". */
export function candidateName(candidate: Pick<MatchCandidate, 'name' | 'producer' | 'vintage'>): string {
  return wineDisplayName({
    wineName: candidate.name,
    producerName: candidate.producer,
    vintage: candidate.vintage,
  });
}

/** A catalogue search result in the shape of a candidate, for a wine the user picked by searching. */
export function candidateOfRow(row: WineRow): MatchCandidate {
  return {
    wineId: row.id,
    name: row.name,
    producer: row.producer,
    vintage: row.vintage,
    bottleSize: row.bottleSize,
    imageUrl: row.imageUrl,
    mainCategoryId: row.mainCategoryId,
    confidence: 1,
    via: 'text',
  };
}

/** The catalogue wine the line will be, if it is to be one: among its candidates, or picked by search. */
export function chosenCandidate(
  line: ImportLine,
  picked: ReadonlyMap<string, MatchCandidate>,
): { candidate: MatchCandidate; pickedBySearch: boolean } | undefined {
  if (line.choice.kind !== 'catalog') return undefined;
  const { wineId } = line.choice;
  const candidate = line.match.candidates.find((c) => c.wineId === wineId);
  if (candidate) return { candidate, pickedBySearch: false };
  const found = picked.get(wineId);
  return found ? { candidate: found, pickedBySearch: true } : undefined;
}

/**
 * The choices a duplicate line offers. A catalogue wine is in a cellar once, so a line that is one adds
 * to it or is skipped; a custom line adds to the wine that is there or becomes a new one. A skipped line
 * offers none (choosing a wine for it again brings them back).
 */
export function duplicateOptions(line: ImportLine): readonly ('add' | 'new' | 'skip')[] {
  if (line.choice.kind === 'catalog') return ['add', 'skip'];
  if (line.choice.kind === 'custom') return ['add', 'new'];
  return [];
}

/** The duplicate choice the line has now. */
export function duplicateValue(line: ImportLine): 'add' | 'new' | 'skip' {
  if (line.choice.kind === 'skip') return 'skip';
  if (line.choice.kind === 'catalog') return 'add';
  return line.onDuplicate;
}
