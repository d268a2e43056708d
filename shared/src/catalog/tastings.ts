import * as z from 'zod/mini';
import { withBounds } from '../messages';
import {
  crossCheck,
  drinkingWindowYearField,
  isoDateField,
  mediaPathField,
  textField,
  todayIso,
} from '../schema-primitives';
import type { WineRow } from './wines';

/** Tasting notes: points, rating descriptions and the note itself (SPEC §3 Tasting note, §5, §9). */

/** The 100-point scale: 50 is the floor, as in the common wine-critic scale. */
export const POINTS_MIN = 50;
export const POINTS_MAX = 100;

/**
 * SPEC §9 rating descriptions with the thresholds Kork uses (the lowest points of each band).
 * Documented in docs/decisions.md.
 */
export const RATING_BANDS = [
  { min: 98, description: 'Extraordinary' },
  { min: 94, description: 'Outstanding' },
  { min: 90, description: 'Excellent' },
  { min: 86, description: 'Very Good' },
  { min: 82, description: 'Good' },
  { min: 78, description: 'Average' },
  { min: 74, description: 'Acceptable' },
  { min: 70, description: 'Bad' },
  { min: POINTS_MIN, description: 'Unacceptable' },
] as const;
export type RatingDescription = (typeof RATING_BANDS)[number]['description'];

export function ratingDescription(points: number): RatingDescription {
  for (const band of RATING_BANDS) if (points >= band.min) return band.description;
  return 'Unacceptable';
}

/** The latest day a tasting can be dated: today, with a day's grace for time zones east of UTC. */
function latestTastingDay(): string {
  return todayIso(new Date(Date.now() + 24 * 3600 * 1000));
}

/** Points go in whole or half steps: 88.5 as the experts give them, 99.5 too. */
export const POINTS_STEP = 0.5;

/** Whether a number is a tasting's points: from 50 to 100 in whole or half points. */
export function isTastingPoints(value: number): boolean {
  return Number.isFinite(value) && value >= POINTS_MIN && value <= POINTS_MAX && Number.isInteger(value * 2);
}

const POINTS_RULE = withBounds('invalidTastingPoints', { min: POINTS_MIN, max: POINTS_MAX });
export const pointsField = z
  .number({ error: POINTS_RULE })
  .check(
    z.gte(POINTS_MIN, { error: POINTS_RULE }),
    z.lte(POINTS_MAX, { error: POINTS_RULE }),
    z.refine(isTastingPoints, { error: POINTS_RULE }),
  );
/** A tasting's day: from 1900-01-01 to today; "Invalid date" otherwise (SPEC §5). */
const dateField = isoDateField({ max: latestTastingDay, outOfRange: 'invalidDate' });
const windowYear = z.optional(z.nullable(drinkingWindowYearField));

const tastingFields = {
  points: pointsField,
  date: dateField,
  text: z.optional(textField(5000, { lines: true })),
  /** A picture the author uploaded (`POST /api/users/{id}/tasting-images` answers its path). */
  photo: z.optional(z.nullable(mediaPathField)),
  drinkingWindowFrom: windowYear,
  drinkingWindowTo: windowYear,
  isPublished: z.boolean({
    error: (issue) => (issue.input === undefined ? 'required' : 'mustBeTrueOrFalse'),
  }),
};

function windowInOrder(value: { drinkingWindowFrom?: number | null; drinkingWindowTo?: number | null }) {
  const { drinkingWindowFrom: from, drinkingWindowTo: to } = value;
  return from == null || to == null || from <= to;
}

export const TastingInput = z.object(tastingFields).check(
  crossCheck(['drinkingWindowFrom', 'drinkingWindowTo'], windowInOrder, {
    error: 'drinkUntilBeforeFrom',
    path: ['drinkingWindowTo'],
  }),
);
export type TastingInput = z.infer<typeof TastingInput>;

export const TastingUpdateInput = z.partial(z.object(tastingFields)).check(
  crossCheck(['drinkingWindowFrom', 'drinkingWindowTo'], windowInOrder, {
    error: 'drinkUntilBeforeFrom',
    path: ['drinkingWindowTo'],
  }),
);
export type TastingUpdateInput = z.infer<typeof TastingUpdateInput>;

export interface TastingNote {
  id: string;
  wineId: string;
  authorId: string;
  authorName: string;
  authorImage?: string;
  authorIsExpert: boolean;
  points: number;
  date: string;
  text?: string;
  photo?: string;
  drinkingWindowFrom?: number | null;
  drinkingWindowTo?: number | null;
  isPublished: boolean;
  createdAt: string;
  updatedAt: string;
  /** The wine, for lists across wines (My tastings, a user's profile). */
  wine?: Pick<WineRow, 'id' | 'name' | 'producer' | 'vintage' | 'imageUrl'> &
    Partial<Pick<WineRow, 'mainCategoryId'>>;
}

/** `GET /api/wines/{id}/tastings`: published notes, experts apart from the community, and the viewer's own. */
export interface WineTastings {
  expert: TastingNote[];
  community: TastingNote[];
  mine: TastingNote[];
}
