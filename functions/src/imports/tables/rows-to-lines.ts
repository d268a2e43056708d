/** Table rows under a column assignment as wine lines (rows with no wine name are left out). */
import type { ImportField } from '@kork/shared';
import type { ReadLine } from '../read/read-line';
import type { TableData } from './read-table';

export function linesFromTable(_table: TableData, _assignment: readonly (ImportField | null)[]): ReadLine[] {
  throw new Error('linesFromTable: not written yet');
}
