/**
 * Account pictures in the media bucket, under `users/<id>/`. An upload is checked by its content (its
 * signature bytes must be those of an allowed image format), not by its name or declared type. The image
 * function decodes and re-encodes every picture it serves.
 */

import { posix } from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { isMediaKey, LIMITS } from '@kork/shared';
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

/**
 * The media key a path names when it lies in `userId`'s own folder, else undefined: the path (with or
 * without its leading `/`) must be a media key (no `..`, escapes, backslashes or empty parts), resolve
 * to itself and start with `users/<userId>/`. Every picture write and delete goes through it.
 */
export function ownMediaKey(path: string | undefined, userId: string): string | undefined {
  if (!path || !userId) return undefined;
  const key = path.startsWith('/') ? path.slice(1) : path;
  if (!isMediaKey(key) || posix.normalize(key) !== key) return undefined;
  return key.startsWith(`users/${userId}/`) ? key : undefined;
}

/** Stores an image in the account's own folder and answers its path for `/img?url=`. */
export async function storeImage(
  userId: string,
  field: ImageField | 'tastingPhoto' | 'cellarImage' | 'wineImage' | 'wineListLogo' | 'eventCover',
  file: UploadedFile,
): Promise<string> {
  const key = ownMediaKey(`users/${userId}/${field}-${ulid().toLowerCase()}`, userId);
  if (!key) throw new Error(`no media folder for account ${JSON.stringify(userId)}`);
  const { format, contentType } = await inspectImage(file);
  const stored = `${key}.${format}`;
  await s3Client().send(
    new PutObjectCommand({
      Bucket: env.mediaBucket(),
      Key: stored,
      Body: file.content,
      ContentType: contentType,
    }),
  );
  return `/${stored}`;
}

/**
 * Deletes a picture of `ownerId`'s: a path outside that account's own folder (another account's
 * picture, a `..` path, anything that is no media key) deletes nothing.
 */
export async function deleteImage(path: string | undefined, ownerId: string): Promise<void> {
  const key = ownMediaKey(path, ownerId);
  if (!key) return;
  await s3Client().send(new DeleteObjectCommand({ Bucket: env.mediaBucket(), Key: key }));
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
