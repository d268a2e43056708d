import type { CellarWine, MoveInput } from '@kork/shared';
import { api, type Page } from '../../../lib/api-client';

/** `POST /api/wine-cellars/users/{userId}/own-wines/move`: every move in one transaction with its history. */
export function moveCellarWines(userId: string, moves: MoveInput['moves']): Promise<Page<CellarWine>> {
  return api.post<Page<CellarWine>>(`/wine-cellars/users/${encodeURIComponent(userId)}/own-wines/move`, {
    body: { moves },
  });
}
