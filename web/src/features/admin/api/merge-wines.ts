import type { MergeRecord, MergeWinesInput } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/admin/wines/merge`: folds the duplicates into the survivor; answers what was moved. */
export function mergeWines(input: MergeWinesInput): Promise<MergeRecord> {
  return api.post<MergeRecord>('/admin/wines/merge', { body: input });
}
