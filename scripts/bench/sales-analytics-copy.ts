/**
 * The sales-analytics bench's measure of the rollups' shared copy (sales-analytics.ts): what the year's
 * rollups weigh laid out by column with each group's names once, as the copy stores them, against the
 * rows as objects, and the in-process work of writing and reading each.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { rollupsBetween } from '@kork/functions/sales/sale-rollups';
import {
  type RollupColumns,
  rollupColumnsOf,
  rollupRowsFromColumns,
} from '@kork/functions/sales-analytics/rollup-columns';
import type { RollupRow } from '@kork/functions/sales-analytics/rollup-figures';
import { rollupRowOf } from '@kork/functions/sales-analytics/sales-rollups-held';
import { isoOfDay } from '@kork/shared';
import { percentile, timeRuns } from './timing';

/**
 * What the year's rollups weigh as the shared copy lays them out (by column, names once) against the rows
 * as objects: JSON and gzip (level 1) sizes, and the in-process work of writing and reading each.
 */
export async function copySizes(userId: string, today: number) {
  const records = await rollupsBetween(userId, isoOfDay(today - 364), isoOfDay(today));
  const rows = records.map(rollupRowOf);
  const median = (values: number[]) => percentile(values, 50);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const columnsJson = JSON.stringify(rollupColumnsOf(rows, today - 364, today));
  const rowsJson = JSON.stringify(rows);
  const columnsBody = gzipSync(columnsJson, { level: 1 });
  const rowsBody = gzipSync(rowsJson, { level: 1 });
  return {
    columnsJson: kb(Buffer.byteLength(columnsJson)),
    rowsJson: kb(Buffer.byteLength(rowsJson)),
    columnsGzip: kb(columnsBody.length),
    rowsGzip: kb(rowsBody.length),
    columnsWriteMs: median(
      await timeRuns(10, async () =>
        gzipSync(JSON.stringify(rollupColumnsOf(rows, today - 364, today)), { level: 1 }),
      ),
    ),
    rowsWriteMs: median(await timeRuns(10, async () => gzipSync(JSON.stringify(rows), { level: 1 }))),
    columnsReadMs: median(
      await timeRuns(10, async () =>
        rollupRowsFromColumns(JSON.parse(gunzipSync(columnsBody).toString('utf8')) as RollupColumns),
      ),
    ),
    rowsReadMs: median(
      await timeRuns(10, async () => JSON.parse(gunzipSync(rowsBody).toString('utf8')) as RollupRow[]),
    ),
  };
}
