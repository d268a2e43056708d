import { IMAGE_WIDTHS, type MainCategory } from '@kork/shared';
import { imageSources } from '../../lib/image-url';

function serviceWidth(width: number): number {
  const widths = [...IMAGE_WIDTHS].sort((a, b) => a - b);
  return widths.find((w) => w >= width) ?? widths[widths.length - 1] ?? width;
}

/**
 * A wine's picture through the image service. A wine without one gets a bottle drawn for its style (a
 * champagne bottle for a sparkling wine, a port bottle for a fortified one…), which the service renders
 * when it is asked for no `url` at all; without a style, a red wine's bottle.
 */
export function wineImageSources(
  path: string | undefined | null,
  width: number,
  style?: MainCategory | undefined,
): { src: string; srcSet: string } {
  if (path) return imageSources(path, width);
  const bottle = (w: number) => `/img?w=${serviceWidth(w)}${style ? `&style=${style}` : ''}`;
  const one = bottle(width);
  const two = bottle(width * 2);
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
