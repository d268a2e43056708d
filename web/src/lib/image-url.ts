import { IMAGE_WIDTHS } from '@kork/shared';

/**
 * Pictures are shown through the image service (`/img?url=…&w=…`, SPEC §7), which renders only the
 * whitelisted widths: the smallest one that covers the wanted width is asked for.
 */
export function imageUrl(path: string, width: number): string {
  const widths = [...IMAGE_WIDTHS].sort((a, b) => a - b);
  const chosen = widths.find((w) => w >= width) ?? widths[widths.length - 1];
  return `/img?url=${encodeURIComponent(path)}&w=${chosen}`;
}

/** `src` and a 2x `srcSet` for a picture shown `width` CSS pixels wide. */
export function imageSources(path: string, width: number): { src: string; srcSet: string } {
  return {
    src: imageUrl(path, width),
    srcSet: `${imageUrl(path, width)} 1x, ${imageUrl(path, width * 2)} 2x`,
  };
}
