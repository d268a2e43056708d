import { type CellarWine, openBottleTenths } from '@kork/shared';
import type { TFunction } from 'i18next';
import { formatCount, formatDecimal } from '../../../lib/format-number';

/**
 * A wine's bottles as a bar sees them: the full ones and, when one is open (a count in tenths or the
 * till's pours left it so), "+ open bottle (0.4)". The open bottle counts in `quantity` until it is
 * poured out (docs/pos.md), so the full ones are one fewer.
 */
export function bottlesWithOpen(
  wine: Pick<CellarWine, 'quantity' | 'openBottleCl' | 'bottleSize'>,
  locale: string,
): { full: number; fullText: string; open?: string } {
  const tenths = wine.quantity > 0 ? openBottleTenths(wine.openBottleCl, wine.bottleSize) : 0;
  const full = tenths > 0 ? wine.quantity - 1 : wine.quantity;
  return {
    full,
    fullText: formatCount(full, locale),
    ...(tenths > 0 ? { open: formatDecimal(tenths / 10, locale, 1) } : {}),
  };
}

/** " + open bottle (0.4)", or nothing when none is open. */
export function openBottleSuffix(
  t: TFunction,
  wine: Pick<CellarWine, 'quantity' | 'openBottleCl' | 'bottleSize'>,
  locale: string,
): string {
  const { open } = bottlesWithOpen(wine, locale);
  return open ? ` ${t('cellarWines.openBottle', { fill: open })}` : '';
}
