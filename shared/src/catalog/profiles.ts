import * as z from 'zod/mini';
import { idField, listField, textField } from '../schema-primitives';
import { foldText } from './folding';

/** Public profiles, and the admin's merging of wines. */

export interface PublicProfile {
  id: string;
  fullName: string;
  userType: string;
  isExpert: boolean;
  profileImage?: string;
  bio?: string;
  country?: string;
  webUrl?: string;
  instagramUrl?: string;
  status: 'active' | 'deactivated';
  statistic: { tastings: number; averagePoints: number | null; wines: number };
  tastingLocation?: {
    name?: string;
    address?: string;
    lat?: number;
    long?: number;
    image?: string;
    logo?: string;
    bio?: string;
    webUrl?: string;
    menuUrl?: string;
    bookingUrl?: string;
    instagramUsername?: string;
    isWineListPublic: boolean;
  };
}

/** What the admin types to merge wines that differ in style, producer or vintage; either language's. */
export const MERGE_CONFIRMATION_PHRASES = { en: 'MERGE', nb: 'SLÅ SAMMEN' } as const;

export function isMergeConfirmation(typed: string | undefined): boolean {
  const value = (typed ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
  return Object.values(MERGE_CONFIRMATION_PHRASES).includes(value as never);
}

export const MergeWinesInput = z.object({
  survivorId: idField,
  duplicateIds: listField(idField, 20, { min: 1 }),
  /**
   * The typed confirmation phrase (MERGE_CONFIRMATION_PHRASES); needed only when a duplicate differs
   * from the survivor in style, producer or vintage (`mergeDifferences`).
   */
  confirmation: z.optional(textField(40)),
});
export type MergeWinesInput = z.infer<typeof MergeWinesInput>;

/** What may tell two wines apart although their names match: a merge of such wines must be confirmed. */
export type MergeDifference = 'style' | 'producer' | 'vintage';

interface MergeComparable {
  mainCategoryId: string;
  producer?: string | null;
  vintage?: number | null;
}

/**
 * How a duplicate differs from the survivor: its style or colour (a rosé is not a white), its producer
 * (when both name one) or its vintage (non-vintage is a vintage of its own).
 */
export function mergeDifferences(survivor: MergeComparable, duplicate: MergeComparable): MergeDifference[] {
  const out: MergeDifference[] = [];
  if (survivor.mainCategoryId !== duplicate.mainCategoryId) out.push('style');
  const producer = (wine: MergeComparable) =>
    foldText(wine.producer ?? '')
      .replace(/\s+/g, ' ')
      .trim();
  if (producer(survivor) && producer(duplicate) && producer(survivor) !== producer(duplicate))
    out.push('producer');
  if ((survivor.vintage ?? null) !== (duplicate.vintage ?? null)) out.push('vintage');
  return out;
}

export interface MergeRecord {
  id: string;
  survivorId: string;
  duplicateIds: string[];
  movedTastings: number;
  movedExternalIds: number;
  mergedBy: string;
  mergedAt: string;
  /** The wines' names as the history shows them ("Name 2019"), by id; read with the history. */
  wineNames?: Record<string, string>;
  /** The admin who merged, by name; read with the history. */
  mergedByName?: string;
}
