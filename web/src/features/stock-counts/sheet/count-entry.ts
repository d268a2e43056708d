import { canonicalCount, type Locale, StockCountCounted, StockCountWholeCounted } from '@kork/shared';
import { schemaNumber } from '../../../lib/number-text';

/**
 * What a count line's field holds compared with the figure the sheet has, and what the sheet's status
 * says about all of them. Pure, so the rules are tested without a browser (count-line.test.tsx).
 *
 * A typed figure is judged by the API's own rule (`StockCountCounted`: from 0 to 100 000 with at most one
 * decimal, the tenths of an open bottle, where the cellar counts them; else `StockCountWholeCounted`, whole
 * bottles) and is either entered exactly as typed or refused with that rule's message; it is never cut to
 * its first digits, rounded or clamped. A figure with one decimal reads the same with a comma or a point
 * in either language ("2,5" and "2.5" are two and a half: a comma before one or two digits groups no
 * thousands). A line whose field shows something else than the saved figure is
 * not saved, and the sheet never says "All entries saved" while one is.
 */
export type CountFieldState =
  /** The field shows the figure the sheet has (empty: not counted). */
  | { kind: 'saved' }
  /** A valid new figure, entered once typing pauses or the field is left. */
  | { kind: 'ready'; counted: number }
  /** Refused: the shared message key of the rule it breaks ("Must be a whole number"). */
  | { kind: 'invalid'; message: string };

/** "2,5" in English: a comma before one or two digits is a decimal comma, never a thousands group. */
const COMMA_DECIMAL = /^\s*(\d+),(\d{1,2})\s*$/;

/** The figure typed in a count's field (see above): a number, null when empty, NaN for no number. */
export function countNumber(text: string, locale: Locale): number | null {
  const comma = COMMA_DECIMAL.exec(text);
  if (comma) return Number(`${comma[1]}.${comma[2]}`);
  return schemaNumber(text, locale);
}

export function countFieldState(
  text: string,
  saved: number | undefined,
  locale: Locale,
  tenths = false,
): CountFieldState {
  const value = countNumber(text, locale);
  // An emptied field cannot take a figure back: the count keeps what was entered until a new figure is.
  if (value === null)
    return saved === undefined ? { kind: 'saved' } : { kind: 'invalid', message: 'required' };
  const result = (tenths ? StockCountCounted : StockCountWholeCounted).safeParse(value);
  if (!result.success) return { kind: 'invalid', message: result.error.issues[0]?.message ?? 'invalidValue' };
  const counted = canonicalCount(result.data);
  return counted === saved ? { kind: 'saved' } : { kind: 'ready', counted };
}

/** A line that is not saved yet: a figure being typed, or one refused. */
export type UnsavedKind = 'typing' | 'invalid';

export type SheetStatus =
  | { key: 'invalid'; count: number }
  | { key: 'waiting'; count: number }
  | { key: 'sending' }
  | { key: 'allSaved' };

/**
 * The sheet's save status: refused figures first (they will never be sent as they are), then figures
 * typed or queued on the device (each wine and location once), then a batch on its way; only when none
 * of those remain are all entries saved.
 */
export function sheetStatus(
  unsaved: ReadonlyMap<string, UnsavedKind>,
  queuedPairs: readonly string[],
  syncing: boolean,
): SheetStatus {
  let invalid = 0;
  const waiting = new Set(queuedPairs);
  for (const [pair, kind] of unsaved) {
    if (kind === 'invalid') invalid += 1;
    else waiting.add(pair);
  }
  if (invalid > 0) return { key: 'invalid', count: invalid };
  if (waiting.size > 0) return { key: 'waiting', count: waiting.size };
  if (syncing) return { key: 'sending' };
  return { key: 'allSaved' };
}
