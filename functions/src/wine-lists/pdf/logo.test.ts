import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageSize, printableLogo } from './logo';

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 300, height = 120) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 80, b: 60 } } })
    .toFormat(format)
    .toBuffer();

describe('the logo as the PDF takes it', () => {
  it('reads the size of a PNG and of a JPEG', async () => {
    expect(imageSize(await image('png'))).toEqual({ width: 300, height: 120 });
    expect(imageSize(await image('jpeg', 64, 200))).toEqual({ width: 64, height: 200 });
    expect(imageSize(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });

  it('keeps a PNG or JPEG as it is', async () => {
    const png = await image('png');
    const logo = await printableLogo(png);
    expect(logo.bytes).toBe(png);
    expect(logo).toMatchObject({ width: 300, height: 120 });
  });

  it('turns a WebP or GIF logo into a PNG of the same size', async () => {
    for (const format of ['webp', 'gif'] as const) {
      const logo = await printableLogo(await image(format, 90, 45));
      expect(Buffer.from(logo.bytes).subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(logo).toMatchObject({ width: 90, height: 45 });
    }
  });

  it('refuses bytes that are no image', async () => {
    await expect(printableLogo(new TextEncoder().encode('not an image at all'))).rejects.toThrow();
  });
});
