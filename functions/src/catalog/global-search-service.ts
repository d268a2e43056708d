/**
 * The navbar's global search (`GET /api/search?q=`): wines, categories, origins, events, producers,
 * grapes, experts and tasting locations whose names match what was typed, grouped by SPEC §3 kind.
 * Names match whichever way they are written: "chateau" finds "Ch.", "saint julien" "St. Julien", and a
 * country, region or sub-region by its English or Bokmål name ("italy" and "italia" find Italia, shown
 * in the viewer's language). Each group holds its own kind only: grapes are the grapes of wines (red,
 * white, rosé, sparkling, orange, dessert and fortified), not the raw materials of spirits, beer or fruit wines.
 */
import {
  facetId,
  foldText,
  type GlobalSearchResult,
  MAIN_CATEGORIES,
  MAIN_CATEGORY_NAMES,
  type MainCategory,
  matchesFoldedName,
  type SearchHit,
  type SearchKind,
} from '@kork/shared';
import { originId } from '@kork/shared/vocabulary/origins';
import { directory } from '../accounts/public-profiles';
import { catalogIndex } from './catalog-index-cache';
import { longForms } from './search/abbreviations';
import { type CatalogIndex, textTokens } from './search/catalog-index';
import { nameIn, namesOf } from './search/vocabulary-names';
import type { Viewer } from './search-service';

/** The main categories made from grapes: only their `grapes` are grapes. */
const GRAPE_WINES: ReadonlySet<MainCategory> = new Set([
  'red',
  'white',
  'rose',
  'sparkling',
  'orange',
  'dessert',
  'fortified',
]);

type NamedKind = 'country' | 'region' | 'subRegion' | 'manufacturer' | 'grape';

interface Named {
  kind: NamedKind;
  id: string;
  /** The value as stored. */
  stored: string;
  /** Its country's and region's stored values (regions and sub-regions): the hit's detail. */
  country?: string;
  region?: string;
  /** Every name it is found by, in `longForms`. */
  matchable: string[];
  weight: number;
}

/** How a name is compared with what was typed: folded words, abbreviations written out. */
export function matchableName(name: string): string {
  return longForms(textTokens(name));
}

let namesCache: { index: CatalogIndex; names: Named[] } | undefined;

/** Every facet value of the catalogue with the number of wines it has, built once per index. */
function facetNames(index: CatalogIndex): Named[] {
  if (namesCache?.index === index) return namesCache.names;
  const byKey = new Map<string, Named>();
  const add = (kind: NamedKind, id: string, stored: string, names: string[], place: Partial<Named> = {}) => {
    const key = `${kind}:${id}`;
    const found = byKey.get(key);
    if (found) found.weight++;
    else
      byKey.set(key, {
        kind,
        id,
        stored,
        ...place,
        matchable: [...new Set(names.map(matchableName))],
        weight: 1,
      });
  };
  for (const doc of index.docs()) {
    const { country, region, subRegion } = doc;
    if (country) {
      add('country', originId(country), country, namesOf('country', country));
      if (region) {
        add('region', originId(country, region), region, namesOf('region', region), { country });
        if (subRegion)
          add('subRegion', originId(country, region, subRegion), subRegion, namesOf('region', subRegion), {
            country,
            region,
          });
      }
    }
    if (doc.producer)
      add('manufacturer', facetId(doc.producer), doc.producer, [doc.producer], { country: doc.country });
    if (GRAPE_WINES.has(doc.mainCategoryId))
      for (const grape of doc.grapes) add('grape', facetId(grape), grape, [grape]);
  }
  const names = [...byKey.values()];
  namesCache = { index, names };
  return names;
}

/** A named hit as the viewer reads it: origins in their language, with the place it lies in. */
function hitOf(named: Named, language: 'en' | 'nb'): SearchHit {
  const { kind, id, stored, country, region } = named;
  const origin = kind === 'country' || kind === 'region' || kind === 'subRegion';
  const name = origin ? nameIn(language, kind === 'country' ? 'country' : 'region', stored) : stored;
  const places = [
    region && nameIn(language, 'region', region),
    country && nameIn(language, 'country', country),
  ];
  const detail = places.filter(Boolean).join(', ') || undefined;
  return detail ? { kind, id, name, detail } : { kind, id, name };
}

const PER_KIND = 5;

/** `GET /api/search?q=`: hits grouped by SPEC §3 kind, each group best first. */
export async function globalSearch(q: string, viewer: Viewer): Promise<GlobalSearchResult> {
  const query = foldText(q.trim());
  const typed = matchableName(q);
  const language = viewer.locale === 'nb' ? 'nb' : 'en';
  const { index } = await catalogIndex();
  const groups: GlobalSearchResult['groups'] = [];
  const push = (kind: SearchKind, hits: SearchHit[]) => {
    if (hits.length > 0) groups.push({ kind, hits });
  };

  // The feed's default sort: the wines that match best first (exact words, then prefixes, then
  // typos), then by rating, as `GET /api/wines?search=` lists them.
  const wines = index.search({
    text: q,
    sortColumn: 'rating',
    sortDirection: 'desc',
    offset: 0,
    limit: PER_KIND,
    facets: false,
  });
  push(
    'wine',
    wines.rows.map((doc) => ({
      kind: 'wine' as const,
      id: doc.id,
      name: doc.name,
      detail: [doc.producer, doc.vintage ?? 'NV'].filter(Boolean).join(' · '),
      imageUrl: doc.imageUrl,
      mainCategoryId: doc.mainCategoryId,
    })),
  );

  push(
    'category',
    MAIN_CATEGORIES.filter((c) => {
      const names = MAIN_CATEGORY_NAMES[c];
      return (
        matchesFoldedName(foldText(names.en), query) ||
        matchesFoldedName(foldText(names.nb), query) ||
        c.startsWith(query)
      );
    })
      .slice(0, PER_KIND)
      .map((c) => ({
        kind: 'category' as const,
        id: c,
        name: MAIN_CATEGORY_NAMES[c][viewer.locale ?? 'en'],
      })),
  );

  const named = typed
    ? facetNames(index).filter((n) => n.matchable.some((name) => matchesFoldedName(name, typed)))
    : [];
  const pushNamed = (kind: NamedKind) =>
    push(
      kind,
      named
        .filter((n) => n.kind === kind)
        .sort((a, b) => b.weight - a.weight || a.stored.localeCompare(b.stored))
        .slice(0, PER_KIND)
        .map((n) => hitOf(n, language)),
    );
  for (const kind of ['country', 'region', 'subRegion'] as const) pushNamed(kind);
  // Events through their own service (public ones by name; a private one by its exact name only).
  const { eventSearchHits } = await import('../events/event-service');
  push('wineEvent', query ? await eventSearchHits(q) : []);
  for (const kind of ['manufacturer', 'grape'] as const) pushNamed(kind);

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
