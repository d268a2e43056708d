/**
 * Image resizing for `/img?url=…&w=…` (SPEC §7): only the allowed widths, only from the media bucket or
 * a whitelisted host (anything else is refused before any fetch), WebP or AVIF when the browser takes
 * them, and when there is no image a bottle drawn for the wine's style (`&style=sparkling`).
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { MAIN_CATEGORIES, type MainCategory } from '@kork/shared/catalog';
import { IMAGE_WIDTHS } from '@kork/shared/limits';
import sharp from 'sharp';
import * as z from 'zod/mini';
import { env } from '../platform/env';
import { NotFoundError, PayloadTooLargeError, UpstreamError, ValidationError } from '../platform/errors';
import { s3Client } from '../platform/s3';
import { defaultBottleSvg } from './default-bottle';

export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export type ImageSource =
  | { kind: 'default'; style?: MainCategory }
  | { kind: 'media'; key: string }
  | { kind: 'remote'; url: URL };

const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5_000;

/** Which image a `url` parameter names. Throws before anything is fetched when it is not allowed. */
export function resolveSource(raw: string | undefined, allowedHosts: readonly string[]): ImageSource {
  if (!raw) return { kind: 'default' };
  if (raw.startsWith('/') && !raw.startsWith('//')) {
    let key: string;
    try {
      key = decodeURIComponent(raw.slice(1));
    } catch {
      throw new ValidationError({ url: 'imageUrlNotAllowed' }, { key: 'imageUrlNotAllowed' });
    }
    if (!key || key.split('/').some((part) => part === '..' || part === '')) {
      throw new ValidationError({ url: 'imageUrlNotAllowed' }, { key: 'imageUrlNotAllowed' });
    }
    return { kind: 'media', key };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError({ url: 'imageUrlNotAllowed' }, { key: 'imageUrlNotAllowed' });
  }
  const host = url.hostname.toLowerCase();
  const allowed = allowedHosts.some((h) => host === h.toLowerCase());
  if (url.protocol !== 'https:' || url.username || url.password || url.port || !allowed) {
    throw new ValidationError({ url: 'imageUrlNotAllowed' }, { key: 'imageUrlNotAllowed' });
  }
  return { kind: 'remote', url };
}

/** The `style` parameter: one of the main categories, or none (the red bottle). */
const styleSchema = z.optional(z.enum(MAIN_CATEGORIES));

/** Which bottle to draw for a wine without an image. Throws for a style that is not a main category. */
export function resolveStyle(raw: string | undefined): MainCategory | undefined {
  const parsed = styleSchema.safeParse(raw || undefined);
  if (!parsed.success) {
    throw new ValidationError({ style: 'imageStyleNotAllowed' }, { key: 'imageStyleNotAllowed' });
  }
  return parsed.data;
}

/** The image to render: the one `url` names, else the bottle for `style`. */
export function resolveImage(
  query: { url?: string | undefined; style?: string | undefined },
  allowedHosts: readonly string[],
): ImageSource {
  const style = resolveStyle(query.style);
  const source = resolveSource(query.url, allowedHosts);
  return source.kind === 'default' && style ? { kind: 'default', style } : source;
}

export function resolveWidth(raw: string | undefined): number {
  const width = Number(raw);
  if (!raw || !Number.isInteger(width) || !IMAGE_WIDTHS.includes(width)) {
    throw new ValidationError({ w: 'imageWidthNotAllowed' }, { key: 'imageWidthNotAllowed' });
  }
  return width;
}

/** The best format the `Accept` header takes: AVIF, then WebP, else the source's own kind. */
export function negotiateFormat(accept: string | undefined, hasAlpha: boolean): ImageFormat {
  const value = accept?.toLowerCase() ?? '';
  if (value.includes('image/avif')) return 'avif';
  if (value.includes('image/webp')) return 'webp';
  return hasAlpha ? 'png' : 'jpeg';
}

async function loadSource(source: ImageSource): Promise<Buffer> {
  if (source.kind === 'default') return Buffer.from(defaultBottleSvg(source.style));
  if (source.kind === 'media') {
    try {
      const object = await s3Client().send(
        new GetObjectCommand({ Bucket: env.mediaBucket(), Key: source.key }),
      );
      if ((object.ContentLength ?? 0) > MAX_SOURCE_BYTES) throw new PayloadTooLargeError();
      return Buffer.from(
        await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      );
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound' || name === 'InvalidKey') throw new NotFoundError();
      throw error;
    }
  }
  let response: Response;
  try {
    response = await fetch(source.url, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch {
    // The host is down, slow, redirects or is not there: for this origin the image is not available.
    throw new UpstreamError();
  }
  if (response.status === 404 || response.status === 410) throw new NotFoundError();
  if (!response.ok) throw new UpstreamError();
  if (Number(response.headers.get('content-length') ?? 0) > MAX_SOURCE_BYTES)
    throw new PayloadTooLargeError();
  const bytes = Buffer.from(
    await response.arrayBuffer().catch(() => {
      throw new UpstreamError();
    }),
  );
  if (bytes.length > MAX_SOURCE_BYTES) throw new PayloadTooLargeError();
  return bytes;
}

function unreadable(): ValidationError {
  return new ValidationError({ url: 'imageUnreadable' }, { key: 'imageUnreadable' });
}

export interface ResizedImage {
  body: Buffer;
  contentType: string;
  format: ImageFormat;
}

export async function resizeImage(
  source: ImageSource,
  width: number,
  accept: string | undefined,
): Promise<ResizedImage> {
  const input = await loadSource(source);
  const image = sharp(input, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
  const meta = await image.metadata().catch(() => {
    throw unreadable();
  });
  const format = negotiateFormat(accept, Boolean(meta.hasAlpha));
  const resized = image.resize({ width, withoutEnlargement: source.kind !== 'default' });
  // Stored bytes that only start like an image (cut short, corrupt, too many pixels) fail here: a 400.
  const body = await (format === 'avif'
    ? resized.avif({ quality: 55, effort: 2 })
    : format === 'webp'
      ? resized.webp({ quality: 78 })
      : format === 'png'
        ? resized.png({ compressionLevel: 8 })
        : resized.jpeg({ quality: 80, mozjpeg: true })
  )
    .toBuffer()
    .catch(() => {
      throw unreadable();
    });
  return { body, contentType: `image/${format}`, format };
}
