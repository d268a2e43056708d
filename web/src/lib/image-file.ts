import { LIMITS, type MessageKey } from '@kork/shared';

/**
 * The upload rule of SPEC §5 checked before anything is sent: images only, at most 50 MB. The API checks
 * the bytes again; this spares a long upload that would be refused.
 */
export function imageFileProblem(file: File): MessageKey | undefined {
  if (!file.type.startsWith('image/')) return 'unsupportedMediaType';
  if (file.size > LIMITS.uploadMaxBytes) return 'payloadTooLarge';
  return undefined;
}

export const IMAGE_ACCEPT = 'image/*';
