/**
 * The duty rates table (one item, `entities/duty-rate-table.ts`) and the rates the app ships. Only the
 * duties domain reads and writes it; other domains call `duties-service.ts`.
 */
import { createHash } from 'node:crypto';
import { DutyRatesFile } from '@kork/shared';
import { tables } from '../data/tables';
import shippedFile from './duty-rates.json';

/** Where the shipped rates say they come from when loaded. */
export const SHIPPED_ORIGIN = 'the rates the app ships (functions/src/duties/duty-rates.json)';

/** The rates file the app ships, checked as any other rates file is. */
export function shippedRates(): DutyRatesFile {
  return DutyRatesFile.parse(shippedFile);
}

export interface StoredRateTable {
  rows: DutyRatesFile['rows'];
  digest: string;
  origin: string;
  loadedAt: string;
}

/** The same rows give the same digest, whatever order the file listed them in. */
export function digestOf(rows: DutyRatesFile['rows']): string {
  const canonical = rows
    .map((row) =>
      JSON.stringify([
        row.kind,
        row.group ?? '',
        row.material ?? '',
        row.size ?? '',
        row.validFrom,
        row.rate,
        row.unit,
        row.source,
      ]),
    )
    .sort();
  return createHash('sha256').update(canonical.join('\n')).digest('hex');
}

/**
 * The stored table; undefined when none was loaded yet, or when what is stored no longer passes the
 * file's checks (then the caller falls back to the shipped rates and says so in the log).
 */
export async function storedRateTable(): Promise<StoredRateTable | undefined> {
  const { data } = await tables('duties').dutyRateTable.get({}).go({ consistent: true });
  if (!data) return undefined;
  const parsed = DutyRatesFile.safeParse({ rows: data.rows });
  if (!parsed.success) throw new Error('The stored duty rates do not pass the rates file checks');
  return { rows: parsed.data.rows, digest: data.digest, origin: data.origin, loadedAt: data.loadedAt };
}

/** Replaces the table with these rows in one put. */
export async function putRateTable(table: StoredRateTable): Promise<void> {
  await tables('duties').dutyRateTable.put(table).go();
}
