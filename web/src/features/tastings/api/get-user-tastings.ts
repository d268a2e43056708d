import type { MainCategory, TastingNote } from '@kork/shared';
import { api, type Page } from '../../../lib/api-client';

export interface UserTastingsQuery {
  page: number;
  resultsPerPage: number;
  /** Only published notes, also for their author (the public profile). */
  published?: boolean;
  /** Words in the wine's name, producer or vintage or in the note's text. */
  q?: string;
  /** The wine's style (main category). */
  category?: MainCategory;
  /** Points from and to, both included. */
  minPoints?: number;
  maxPoints?: number;
}

/**
 * `GET /api/users/{id}/tastings`: a person's notes with their wines, newest first. Others see the
 * published ones; the person also sees their private notes.
 */
export function getUserTastings(
  userId: string,
  query: UserTastingsQuery,
  signal?: AbortSignal,
): Promise<Page<TastingNote>> {
  return api.get<Page<TastingNote>>(`/users/${encodeURIComponent(userId)}/tastings`, {
    query: {
      page: query.page,
      resultsPerPage: query.resultsPerPage,
      published: query.published || undefined,
      q: query.q || undefined,
      category: query.category,
      minPoints: query.minPoints,
      maxPoints: query.maxPoints,
    },
    signal,
  });
}
