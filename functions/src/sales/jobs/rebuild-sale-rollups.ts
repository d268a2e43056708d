import { createLogger } from '../../platform/logger';
import { ownersWithSales, rebuildRollups } from '../sale-rollup-rebuild';

/** The job's event; locally `npm run job -- sale-rollups` (every cellar with sales). */
interface RollupsEvent {
  detail?: { ownerId?: unknown; force?: unknown };
}

/**
 * On demand: builds the day rollups of the sales analytics from the sales already recorded, for one
 * cellar (`detail.ownerId`) or every cellar with sales. A cellar already rebuilt (its marker) is
 * skipped unless `detail.force`, so running it again changes nothing.
 */
export async function handler(event?: RollupsEvent): Promise<string> {
  const log = createLogger({ job: 'sale-rollups' });
  const only = typeof event?.detail?.ownerId === 'string' ? event.detail.ownerId : undefined;
  const force = event?.detail?.force === true;
  const owners = only ? [only] : await ownersWithSales();
  let rebuilt = 0;
  let written = 0;
  for (const ownerId of owners) {
    const report = await rebuildRollups(ownerId, { force });
    if (report.status === 'rebuilt') rebuilt++;
    written += report.written;
    log.info('sale rollups', { ownerId, ...report });
  }
  return `Sale rollups: ${rebuilt} of ${owners.length} cellars rebuilt, ${written} items written`;
}
