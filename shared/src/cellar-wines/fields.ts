import * as z from 'zod/mini';
import { idField, textField } from '../schema-primitives';

/** Fields the cellar's bodies share (kept out of the package's exports). */

export const nullableId = z.optional(z.nullable(idField));
export const nameField = textField(100, { min: 1 });
