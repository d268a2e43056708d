import { MAIN_CATEGORIES, type MainCategory } from '@kork/shared/catalog';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotFoundError, UpstreamError, ValidationError } from '../platform/errors';
import {
  negotiateFormat,
  resizeImage,
  resolveImage,
  resolveSource,
  resolveStyle,
  resolveWidth,
} from './image-service';
import { handler } from './resize-image';

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

/** The bottle's own colour: the average of its pixels, each as much as it is opaque. */
async function bottleColour(style: MainCategory): Promise<[number, number, number]> {
  const image = await resizeImage({ kind: 'default', style }, 128, 'image/png');
  const { data } = await sharp(image.body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  let weight = 0;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = (data[i + 3] ?? 0) / 255;
    for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (data[i + c] ?? 0) * alpha;
    weight += alpha;
  }
  return sum.map((value) => Math.round(value / weight)) as [number, number, number];
}

/** How far apart two colours are (0–441). */
function distance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(...a.map((value, i) => value - (b[i] ?? 0)));
}

describe('the bottle drawn for a wine without an image', () => {
  it('takes a main category as its style, and nothing else', () => {
    for (const style of MAIN_CATEGORIES) expect(resolveStyle(style)).toBe(style);
    expect(resolveStyle(undefined)).toBeUndefined();
    expect(resolveStyle('')).toBeUndefined();
    for (const bad of ['Red', 'purple', 'red ', 'rosé', 'red,white', '__proto__', 'toString']) {
      expect(() => resolveStyle(bad), bad).toThrow(ValidationError);
    }
  });

  it('draws the style only when there is no image to show', () => {
    expect(resolveImage({ style: 'sparkling' }, HOSTS)).toEqual({ kind: 'default', style: 'sparkling' });
    expect(resolveImage({}, HOSTS)).toEqual({ kind: 'default' });
    expect(resolveImage({ url: '/wines/1.jpg', style: 'beer' }, HOSTS)).toEqual({
      kind: 'media',
      key: 'wines/1.jpg',
    });
  });

  it('has a bottle of its own, in its own colours, for each style', async () => {
    const styles = [
      'red',
      'white',
      'rose',
      'sparkling',
      'fortified',
      'dessert',
      'beer',
      'spirits',
    ] as const satisfies MainCategory[];
    const colours = new Map<MainCategory, [number, number, number]>();
    for (const style of styles) colours.set(style, await bottleColour(style));
    for (const [i, a] of styles.entries()) {
      for (const b of styles.slice(i + 1)) {
        expect(distance(colours.get(a) ?? [], colours.get(b) ?? []), `${a} and ${b}`).toBeGreaterThan(20);
      }
    }
    const [red, white, rose] = [colours.get('red'), colours.get('white'), colours.get('rose')];
    // A red's dark glass is darker than a white's pale green one; a rosé is pink (more red than green).
    expect(Math.max(...(red ?? []))).toBeLessThan(Math.min(...(white ?? [])));
    expect((rose?.[0] ?? 0) - (rose?.[1] ?? 0)).toBeGreaterThan(30);
    expect(colours.get('white')?.[1] ?? 0).toBeGreaterThan(colours.get('white')?.[2] ?? 0);
  });

  it('draws every main category, the red bottle when none is named', async () => {
    const drawn = new Set<string>();
    for (const style of MAIN_CATEGORIES) {
      const image = await resizeImage({ kind: 'default', style }, 64, 'image/png');
      drawn.add(image.body.toString('base64'));
    }
    expect(drawn.size).toBe(MAIN_CATEGORIES.length);
    const unnamed = await resizeImage({ kind: 'default' }, 64, 'image/png');
    const red = await resizeImage({ kind: 'default', style: 'red' }, 64, 'image/png');
    expect(unnamed.body.equals(red.body)).toBe(true);
  });

  it('is a 400 through /img for a style it does not know, and the picture for one it does', async () => {
    const request = (query: Record<string, string>) =>
      handler({
        queryStringParameters: query,
        headers: { accept: 'image/webp', 'accept-language': 'en' },
      } as unknown as APIGatewayProxyEventV2);

    const bad = await request({ w: '128', style: 'purple' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(String(bad.body)).error).toMatchObject({
      code: 'VALIDATION',
      message: 'No bottle is drawn for this style',
      fields: { style: expect.any(String) },
    });

    const good = await request({ w: '128', style: 'sparkling' });
    expect(good.statusCode).toBe(200);
    expect(good.headers?.['content-type']).toBe('image/webp');
    const meta = await sharp(Buffer.from(String(good.body), 'base64')).metadata();
    expect(meta.width).toBe(128);
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
