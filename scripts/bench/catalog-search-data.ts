/**
 * The catalogue search benchmark's data (catalog-search.ts): Vinmonopolet's product list read quickly,
 * grown to the benchmark's size with other vintages, prices and ids, and the queries a visitor makes,
 * all from a seeded generator so every run measures the same.
 */

import { readFileSync } from 'node:fs';
import type { IndexQuery, SearchDoc } from '@kork/functions/catalog/search/types';
import { type MainCategory, originId } from '@kork/shared';
import { parse } from 'csv-parse/sync';

export const PAGE = 24;

/** A seeded generator (mulberry32): the same catalogue and queries on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------------
// The catalogue

export const CATEGORIES: Record<string, MainCategory> = {
  Rødvin: 'red',
  Hvitvin: 'white',
  Rosévin: 'rose',
  'Musserende Vin': 'sparkling',
  'Musserende Fruktvin': 'sparkling',
  Portvin: 'fortified',
  Sherry: 'fortified',
  Madeira: 'fortified',
  'Øvrig Sterkvin': 'fortified',
  'Aromatisert Sterkvin': 'aromatized',
  'Aromatisert Svakvin og annen blandet dri': 'aromatized',
  Vermut: 'aromatized',
  Fruktvin: 'fruit',
  'Øvrig Svakvin': 'fruit',
  Øl: 'beer',
  Alkoholfritt: 'nonAlcoholic',
};

export const EXPERTS = Array.from({ length: 40 }, (_, i) => `expert-${String(i + 1).padStart(2, '0')}`);

/** A quick reading of the product list: enough fields for search, not the importer. */
export function readCatalog(file: string): SearchDoc[] {
  const records = parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  return records.map((r) => {
    const text = (key: string) => (r[key] ?? '').trim() || undefined;
    const vintage = Number(r.Argang);
    return {
      id: `vm-${r.Varenummer}`,
      name: r.Varenavn ?? '',
      producer: text('Produsent'),
      vintage: r.Argang && Number.isInteger(vintage) ? vintage : null,
      bottleSize: Number(r.Volum),
      mainCategoryId: CATEGORIES[r.Varetype ?? ''] ?? 'spirits',
      style: text('Varetype'),
      country: text('Land'),
      region: text('Distrikt'),
      subRegion: text('Underdistrikt'),
      grapes: (r.Rastoff ?? '')
        .split(',')
        .map((part) =>
          part
            .replace(/\d+([.,]\d+)?\s*%/g, '')
            .replace(/\.$/, '')
            .trim(),
        )
        .filter(Boolean),
      food: [r.Passertil01, r.Passertil02, r.Passertil03].filter((f): f is string => Boolean(f)),
      storeCategory: text('Butikkategori'),
      priceMinor: r.Pris ? Math.round(Number(r.Pris) * 100) : undefined,
      isAvailable: true,
      isHorecaAvailable: true,
      expertIds: [],
      rating: null,
      expertRating: null,
      expertCount: 0,
      communityRating: null,
      communityCount: 0,
      createdAt: '2014-12-18T00:00:00.000Z',
    };
  });
}

/** The product list, then copies with other vintages, prices and ids; ratings on a share of wines. */
export function growCatalog(source: SearchDoc[], size: number): SearchDoc[] {
  const next = random(2014);
  const docs: SearchDoc[] = [];
  for (let i = 0; i < size; i++) {
    const original = source[i % source.length] as SearchDoc;
    const copy = Math.floor(i / source.length);
    let { name, vintage, priceMinor } = original;
    if (copy > 0) {
      if (vintage !== null) {
        const year = 1995 + Math.floor(next() * 25);
        name = name.replace(String(vintage), String(year));
        vintage = year;
      }
      if (priceMinor !== undefined) priceMinor = Math.round((priceMinor * (0.7 + next() * 0.8)) / 10) * 10;
    }
    const experts = next() < 0.3 ? EXPERTS.filter(() => next() < 0.05).slice(0, 3) : [];
    const expertRating = experts.length > 0 ? 80 + Math.round(next() * 160) / 10 : null;
    const communityCount = next() < 0.4 ? 1 + Math.floor(next() * 30) : 0;
    const communityRating = communityCount > 0 ? 75 + Math.round(next() * 200) / 10 : null;
    docs.push({
      ...original,
      id: copy === 0 ? original.id : `${original.id}-${copy}`,
      name,
      vintage,
      priceMinor,
      isAvailable: next() < 0.85,
      isHorecaAvailable: next() < 0.6,
      expertIds: experts,
      expertRating,
      expertCount: experts.length,
      communityRating,
      communityCount,
      rating: expertRating ?? communityRating,
      createdAt: new Date(Date.UTC(2014, 0, 1) + Math.floor(next() * 3650) * 86_400_000).toISOString(),
    });
  }
  return docs;
}

