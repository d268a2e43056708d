/**
 * The catalogue's part of the navbar's global search: wines, categories, origins, producers and grapes
 * whose names match what was typed, each kind best first. Names match whichever way they are written:
 * "chateau" finds "Ch.", "saint julien" "St. Julien", and a country, region or sub-region by its
 * English or Bokmål name ("italy" and "italia" find Italia, shown in the viewer's language). Grapes are
 * the grapes of wines (red, white, rosé, sparkling, orange, dessert and fortified), not the raw
 * materials of spirits, beer or fruit wines.
 */
import {
  facetId,
  foldText,
  type Locale,
  MAIN_CATEGORIES,
  MAIN_CATEGORY_NAMES,
  type MainCategory,
  matchesFoldedName,
  type SearchHit,
} from '@kork/shared';
import { originId } from '@kork/shared/vocabulary/origins';
import { catalogIndex } from './catalog-index-cache';
import { longForms } from './search/abbreviations';
import type { CatalogIndex } from './search/catalog-index';
import { textTokens } from './search/text-match';
import { nameIn, namesOf } from './search/vocabulary-names';

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

/** The kinds of hit the catalogue answers for. */
export type CatalogHitKind = 'wine' | 'category' | NamedKind;

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

/** The catalogue's hits for `q`, at most `perKind` of each kind, best first; a kind without hits is absent. */
export async function catalogHits(
  q: string,
  locale: Locale | undefined,
  perKind: number,
): Promise<Map<CatalogHitKind, SearchHit[]>> {
  const query = foldText(q.trim());
  const typed = matchableName(q);
  const language = locale === 'nb' ? 'nb' : 'en';
  const { index } = await catalogIndex();
  const hits = new Map<CatalogHitKind, SearchHit[]>();
  const put = (kind: CatalogHitKind, found: SearchHit[]) => {
    if (found.length > 0) hits.set(kind, found);
  };

  // The feed's default sort: the wines that match best first (exact words, then prefixes, then
  // typos), then by rating, as `GET /api/wines?search=` lists them.
  const wines = index.search({
    text: q,
    sortColumn: 'rating',
    sortDirection: 'desc',
    offset: 0,
    limit: perKind,
    facets: false,
  });
  put(
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

  put(
    'category',
    MAIN_CATEGORIES.filter((c) => {
      const names = MAIN_CATEGORY_NAMES[c];
      return (
        matchesFoldedName(foldText(names.en), query) ||
        matchesFoldedName(foldText(names.nb), query) ||
        c.startsWith(query)
      );
    })
      .slice(0, perKind)
      .map((c) => ({
        kind: 'category' as const,
        id: c,
        name: MAIN_CATEGORY_NAMES[c][locale ?? 'en'],
      })),
  );

  const named = typed
    ? facetNames(index).filter((n) => n.matchable.some((name) => matchesFoldedName(name, typed)))
    : [];
  for (const kind of ['country', 'region', 'subRegion', 'manufacturer', 'grape'] as const)
    put(
      kind,
      named
        .filter((n) => n.kind === kind)
        .sort((a, b) => b.weight - a.weight || a.stored.localeCompare(b.stored))
        .slice(0, perKind)
        .map((n) => hitOf(n, language)),
    );
  return hits;
}
