import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotFoundError, UpstreamError, ValidationError } from '../platform/errors';
import { negotiateFormat, resizeImage, resolveSource, resolveWidth } from './image-service';

const HOSTS = ['bilder.vinmonopolet.no'];

describe('which images /img may load', () => {
  it('takes a key in the media bucket', () => {
    expect(resolveSource('/wines/123.jpg', HOSTS)).toEqual({ kind: 'media', key: 'wines/123.jpg' });
  });

  it('takes https addresses on a whitelisted host only', () => {
    const source = resolveSource('https://bilder.vinmonopolet.no/p/1.png', HOSTS);
    expect(source.kind).toBe('remote');
    for (const bad of [
      'https://evil.example/1.png',
      'http://bilder.vinmonopolet.no/1.png',
      'https://bilder.vinmonopolet.no.evil.example/1.png',
      'https://user:pw@bilder.vinmonopolet.no/1.png',
      'https://bilder.vinmonopolet.no:8443/1.png',
      '//evil.example/1.png',
      '/wines/../secrets',
      'file:///etc/passwd',
      'not a url',
      '/wines/%E0%A4%A.jpg',
    ]) {
      expect(() => resolveSource(bad, HOSTS), bad).toThrow(ValidationError);
    }
  });

  it('uses the default bottle when there is no image', () => {
    expect(resolveSource(undefined, HOSTS)).toEqual({ kind: 'default' });
    expect(resolveSource('', HOSTS)).toEqual({ kind: 'default' });
  });

  it('renders only the allowed widths', () => {
    for (const w of ['16', '384', '640', '1080', '3840']) expect(resolveWidth(w)).toBe(Number(w));
    for (const w of ['17', '500', '4000', '0', '-640', '640.5', 'abc', undefined]) {
      expect(() => resolveWidth(w), String(w)).toThrow(ValidationError);
    }
  });

  it('prefers AVIF, then WebP, as the browser accepts them', () => {
    expect(negotiateFormat('image/avif,image/webp,*/*', false)).toBe('avif');
    expect(negotiateFormat('image/webp,*/*', false)).toBe('webp');
    expect(negotiateFormat('*/*', false)).toBe('jpeg');
    expect(negotiateFormat(undefined, true)).toBe('png');
  });

  it('draws the default bottle at the width asked for', async () => {
    const image = await resizeImage({ kind: 'default' }, 128, 'image/webp');
    expect(image.contentType).toBe('image/webp');
    expect((await sharp(image.body).metadata()).width).toBe(128);
  });
});

describe('an image /img cannot read', () => {
  const remote = { kind: 'remote', url: new URL('https://bilder.vinmonopolet.no/p/1.jpg') } as const;
  const answers = (response: Response | Error) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (response instanceof Error) throw response;
        return response;
      }),
    );
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a 404 when the host has no such image', async () => {
    answers(new Response('gone', { status: 404 }));
    await expect(resizeImage(remote, 128, 'image/webp')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('is a 502 when the host fails or cannot be reached', async () => {
    answers(new Response('oops', { status: 503 }));
    await expect(resizeImage(remote, 128, 'image/webp')).rejects.toBeInstanceOf(UpstreamError);
    answers(new TypeError('fetch failed'));
    await expect(resizeImage(remote, 128, 'image/webp')).rejects.toBeInstanceOf(UpstreamError);
  });

  it('is a 400 when the bytes are not an image, or one cut short', async () => {
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#335' } })
      .jpeg()
      .toBuffer();
    for (const bytes of [Buffer.from('<html>not an image</html>'), jpeg.subarray(0, jpeg.length / 3)]) {
      answers(new Response(bytes, { status: 200 }));
      await expect(resizeImage(remote, 128, 'image/webp')).rejects.toBeInstanceOf(ValidationError);
    }
  });
});
