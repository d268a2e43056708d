import { type RatingDescription, ratingDescription } from '@kork/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The i18n key of each SPEC §9 rating description (`rating.descriptions.<key>`). */
const DESCRIPTION_KEYS = {
  Extraordinary: 'extraordinary',
  Outstanding: 'outstanding',
  Excellent: 'excellent',
  'Very Good': 'veryGood',
  Good: 'good',
  Average: 'average',
  Acceptable: 'acceptable',
  Bad: 'bad',
  Unacceptable: 'unacceptable',
} as const satisfies Record<RatingDescription, string>;

/** The rating description of some points in the visitor's language ("Excellent", "Utmerket"). */
export function useRatingText(): (points: number) => string {
  const { t } = useTranslation();
  return useCallback(
    (points: number) => t(`rating.descriptions.${DESCRIPTION_KEYS[ratingDescription(Math.round(points))]}`),
    [t],
  );
}

/** Points as people read them: whole for a note, one decimal at most for an average. */
export function formatPoints(points: number, locale: string | undefined): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(points);
}

/** A price in its currency, the way the visitor's language writes money. */
export function formatPrice(amount: number, currency: string, locale: string | undefined): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    // A currency code the browser does not know is still shown, after the amount.
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/** A day (YYYY-MM-DD, or a full timestamp) the way the visitor's language writes dates. */
export function formatDate(date: string, locale: string | undefined): string {
  const value = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T12:00:00`) : new Date(date);
  if (Number.isNaN(value.getTime())) return date;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(value);
}

/** Country, region and sub-region, from the widest to the narrowest. */
export function originText(wine: { country?: string; region?: string; subRegion?: string }): string {
  return [wine.country, wine.region, wine.subRegion].filter(Boolean).join(', ');
}

/** The vintage, or "NV" for a non-vintage wine. */
export function useVintageText(): (vintage: number | null) => string {
  const { t } = useTranslation();
  return useCallback((vintage: number | null) => (vintage === null ? t('wine.nv') : String(vintage)), [t]);
}

/** The wine's page. */
export function winePath(id: string): string {
  return `/wines/${encodeURIComponent(id)}`;
}
