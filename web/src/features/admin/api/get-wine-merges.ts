import type { MergeRecord } from '@kork/shared';
import { api, type Page } from '../../../lib/api-client';

/** `GET /api/admin/wines/merges`: every merge made so far, newest first. */
export function getWineMerges(signal?: AbortSignal): Promise<Page<MergeRecord>> {
  return api.get<Page<MergeRecord>>('/admin/wines/merges', { signal });
}
