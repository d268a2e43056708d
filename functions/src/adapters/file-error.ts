/**
 * A file that cannot be read as the kind it was uploaded as (corrupt, encrypted, not a spreadsheet or
 * PDF at all). Thrown by the batch import's readers and by the document adapter alike; the import job
 * ends `failed` with this message key, never a 500.
 */
import type { MessageKey } from '@kork/shared';

export class ImportFileError extends Error {
  override name = 'ImportFileError';
  constructor(
    readonly code: MessageKey,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}
