import { IMAGE_WIDTHS, type MainCategory } from '@kork/shared';
import { imageSources } from './image-url';

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

/** Vinmonopolet's product pictures: square JPEGs on its image host, named after the product number. */
export const RETAILER_IMAGE_HOST = 'bilder.vinmonopolet.no';
const RETAILER_IMAGE_SIZE = '515x515-0';

/**
 * The retailer's picture of a wine with a Vinmonopolet product number
 * (`https://bilder.vinmonopolet.no/cache/515x515-0/1101-1.jpg`); none for anything but digits.
 */
export function retailerImageUrl(productNumber: string | undefined | null): string | undefined {
  const number = productNumber?.trim();
  if (!number || !/^\d{1,12}$/.test(number)) return undefined;
  return `https://${RETAILER_IMAGE_HOST}/cache/${RETAILER_IMAGE_SIZE}/${number}-1.jpg`;
}

/**
 * The pictures to try for a wine, best first, through the image service: its own picture, else the
 * retailer's (the service fetches it from the whitelisted host), and last the bottle drawn for its style,
 * shown when the others fail to load.
 */
export function wineImageCandidates(
  wine: {
    imageUrl?: string | undefined | null;
    vinmonopoletNumber?: string | undefined | null;
    mainCategoryId?: MainCategory | undefined;
  },
  width: number,
): { src: string; srcSet: string }[] {
  const drawn = wineImageSources(undefined, width, wine.mainCategoryId);
  const picture = wine.imageUrl || retailerImageUrl(wine.vinmonopoletNumber);
  return picture ? [wineImageSources(picture, width, wine.mainCategoryId), drawn] : [drawn];
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
