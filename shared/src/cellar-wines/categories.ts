import * as z from 'zod/mini';
import { idField, listField } from '../schema-primitives';
import { nameField, nullableId } from './fields';

/** Wine list categories and subcategories (SPEC §3). */

/** A wine list category or subcategory (SPEC §3): name, parent, visibility, order. */
export interface WineListCategory {
  id: string;
  name: string;
  parentId: string | null;
  isVisible: boolean;
  order: number;
}

export const CategoryInput = z.object({
  name: nameField,
  parentId: nullableId,
  isVisible: z.optional(z.boolean()),
});
export type CategoryInput = z.infer<typeof CategoryInput>;

export const CategoryUpdate = z.object({
  name: z.optional(nameField),
  parentId: nullableId,
  isVisible: z.optional(z.boolean()),
});
export type CategoryUpdate = z.infer<typeof CategoryUpdate>;

/** `PUT …/wine-list-categories/order`: the ids of one level (same parent) in their new order. */
export const CategoryOrderInput = z.object({
  parentId: z.nullable(idField),
  ids: listField(idField, 500, { min: 1 }),
});
export type CategoryOrderInput = z.infer<typeof CategoryOrderInput>;
