import {
  countWords,
  foldText,
  type MainCategory,
  nameWords,
  type RatingDescription,
  ratingDescription,
  styleDetail,
} from '@kork/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type VocabularyField, vocabularyLabel, vocabularyLabelOfId } from './vocabulary';

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

/** The vintage, or "NV" for a non-vintage wine (one that comes without a vintage at all, too). */
export function useVintageText(): (vintage: number | null | undefined) => string {
  const { t } = useTranslation();
  return useCallback(
    (vintage: number | null | undefined) =>
      vintage === null || vintage === undefined ? t('wine.nv') : String(vintage),
    [t],
  );
}

/**
 * A controlled catalogue value in the reader's language ("Frankrike" → "France", "Storfe" → "Beef",
 * "Ukjent" → "Unknown"); free text and values the vocabulary does not hold show as written.
 */
export function useVocabulary(): (field: VocabularyField, value: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (field: VocabularyField, value: string | null | undefined) => vocabularyLabel(field, value, language),
    [language],
  );
}

/** The name in the reader's language of a controlled value known only by its facet id ("lyst-kjott"). */
export function useVocabularyOfId(): (field: VocabularyField, id: string) => string | undefined {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (field: VocabularyField, id: string) => vocabularyLabelOfId(field, id, language),
    [language],
  );
}

/** Where a wine comes from in the reader's language, from the widest place to the narrowest. */
export function useOriginText(): (wine: { country?: string; region?: string; subRegion?: string }) => string {
  const label = useVocabulary();
  return useCallback(
    (wine: { country?: string; region?: string; subRegion?: string }) =>
      [label('country', wine.country), label('region', wine.region), label('region', wine.subRegion)]
        .filter(Boolean)
        .join(', '),
    [label],
  );
}

function foldedWords(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim();
}

export interface WineStyleText {
  /** The main category in the reader's language ("Red", "Rødvin"). */
  category: string;
  /** The specific product type ("Champagne", "Port"), only when it says more than the category. */
  type?: string;
}

/**
 * What style a wine is, without saying it twice: its main category, and its product type (`styleDetail`)
 * only where that adds to it ("Port" under Fortified; nothing beside Red for a "Rødvin").
 */
export function useWineStyleText(): (wine: {
  mainCategoryId: MainCategory;
  style?: string;
  styleDetail?: string;
}) => WineStyleText {
  const { t } = useTranslation();
  const label = useVocabulary();
  return useCallback(
    (wine: { mainCategoryId: MainCategory; style?: string; styleDetail?: string }) => {
      const category = t(`wine.categories.${wine.mainCategoryId}`);
      // The API sends `styleDetail` only where the type adds to the category; the same rule decides for
      // a wine that comes with its raw `style` alone.
      const detail = styleDetail(wine.mainCategoryId, wine.styleDetail ?? wine.style);
      if (!detail) return { category };
      const type = label('style', detail);
      return foldedWords(type) === foldedWords(category) ? { category } : { category, type };
    },
    [t, label],
  );
}

/**
 * The producer to show on its own line under a wine's display name: none when the name already says all
 * of it ("Vietti Barolo", "Krug Grande Cuvée"), the whole producer when the name carries only part of it
 * ("Barolo Cannubi" by Marchesi di Barolo).
 */
export function producerBesideName(displayName: string, producer: string | undefined): string | undefined {
  if (!producer?.trim()) return undefined;
  return countWords(nameWords(displayName), nameWords(producer)) > 0 ? undefined : producer;
}

/** The wine's page. */
export function winePath(id: string): string {
  return `/wines/${encodeURIComponent(id)}`;
}
