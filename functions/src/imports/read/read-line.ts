/**
 * What every reader (tables, invoices, Vectura PDFs, magic import) makes of a file: wine lines with
 * where they were, the text as it was, what was read and what could not be. The pipeline matches them
 * and stores them as the job's lines (docs/imports.md).
 */
import type { ImportLine, LineIssue, MessageKey, ParsedWineLine } from '@kork/shared';

export interface ReadLine {
  at: ImportLine['at'];
  raw: string;
  parsed: ParsedWineLine;
  issues: LineIssue[];
}

/**
 * A file that cannot be read as the kind it was uploaded as (corrupt, encrypted, not a spreadsheet or
 * PDF at all). The job ends `failed` with this message key; never a 500.
 */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
  constructor(
    readonly code: MessageKey,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}
