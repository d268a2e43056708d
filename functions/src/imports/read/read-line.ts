/**
 * What every reader (tables, invoices, Vectura PDFs, magic import) makes of a file: wine lines with
 * where they were, the text as it was, what was read and what could not be. The pipeline matches them
 * and stores them as the job's lines (docs/imports.md).
 */
import type { ImportLine, LineIssue, ParsedWineLine } from '@kork/shared';

export interface ReadLine {
  at: ImportLine['at'];
  raw: string;
  parsed: ParsedWineLine;
  issues: LineIssue[];
}

/** A file that cannot be read as the kind it was uploaded as; the document adapter throws it too. */
export { ImportFileError } from '../../adapters/file-error';
