import { IMAGE_WIDTHS } from '@kork/shared';
import { imageSources } from '../../lib/image-url';

function serviceWidth(width: number): number {
  const widths = [...IMAGE_WIDTHS].sort((a, b) => a - b);
  return widths.find((w) => w >= width) ?? widths[widths.length - 1] ?? width;
}

/**
 * A wine's picture through the image service. A wine without one gets the default bottle, which the
 * service renders when it is asked for no `url` at all.
 */
export function wineImageSources(
  path: string | undefined | null,
  width: number,
): { src: string; srcSet: string } {
  if (path) return imageSources(path, width);
  const one = `/img?w=${serviceWidth(width)}`;
  const two = `/img?w=${serviceWidth(width * 2)}`;
  return { src: one, srcSet: `${one} 1x, ${two} 2x` };
}

/** A person's picture for Mantine's Avatar: `src` on the avatar, the 2x `srcSet` on its image. */
export function avatarImage(
  path: string | undefined | null,
  size: number,
): { src?: string; imageProps?: { srcSet: string } } {
  if (!path) return {};
  const { src, srcSet } = imageSources(path, size);
  return { src, imageProps: { srcSet } };
}
