/**
 * My tastings' order, search and filters: newest tasting first (the day tasted, then the day written),
 * words matched in the wine's name, producer and vintage and in the note's text, the wine's style and a
 * range of points.
 */
import { foldText, type MainCategory, type TastingNote } from '@kork/shared';

export interface NoteFilters {
  q?: string | undefined;
  category?: MainCategory | undefined;
  minPoints?: number | undefined;
  maxPoints?: number | undefined;
}

type Dated = Pick<TastingNote, 'date' | 'createdAt'>;

/** Newest tasting first; notes of one day, the one written last first. */
export function byTastingDate(a: Dated, b: Dated): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return 0;
}

export function hasFilters(filters: NoteFilters): boolean {
  return (
    Boolean(filters.q?.trim() || filters.category) || filters.minPoints != null || filters.maxPoints != null
  );
}

/** Whether a note (with its wine) passes the filters. Every word must be found. */
export function matchesFilters(note: TastingNote, filters: NoteFilters): boolean {
  if (filters.minPoints != null && note.points < filters.minPoints) return false;
  if (filters.maxPoints != null && note.points > filters.maxPoints) return false;
  if (filters.category && note.wine?.mainCategoryId !== filters.category) return false;
  const words = foldText(filters.q ?? '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return true;
  const wine = note.wine;
  const haystack = foldText(
    [wine?.name, wine?.producer, wine?.vintage ?? undefined, note.text].filter((v) => v != null).join(' '),
  );
  return words.every((word) => haystack.includes(word));
}
