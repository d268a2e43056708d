import { crc32, deflateSync } from 'node:zlib';
import { LIMITS } from '@kork/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toHttpError } from '../platform/errors';
import type { UploadedFile } from '../platform/multipart';
import { decodeUpload } from './decode-upload';

const upload = (content: Buffer, field = 'profileImage'): UploadedFile => ({
  filename: 'photo.jpg',
  mimetype: 'image/jpeg',
  content,
  field,
});

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG that says it is width × height pixels: a few hundred bytes that would decode to gigabytes. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(3 * width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(file: UploadedFile) {
  const error = await decodeUpload(file).then(
    () => undefined,
    (e: unknown) => e,
  );
  return toHttpError(error, 'nb');
}

describe('uploaded pictures are decoded before they are stored', () => {
  it('takes a picture that decodes and tells its size', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a1f3d' } })
      .jpeg()
      .toBuffer();
    expect(await decodeUpload(upload(jpeg))).toEqual({ width: 40, height: 30, format: 'jpeg' });
  });

  it('refuses bytes that only start like an image, on the field they came in, in the language asked for', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#7a1f3d' } })
      .jpeg()
      .toBuffer();
    for (const content of [
      jpeg.subarray(0, jpeg.length / 2),
      Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(600, 7)]),
      Buffer.from('not a picture at all'),
    ]) {
      expect(await refusal(upload(content))).toEqual({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Filen er ikke et bilde som kan leses',
            fields: { profileImage: 'Filen er ikke et bilde som kan leses' },
          },
        },
      });
    }
  });

  it('refuses a picture of more pixels than the limit, before decoding them', async () => {
    const side = Math.ceil(Math.sqrt(LIMITS.uploadMaxPixels)) + 1;
    const answer = await refusal(upload(pngClaiming(side, side), 'file'));
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ file: 'Bildet er for stort: høyst 40 megapiksler' });
    expect((await refusal(upload(pngClaiming(20_000, 20_000)))).status).toBe(400);
  });
});