// ---------------------------------------------------------------------------------------------------
// The queries: what a visitor types (typos included) with the filter panel's usual choices.

const THEMES: { text: string; category: MainCategory; countries: string[] }[] = [
  { text: 'cabernet', category: 'red', countries: ['Frankrike', 'USA', 'Chile', 'Australia', 'Italia'] },
  { text: 'cabernet sauvignn', category: 'red', countries: ['USA', 'Chile', 'Australia', 'Frankrike'] },
  { text: 'chianti', category: 'red', countries: ['Italia'] },
  { text: 'chianti clasico', category: 'red', countries: ['Italia'] },
  { text: 'riesling', category: 'white', countries: ['Tyskland', 'Frankrike', 'Østerrike'] },
  { text: 'reisling', category: 'white', countries: ['Tyskland', 'Østerrike'] },
  { text: 'bordeaux', category: 'red', countries: ['Frankrike'] },
  { text: 'bordeux', category: 'red', countries: ['Frankrike'] },
  { text: 'barollo', category: 'red', countries: ['Italia'] },
  { text: 'chardonay', category: 'white', countries: ['Frankrike', 'USA', 'Australia'] },
  { text: 'pinot noir', category: 'red', countries: ['Frankrike', 'Tyskland', 'New Zealand'] },
  { text: 'rioja', category: 'red', countries: ['Spania'] },
  { text: 'champange', category: 'sparkling', countries: ['Frankrike'] },
  { text: 'sancerre', category: 'white', countries: ['Frankrike'] },
  { text: 'chateau', category: 'red', countries: ['Frankrike'] },
  { text: 'brunelo', category: 'red', countries: ['Italia'] },
  { text: 'amarone', category: 'red', countries: ['Italia'] },
  { text: 'malbec', category: 'red', countries: ['Argentina', 'Frankrike'] },
  { text: 'syrah', category: 'red', countries: ['Frankrike', 'Australia', 'Sør-Afrika'] },
  { text: 'prosecco', category: 'sparkling', countries: ['Italia'] },
  { text: 'gruner veltliner', category: 'white', countries: ['Østerrike'] },
  { text: 'chablis', category: 'white', countries: ['Frankrike'] },
  { text: 'tempranilo', category: 'red', countries: ['Spania'] },
  { text: 'sauvignon blanc', category: 'white', countries: ['New Zealand', 'Frankrike', 'Chile'] },
  { text: 'cotes du rhone', category: 'red', countries: ['Frankrike'] },
];
const PRICES: [number, number][] = [
  [0, 200],
  [100, 300],
  [150, 500],
  [200, 1000],
  [300, 3000],
];
export const QUERY_COUNT = 200;
/** The index is fast enough to answer the set several times; the others answer it once. */
export const KORK_ROUNDS = 4;

export function benchQueries(): IndexQuery[] {
  return Array.from({ length: QUERY_COUNT }, (_, k) => {
    const theme = THEMES[k % THEMES.length] as (typeof THEMES)[number];
    const [min, max] = PRICES[(k * 7 + Math.floor(k / THEMES.length)) % PRICES.length] as [number, number];
    return {
      text: theme.text,
      categories: [theme.category],
      origins: [originId(theme.countries[k % theme.countries.length] as string)],
      minPriceMinor: min * 100,
      maxPriceMinor: max * 100,
      isAvailable: true,
      facets: true,
      sortColumn: 'rating',
      sortDirection: 'desc',
      offset: k % 10 === 9 ? PAGE : 0,
      limit: PAGE,
    };
  });
}

/** What people type with no filter chosen: whole words, typos, and the first letters of a word. */
export const TEXT_ONLY = [
  ...THEMES.map((theme) => theme.text),
  'glana',
  'ch',
  'ch marg',
  'pi',
  'bar',
  'sauv',
  'chat',
  'pinot',
];

/**
 * The index alone on text with no filters, the default sort: the navbar's global search (5 wines,
 * no facets) and the feed's first, second and tenth pages with facet counts. Many more matches than
 * the filtered set, and every tier at once.
 */
export function textOnlyQueries(): { navbar: IndexQuery[]; pages: IndexQuery[] } {
  const sort = { sortColumn: 'rating', sortDirection: 'desc' } as const;
  return {
    navbar: TEXT_ONLY.map((text) => ({ text, ...sort, offset: 0, limit: 5, facets: false })),
    pages: TEXT_ONLY.flatMap((text) =>
      [0, PAGE, 9 * PAGE].map((offset) => ({ text, ...sort, offset, limit: PAGE, facets: true })),
    ),
  };
}
