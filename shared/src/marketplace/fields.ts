import { numberField } from '../schema-primitives';
import { MARKETPLACE_LIMITS } from './rules';

/** Fields the marketplace's bodies share (kept out of the package's exports). */

export const quantityField = numberField(1, MARKETPLACE_LIMITS.quantityMax, { int: true });
