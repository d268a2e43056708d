import type { UploadedFile } from '../platform/multipart';
import { IMAGE_FIELDS, type ImageField, isUploadedFile } from './account-images';

/** Splits a parsed multipart body into its text fields and its image files. */
export function imageFiles(body: unknown): {
  fields: Record<string, unknown>;
  files: Partial<Record<ImageField, UploadedFile>>;
} {
  const fields: Record<string, unknown> = {};
  const files: Partial<Record<ImageField, UploadedFile>> = {};
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (isUploadedFile(value)) {
      // An empty file input sends a nameless, empty part: that is no picture.
      if ((IMAGE_FIELDS as readonly string[]).includes(key) && value.content.length > 0)
        files[key as ImageField] = value;
      continue;
    }
    fields[key] = value;
  }
  return { fields, files };
}
