/**
 * Order import (SPEC §6: order import from importers needs activation): an importer registers an order it
 * took outside the marketplace into a buyer's cellar orders. Refused until an admin has activated order
 * import for the importer and the buyer's cellar has an active connection to it (the orders domain's
 * importer connections). The buyer is found by its organization number among business accounts.
 */
import type { Order, OrderImportInput } from '@kork/shared';
import { findBusinessesByOrganizationNumber } from '../../accounts/account-lookup';
import {
  createOrder,
  importerKeyOf,
  listImporterConnections,
  orderConversionFor,
} from '../../orders/order-service';
import type { Principal } from '../../platform/auth';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { portalSupplier, supplierRecord } from './portal-supplier';

/** `POST /api/supplier-portal/order-imports`: the order, as its buyer's cellar has it (source `import`). */
export async function importSupplierOrder(principal: Principal, input: OrderImportInput): Promise<Order> {
  const supplier = await supplierRecord((await portalSupplier(principal)).id);
  if (!supplier.orderImportActive) throw new ConflictError({ key: 'orderImportNeedsActivation' });

  const fields: Record<string, string> = {};
  const own = new Set(supplier.wineIds);
  input.lines.forEach((line, index) => {
    if (!own.has(line.wineId)) fields[`lines.${index}.wineId`] = 'supplierDoesNotOfferWine';
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);

  const [buyer, ...others] = await findBusinessesByOrganizationNumber(input.buyerOrganizationNumber);
  // Two accounts of one organization: the import cannot tell whose cellar is meant.
  if (!buyer || others.length > 0) throw new NotFoundError({ key: 'unknownBuyer' });

  const importer = importerKeyOf(supplier.name);
  const connections = await listImporterConnections(buyer.id);
  const connected = connections.some(
    (connection) => connection.status === 'active' && importerKeyOf(connection.importer) === importer,
  );
  if (!connected) throw new ConflictError({ key: 'orderImportNeedsActivation' });

  // Importers sell in NOK; the order's lines are converted into the cellar's own currency at the rate
  // held, which the order keeps.
  const conversion = await orderConversionFor(buyer.id, 'NOK');

  return createOrder(
    buyer.id,
    {
      type: 'purchase',
      status: 'placed',
      source: 'import',
      supplier: supplier.name,
      ...(input.orderId ? { orderId: input.orderId } : {}),
      ...(input.deliveryDate ? { deliveryDate: input.deliveryDate } : {}),
      products: input.lines.map((line) => ({
        wineId: line.wineId,
        units: line.units,
        unitCost: line.unitCostMinor,
      })),
    },
    principal,
    { conversion },
  );
}
