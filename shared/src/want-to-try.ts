/**
 * A wine lover's own lists on a wine: the quick rating (points only, kept as a tasting note) and the
 * "Want to try" list of wines to taste later.
 */
import * as z from 'zod/mini';
import { pointsField, type WineRow } from './catalog';

/** `PUT /api/wines/{id}/my-rating`: points only, one tap. The person's note on the wine takes them. */
export const QuickRatingInput = z.object({ points: pointsField });
export type QuickRatingInput = z.infer<typeof QuickRatingInput>;

/** The most wines one person keeps in Want to try. */
export const WANT_TO_TRY_MAX = 500;

/** One wine in a person's Want to try list, newest first. */
export interface WantToTryEntry {
  wineId: string;
  addedAt: string;
  /** The wine as the catalogue has it; absent when it left the catalogue. */
  wine?: Pick<WineRow, 'id' | 'name' | 'producer' | 'vintage' | 'imageUrl' | 'mainCategoryId'>;
}
