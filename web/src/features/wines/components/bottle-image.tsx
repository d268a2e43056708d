import type { MainCategory } from '@kork/shared';
import { type ImgHTMLAttributes, useState } from 'react';
import { wineImageCandidates } from '../../../lib/wine-image';

interface BottleImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  wine: {
    imageUrl?: string | undefined | null;
    vinmonopoletNumber?: string | undefined | null;
    mainCategoryId?: MainCategory | undefined;
  };
  width: number;
  alt: string;
}

/**
 * A wine's bottle: its own picture or the retailer's, and when that cannot be loaded (the host is
 * unreachable, the product has no picture) the bottle drawn for its style instead of a broken image.
 */
export function BottleImage({ wine, width, alt, ...rest }: BottleImageProps) {
  const candidates = wineImageCandidates(wine, width);
  const key = candidates.map((c) => c.src).join('|');
  // Which picture failed last, per wine: another wine starts again from its best picture.
  const [failed, setFailed] = useState<{ key: string; index: number }>({ key, index: 0 });
  const index = failed.key === key ? failed.index : 0;
  const shown = candidates[Math.min(index, candidates.length - 1)] ?? candidates[0];
  return (
    <img
      {...rest}
      src={shown?.src}
      srcSet={shown?.srcSet}
      alt={alt}
      data-fallback={index > 0 || undefined}
      onError={() => setFailed({ key, index: Math.min(index + 1, candidates.length - 1) })}
    />
  );
}
