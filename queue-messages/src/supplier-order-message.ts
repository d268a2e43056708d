import * as z from 'zod/mini';
import { SupplierOrderAnswered } from './supplier-order-answered';
import { SupplierOrderPlaced, SupplierOrderPlacedV2 } from './supplier-order-placed';
import { SupplierOrderReminder } from './supplier-order-reminder';

/** Every message of the supplier-orders queue, told apart by `name` and `version`. */
export const SupplierOrderMessage = z.union([
  SupplierOrderPlaced,
  SupplierOrderPlacedV2,
  SupplierOrderAnswered,
  SupplierOrderReminder,
]);

export type SupplierOrderMessage = z.infer<typeof SupplierOrderMessage>;
