/**
 * The marketplace's demo data: every wholesaler of the catalogue becomes a supplier (`syncSuppliers`),
 * and the demo importer account is linked to the supplier with the most wines.
 */
import { findUserByEmail } from '../accounts/account-lookup';
import type { SeedStep } from '../data/seed-step';
import { tables } from '../data/tables';
import { suppliersLinkedTo } from './portal/portal-supplier';
import { syncSuppliers } from './suppliers/suppliers';

export const DEMO_IMPORTER_EMAIL = 'importer@kork.local';

/** Links the demo importer to the supplier with the most wines, unless it is linked already. */
async function linkDemoImporter(): Promise<string> {
  const importer = await findUserByEmail(DEMO_IMPORTER_EMAIL);
  if (!importer) return 'no demo importer';
  if ((await suppliersLinkedTo(importer.id)).length > 0) return 'demo importer linked already';
  const { data } = await tables('marketplace')
    .supplier.query.byScope({ scope: 'suppliers' })
    .go({ pages: 'all', attributes: ['supplierId', 'name', 'wineIds', 'linkedUserId', 'version'] });
  const biggest = data
    .filter((supplier) => !supplier.linkedUserId)
    .sort((a, b) => b.wineIds.length - a.wineIds.length || a.supplierId.localeCompare(b.supplierId))[0];
  if (!biggest) return 'no supplier for the demo importer';
  await tables('marketplace')
    .supplier.patch({ scope: 'suppliers', supplierId: biggest.supplierId })
    .set({ linkedUserId: importer.id, version: biggest.version + 1, updatedAt: new Date().toISOString() })
    .where((attr, op) => op.eq(attr.version, biggest.version))
    .go();
  return `demo importer linked to ${biggest.name}`;
}

export const marketplaceSeed: SeedStep = {
  name: 'marketplace',
  version: 1,
  description: "Suppliers from the catalogue's wholesalers, the demo importer's supplier",
  async run() {
    const { suppliers, created } = await syncSuppliers();
    const linked = await linkDemoImporter();
    return `${suppliers} suppliers (${created} new), ${linked}`;
  },
};
