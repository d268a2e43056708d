/**
 * The marketplace's demo data: every wholesaler of the catalogue becomes a supplier (`syncSuppliers`),
 * and the demo importer account is linked to one of them.
 */
import type { SeedStep } from '../seeds';
import { syncSuppliers } from './suppliers';

export const marketplaceSeed: SeedStep = {
  name: 'marketplace',
  version: 1,
  description: "Suppliers from the catalogue's wholesalers",
  async run() {
    const { suppliers, created } = await syncSuppliers();
    return `${suppliers} suppliers (${created} new)`;
  },
};
