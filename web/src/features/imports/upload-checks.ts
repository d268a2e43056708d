import {
  fileTooLargeMessage,
  IMPORT_CONTENT_TYPES,
  IMPORT_EXTENSIONS,
  IMPORT_LIMITS,
  type ImportKind,
  importFileAccepted,
  type MessageKey,
} from '@kork/shared';

/** What a file input of a kind offers in the picker: its file name endings and media types. */
export function acceptFor(kind: ImportKind): string {
  return [...IMPORT_EXTENSIONS[kind], ...IMPORT_CONTENT_TYPES[kind]].join(',');
}

/**
 * Why a file cannot be imported as `kind`, checked before anything is uploaded (the server checks the
 * same again): a type the kind does not take, an empty file, or one over 50 MB (images and other files
 * each get their own words). Undefined when the file may go.
 */
export function uploadProblem(
  kind: ImportKind,
  file: Pick<File, 'name' | 'size' | 'type'>,
): MessageKey | undefined {
  if (!importFileAccepted(kind, file.name, file.type || undefined)) return 'unsupportedMediaType';
  if (file.size === 0) return 'importFileEmpty';
  if (file.size > IMPORT_LIMITS.maxFileBytes) return fileTooLargeMessage(file.type || undefined);
  return undefined;
}

/** Pasted text for a magic import: too long, or nothing in it. */
export function textProblem(text: string): 'required' | 'tooLong' | undefined {
  if (text.trim() === '') return 'required';
  if (text.length > IMPORT_LIMITS.maxTextLength) return 'tooLong';
  return undefined;
}
