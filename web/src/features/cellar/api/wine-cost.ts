import type { CostBreakdown, DutyRatesResponse } from '@kork/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/wine-cellars/users/{userId}/own-wines/{id}/cost`: one bottle's duties, VAT and total today. */
export function getWineCost(userId: string, id: string, signal?: AbortSignal): Promise<CostBreakdown> {
  return api.get<CostBreakdown>(
    `/wine-cellars/users/${encodeURIComponent(userId)}/own-wines/${encodeURIComponent(id)}/cost`,
    { signal },
  );
}

/** `GET /api/duties/rates`: the duty rates in force today. */
export function getDutyRates(signal?: AbortSignal): Promise<DutyRatesResponse> {
  return api.get<DutyRatesResponse>('/duties/rates', { signal });
}
