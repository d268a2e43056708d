/**
 * The search snapshot's body, column by column: one string table (every distinct text once), then a
 * column per field of codes into it, numbers and flags. A catalogue of a million wines written as one
 * array of objects is past the longest string V8 can make (`JSON.stringify` throws at about 512 MB);
 * as columns it is a fifth of that, and gzip shrinks repeated columns well.
 */
import type { SearchDoc } from './types';

/** Texts: a code per wine into `strings`, 0 when the wine has none. */
const TEXT_FIELDS = [
  'id',
  'name',
  'producer',
  'mainCategoryId',
  'style',
  'country',
  'region',
  'subRegion',
  'storeCategory',
  'wholesaler',
  'imageUrl',
  'createdAt',
  'contentHash',
] as const satisfies readonly (keyof SearchDoc)[];

/** Lists of texts: a length per wine (-1: the wine has no such field) and the codes one after another. */
const LIST_FIELDS = [
  'grapes',
  'food',
  'expertIds',
  'numbers',
  'vecturaIds',
] as const satisfies readonly (keyof SearchDoc)[];

/** Numbers, null when absent. `priceMinor` is left out of a wine with no price, the others are null. */
const NUMBER_FIELDS = [
  'vintage',
  'bottleSize',
  'priceMinor',
  'rating',
  'expertRating',
  'expertCount',
  'communityRating',
  'communityCount',
] as const satisfies readonly (keyof SearchDoc)[];

const FLAG_FIELDS = ['isAvailable', 'isHorecaAvailable'] as const satisfies readonly (keyof SearchDoc)[];

/** The compiler checks every field of a document has its column. */
type Covered = (typeof TEXT_FIELDS)[number] | (typeof LIST_FIELDS)[number] | (typeof NUMBER_FIELDS)[number];
type Missing = Exclude<keyof SearchDoc, Covered | (typeof FLAG_FIELDS)[number]>;
const allCovered: Missing extends never ? true : Missing = true;
void allCovered;

export interface SnapshotColumns {
  count: number;
  strings: string[];
  text: Record<(typeof TEXT_FIELDS)[number], number[]>;
  lists: Record<(typeof LIST_FIELDS)[number], { lengths: number[]; codes: number[] }>;
  numbers: Record<(typeof NUMBER_FIELDS)[number], (number | null)[]>;
  /** Bit 0: isAvailable, bit 1: isHorecaAvailable. */
  flags: number[];
}

export function encodeDocs(docs: readonly SearchDoc[]): SnapshotColumns {
  const strings: string[] = [];
  const codes = new Map<string, number>();
  const code = (value: string | undefined): number => {
    if (value === undefined) return 0;
    let c = codes.get(value);
    if (c === undefined) {
      strings.push(value);
      c = strings.length;
      codes.set(value, c);
    }
    return c;
  };
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, [] as number[]])) as SnapshotColumns['text'];
  const lists = Object.fromEntries(
    LIST_FIELDS.map((f) => [f, { lengths: [] as number[], codes: [] as number[] }]),
  ) as SnapshotColumns['lists'];
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((f) => [f, [] as (number | null)[]]),
  ) as SnapshotColumns['numbers'];
  const flags: number[] = [];
  for (const doc of docs) {
    for (const f of TEXT_FIELDS) text[f].push(code(doc[f]));
    for (const f of LIST_FIELDS) {
      const list = doc[f];
      const column = lists[f];
      column.lengths.push(list === undefined ? -1 : list.length);
      if (list) for (const value of list) column.codes.push(code(value));
    }
    for (const f of NUMBER_FIELDS) numbers[f].push(doc[f] ?? null);
    flags.push((doc.isAvailable ? 1 : 0) | (doc.isHorecaAvailable ? 2 : 0));
  }
  return { count: docs.length, strings, text, lists, numbers, flags };
}

export function decodeDocs(columns: SnapshotColumns): SearchDoc[] {
  const { count, strings, text: t, lists, numbers: num, flags } = columns;
  const at = Object.fromEntries(LIST_FIELDS.map((f) => [f, 0])) as Record<
    (typeof LIST_FIELDS)[number],
    number
  >;
  const str = (field: (typeof TEXT_FIELDS)[number], i: number): string | undefined => {
    const c = t[field][i] as number;
    return c > 0 ? strings[c - 1] : undefined;
  };
  const list = (field: (typeof LIST_FIELDS)[number], i: number): string[] | undefined => {
    const { lengths, codes } = lists[field];
    const length = lengths[i] as number;
    if (length < 0) return undefined;
    const values: string[] = new Array(length);
    const start = at[field];
    for (let k = 0; k < length; k++) values[k] = strings[(codes[start + k] as number) - 1] as string;
    at[field] = start + length;
    return values;
  };
  const n = (field: (typeof NUMBER_FIELDS)[number], i: number): number | null => num[field][i] ?? null;
  const docs: SearchDoc[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const flag = flags[i] as number;
    // One object shape for every wine (absent fields undefined, as `toSearchDoc` makes them): a million
    // objects of one hidden class take a third of the memory of objects built field by field.
    docs[i] = {
      id: str('id', i) as string,
      name: str('name', i) as string,
      producer: str('producer', i),
      vintage: n('vintage', i),
      bottleSize: n('bottleSize', i) as number,
      mainCategoryId: str('mainCategoryId', i) as SearchDoc['mainCategoryId'],
      style: str('style', i),
      country: str('country', i),
      region: str('region', i),
      subRegion: str('subRegion', i),
      grapes: list('grapes', i) ?? [],
      food: list('food', i) ?? [],
      storeCategory: str('storeCategory', i),
      priceMinor: n('priceMinor', i) ?? undefined,
      isAvailable: (flag & 1) !== 0,
      isHorecaAvailable: (flag & 2) !== 0,
      wholesaler: str('wholesaler', i),
      imageUrl: str('imageUrl', i),
      expertIds: list('expertIds', i) ?? [],
      rating: n('rating', i),
      expertRating: n('expertRating', i),
      expertCount: n('expertCount', i) as number,
      communityRating: n('communityRating', i),
      communityCount: n('communityCount', i) as number,
      createdAt: str('createdAt', i) as string,
      numbers: list('numbers', i),
      vecturaIds: list('vecturaIds', i),
      contentHash: str('contentHash', i),
    };
  }
  return docs;
}
