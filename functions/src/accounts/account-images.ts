/**
 * Account pictures in the media bucket, under `users/<id>/`. An upload is checked by its content (its
 * signature bytes must be those of an allowed image format), not by its name or declared type. The image
 * function decodes and re-encodes every picture it serves.
 */
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { LIMITS } from '@kork/shared';
import { fileTypeFromBuffer } from 'file-type';
import { ulid } from 'ulid';
import { decodeUpload } from '../media/decode-upload';
import { env } from '../platform/env';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../platform/errors';
import type { UploadedFile } from '../platform/multipart';
import { s3Client } from '../platform/s3';

export const IMAGE_FIELDS = ['profileImage', 'tastingLocationLogo', 'tastingLocationImage'] as const;
export type ImageField = (typeof IMAGE_FIELDS)[number];

const ALLOWED = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
]);

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).content);
}

/** Checks an upload is an image by its bytes; answers its format. */
export async function inspectImage(file: UploadedFile): Promise<{ format: string; contentType: string }> {
  if (file.truncated || file.content.length > LIMITS.uploadMaxBytes) throw new PayloadTooLargeError();
  const type = await fileTypeFromBuffer(file.content);
  if (!type || !ALLOWED.has(type.mime)) throw new UnsupportedMediaTypeError();
  await decodeUpload(file);
  return { format: type.ext, contentType: type.mime };
}

/** Stores an image and answers its path for `/img?url=`. */
export async function storeImage(
  userId: string,
  field: ImageField | 'tastingPhoto' | 'cellarImage' | 'wineImage' | 'wineListLogo' | 'eventCover',
  file: UploadedFile,
): Promise<string> {
  const { format, contentType } = await inspectImage(file);
  const key = `users/${userId}/${field}-${ulid().toLowerCase()}.${format}`;
  await s3Client().send(
    new PutObjectCommand({
      Bucket: env.mediaBucket(),
      Key: key,
      Body: file.content,
      ContentType: contentType,
    }),
  );
  return `/${key}`;
}

export async function deleteImage(path: string | undefined): Promise<void> {
  if (!path?.startsWith('/users/')) return;
  await s3Client().send(new DeleteObjectCommand({ Bucket: env.mediaBucket(), Key: path.slice(1) }));
}

/** Removes every object under `users/<id>/`, one by one (the S3 emulator's multi-delete trips on shared prefixes). */
export async function deleteAllImages(userId: string): Promise<number> {
  let removed = 0;
  let token: string | undefined;
  do {
    const page = await s3Client().send(
      new ListObjectsV2Command({
        Bucket: env.mediaBucket(),
        Prefix: `users/${userId}/`,
        ContinuationToken: token,
      }),
    );
    for (const object of page.Contents ?? []) {
      if (!object.Key) continue;
      await s3Client().send(new DeleteObjectCommand({ Bucket: env.mediaBucket(), Key: object.Key }));
      removed += 1;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return removed;
}
