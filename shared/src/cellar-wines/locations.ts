import * as z from 'zod/mini';
import { foldText, type MainCategory } from '../catalog';
import { nameField, nullableId } from './fields';

/** The cellar's locations and a location shared by link. */

/** A place in the cellar; `parentId` makes it a sub-location. */
export interface CellarLocation {
  id: string;
  name: string;
  parentId: string | null;
  order: number;
  /** Set while the location is shared as a read-only public link. */
  shareToken?: string;
  /** Bottles in this location itself (not its sub-locations). */
  bottles: number;
  createdAt: string;
}

/**
 * What two locations (or two wine list categories) under one parent may not share: the name trimmed, its
 * spaces collapsed, case and accents folded ("Kjøleskap" and " kjoleskap " are one name).
 */
export function treeNameKey(name: string): string {
  return foldText(name.trim().replace(/\s+/g, ' '));
}

export const LocationInput = z.object({
  name: nameField,
  parentId: nullableId,
});
export type LocationInput = z.infer<typeof LocationInput>;

export const LocationUpdate = z.object({
  name: z.optional(nameField),
  parentId: nullableId,
});
export type LocationUpdate = z.infer<typeof LocationUpdate>;

/** `GET /api/shared-locations/{token}`: what a shared link shows — that location and its sub-locations only. */
export interface SharedLocationView {
  location: { id: string; name: string; path: string[] };
  ownerName: string;
  sublocations: { id: string; name: string; parentId: string | null }[];
  rows: {
    id: string;
    wineDisplayName: string;
    wineName: string;
    producerName?: string;
    vintage: number | null;
    bottleSize: number;
    mainCategoryId: MainCategory;
    country?: string;
    region?: string;
    imageUrl?: string;
    wineId?: string;
    /** Bottles in the shared location and its sub-locations. */
    quantity: number;
    placements: { locationId: string; quantity: number }[];
  }[];
  count: number;
  bottles: number;
}
