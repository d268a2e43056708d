/**
 * The navbar's global search (`GET /api/search?q=`): wines, categories, origins, events, producers,
 * grapes, experts and tasting locations whose names match what was typed, grouped by SPEC §3 kind.
 * Each domain answers for its own kinds through its service: the catalogue for wines, categories,
 * origins, producers and grapes; events for events; the accounts' directories for people and places.
 */
import {
  foldText,
  type GlobalSearchResult,
  type Locale,
  matchesFoldedName,
  type SearchHit,
  type SearchKind,
} from '@kork/shared';
import { directory } from '../accounts/directory-service';
import { catalogHits } from '../catalog/catalog-hits-service';
import { eventSearchHits } from '../events/event-service';

const PER_KIND = 5;

/** Who searches: only their language shapes the answer. */
export interface SearchViewer {
  locale?: Locale;
}

/** `GET /api/search?q=`: hits grouped by SPEC §3 kind, each group best first. */
export async function globalSearch(q: string, viewer: SearchViewer): Promise<GlobalSearchResult> {
  const query = foldText(q.trim());
  const catalog = await catalogHits(q, viewer.locale, PER_KIND);
  const groups: GlobalSearchResult['groups'] = [];
  const push = (kind: SearchKind, hits: SearchHit[] | undefined) => {
    if (hits && hits.length > 0) groups.push({ kind, hits });
  };

  for (const kind of ['wine', 'category', 'country', 'region', 'subRegion'] as const)
    push(kind, catalog.get(kind));
  // Public events by name; a private one by its exact name only.
  push('wineEvent', query ? await eventSearchHits(q) : []);
  for (const kind of ['manufacturer', 'grape'] as const) push(kind, catalog.get(kind));

  for (const kind of ['expert', 'tastingLocation'] as const) {
    const people = await directory(kind);
    push(
      kind,
      people
        .filter(
          (p) =>
            matchesFoldedName(foldText(p.name), query) ||
            matchesFoldedName(foldText(p.tastingLocationName ?? ''), query),
        )
        .slice(0, PER_KIND)
        .map((p) => ({
          kind,
          id: p.id,
          name: kind === 'tastingLocation' ? (p.tastingLocationName ?? p.name) : p.name,
          detail: p.country,
          imageUrl: p.image,
        })),
    );
  }
  return { groups };
}
