/**
 * Every uploaded picture is decoded before it is stored: bytes that only start like an image, and
 * images whose pixel count would take gigabytes to decode (a "pixel bomb": a small, highly compressed
 * file of 20,000 × 20,000 pixels), are refused with a 400 instead of being stored for `/img` to choke on.
 *
 * sharp is loaded on the first upload only, so the routes that share the account code but take no
 * uploads never load it.
 */
import { LIMITS, type MessageKey } from '@kork/shared';
import { ValidationError } from '../platform/errors';
import type { UploadedFile } from '../platform/multipart';

export interface DecodedImage {
  width: number;
  height: number;
  format: string;
}

/** A picture side that small is enough to make libvips read every pixel of the source. */
const PROBE_SIZE = 16;

function refused(key: MessageKey, field: string): ValidationError {
  return new ValidationError({ [field]: key }, { key });
}

async function decode(file: UploadedFile, field: string): Promise<DecodedImage> {
  const { default: sharp } = await import('sharp');
  // The header first: its size decides whether decoding is safe at all.
  const meta = await sharp(file.content, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw refused('imageUnreadable', field);
    });
  const { width, height, format } = meta;
  if (!width || !height) throw refused('imageUnreadable', field);
  if (width * height > LIMITS.uploadMaxPixels) throw refused('imageTooManyPixels', field);
  // Then every pixel: a truncated or corrupt body fails here, not later in `/img`.
  await sharp(file.content, { failOn: 'error', limitInputPixels: LIMITS.uploadMaxPixels })
    .rotate()
    .resize(PROBE_SIZE, PROBE_SIZE, { fit: 'inside' })
    .raw()
    .toBuffer()
    .catch(() => {
      throw refused('imageUnreadable', field);
    });
  return { width, height, format };
}

const decoded = new WeakMap<UploadedFile, Promise<DecodedImage>>();

/**
 * Decodes an uploaded picture; throws a 400 (a message in both languages, on its form field) when it is not
 * an image that can be read or has more than LIMITS.uploadMaxPixels pixels. A file is decoded once,
 * however many checks ask.
 */
export function decodeUpload(file: UploadedFile): Promise<DecodedImage> {
  let result = decoded.get(file);
  if (!result) {
    result = decode(file, file.field || 'image');
    decoded.set(file, result);
  }
  return result;
}
