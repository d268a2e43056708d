import { type Locale, StockCountCounted } from '@kork/shared';
import { schemaNumber } from '../../../lib/number-text';

/**
 * What a count line's field holds compared with the figure the sheet has, and what the sheet's status
 * says about all of them. Pure, so the rules are tested without a browser (count-line.test.tsx).
 *
 * A typed figure is judged by the API's own rule (`StockCountCounted`: a whole number from 0 to 100 000)
 * and is either entered exactly as typed or refused with that rule's message; it is never cut to its
 * first digits, rounded or clamped. A line whose field shows something else than the saved figure is
 * not saved, and the sheet never says "All entries saved" while one is.
 */
export type CountFieldState =
  /** The field shows the figure the sheet has (empty: not counted). */
  | { kind: 'saved' }
  /** A valid new figure, entered once typing pauses or the field is left. */
  | { kind: 'ready'; counted: number }
  /** Refused: the shared message key of the rule it breaks ("Must be a whole number"). */
  | { kind: 'invalid'; message: string };

export function countFieldState(text: string, saved: number | undefined, locale: Locale): CountFieldState {
  const value = schemaNumber(text, locale);
  // An emptied field cannot take a figure back: the count keeps what was entered until a new figure is.
  if (value === null)
    return saved === undefined ? { kind: 'saved' } : { kind: 'invalid', message: 'required' };
  const result = StockCountCounted.safeParse(value);
  if (!result.success) return { kind: 'invalid', message: result.error.issues[0]?.message ?? 'invalidValue' };
  return result.data === saved ? { kind: 'saved' } : { kind: 'ready', counted: result.data };
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
