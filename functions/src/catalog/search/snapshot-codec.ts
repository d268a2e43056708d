/**
 * The search snapshot's body, column by column: one string table (every distinct text once), then a
 * column per field of codes into it, numbers and flags. A catalogue of a million wines written as one
 * array of objects is past the longest string V8 can make (`JSON.stringify` throws at about 512 MB);
 * as columns it is a fifth of that, and gzip shrinks repeated columns well.
 */
import type { SectionReader, SectionWriter, Stored, TextTable } from './snapshot-sections';
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

// ---------------------------------------------------------------------------------------------------
// The documents beside the built index (snapshot version 4): the same columns as typed arrays, each
// text field with its own UTF-8 table, and a wine made into a `SearchDoc` only when a page, a detail
// or a lookup asks for it.

/** Codes 1…n in row order (every value distinct, as ids are): not written. */
const IDENTITY = 'identity';

/** The narrowest array for codes below `size`. */
function codesArray(codes: number[], size: number): Uint8Array | Uint16Array | Uint32Array {
  if (size <= 0x100) return Uint8Array.from(codes);
  if (size <= 0x10000) return Uint16Array.from(codes);
  return Uint32Array.from(codes);
}

/**
 * A number column in the fewest bytes that give every value back exactly: whole numbers of tenths,
 * hundredths or thousandths (ratings, litres) as integers with a scale, in 16 bits when they fit
 * (the lowest value meaning none), else 32, else as doubles (NaN: none).
 */
function numberColumn(values: (number | null)[]): { array: Stored; scale: number } {
  const present = values.filter((v): v is number => v !== null);
  const scale = [1, 10, 100, 1000].find((s) => present.every((v) => Math.round(v * s) / s === v));
  if (scale !== undefined) {
    const scaled = present.map((v) => Math.round(v * scale));
    const fits = (low: number, high: number) => scaled.every((v) => v > low && v <= high);
    if (fits(-0x8000, 0x7fff)) {
      return { array: Int16Array.from(values, (v) => (v === null ? -0x8000 : Math.round(v * scale))), scale };
    }
    if (fits(-0x80000000, 0x7fffffff)) {
      return {
        array: Int32Array.from(values, (v) => (v === null ? -0x80000000 : Math.round(v * scale))),
        scale,
      };
    }
  }
  return { array: Float64Array.from(values, (v) => v ?? Number.NaN), scale: 0 };
}

/** The value at `row` of a `numberColumn`, null when none. */
function numberAt(column: Stored, scale: number, row: number): number | null {
  const value = column[row] as number;
  if (column instanceof Int16Array) return value === -0x8000 ? null : value / scale;
  if (column instanceof Int32Array) return value === -0x80000000 ? null : value / scale;
  return Number.isNaN(value) ? null : value;
}

class TableBuilder {
  readonly texts: string[] = [];
  private readonly codes = new Map<string, number>();
  /** 0: none; else 1 + the text's place in `texts`. */
  code(value: string | undefined): number {
    if (value === undefined) return 0;
    let c = this.codes.get(value);
    if (c === undefined) {
      this.texts.push(value);
      c = this.texts.length;
      this.codes.set(value, c);
    }
    return c;
  }
}

/** Writes the documents' columns into the container (`DocColumns` reads them back). */
export function writeDocColumns(docs: readonly SearchDoc[], out: SectionWriter): void {
  const n = docs.length;
  out.put('docs.count', n);
  for (const f of TEXT_FIELDS) {
    const table = new TableBuilder();
    const codes = docs.map((doc) => table.code(doc[f]));
    out.texts(`docs.${f}`, table.texts);
    const identity = table.texts.length === n && codes.every((c, row) => c === row + 1);
    if (identity) out.put(`docs.${f}.codes`, IDENTITY);
    else out.array(`docs.${f}.codes`, codesArray(codes, table.texts.length + 1));
  }
  for (const f of LIST_FIELDS) {
    const table = new TableBuilder();
    const offsets = new Uint32Array(n + 1);
    const absent = new Uint8Array(n);
    const codes: number[] = [];
    docs.forEach((doc, row) => {
      const list = doc[f];
      if (list === undefined) absent[row] = 1;
      else for (const value of list) codes.push(table.code(value));
      offsets[row + 1] = codes.length;
    });
    out.texts(`docs.${f}`, table.texts);
    out.offsets(`docs.${f}`, offsets);
    out.array(`docs.${f}.absent`, absent);
    out.array(`docs.${f}.codes`, codesArray(codes, table.texts.length + 1));
  }
  for (const f of NUMBER_FIELDS) {
    const { array, scale } = numberColumn(docs.map((doc) => doc[f] ?? null));
    out.array(`docs.${f}`, array);
    out.put(`docs.${f}.scale`, scale);
  }
  out.array(
    'docs.flags',
    Uint8Array.from(docs, (doc) => (doc.isAvailable ? 1 : 0) | (doc.isHorecaAvailable ? 2 : 0)),
  );
}

interface ListColumn {
  table: TextTable;
  offsets: Uint32Array;
  absent: Stored;
  codes: Stored;
}

type NumberField = (typeof NUMBER_FIELDS)[number];

/** The documents as columns, each wine made when asked for and kept (`replace` puts a changed one). */
export class DocColumns {
  readonly size: number;
  private readonly text: Record<(typeof TEXT_FIELDS)[number], { table: TextTable; codes: Stored | null }>;
  private readonly lists: Record<(typeof LIST_FIELDS)[number], ListColumn>;
  private readonly numbers: Record<NumberField, { column: Stored; scale: number }>;
  private readonly flags: Stored;
  private readonly made: (SearchDoc | undefined)[];

  constructor(from: SectionReader) {
    const n = from.value<number>('docs.count');
    this.size = n;
    this.text = Object.fromEntries(
      TEXT_FIELDS.map((f) => {
        const identity = from.has(`docs.${f}.codes`) && from.value(`docs.${f}.codes`) === IDENTITY;
        return [
          f,
          { table: from.texts(`docs.${f}`), codes: identity ? null : from.array(`docs.${f}.codes`) },
        ];
      }),
    ) as DocColumns['text'];
    this.lists = Object.fromEntries(
      LIST_FIELDS.map((f) => [
        f,
        {
          table: from.texts(`docs.${f}`),
          offsets: from.offsets(`docs.${f}`),
          absent: from.array(`docs.${f}.absent`),
          codes: from.array(`docs.${f}.codes`),
        },
      ]),
    ) as DocColumns['lists'];
    this.numbers = Object.fromEntries(
      NUMBER_FIELDS.map((f) => [
        f,
        { column: from.array(`docs.${f}`), scale: from.value<number>(`docs.${f}.scale`) },
      ]),
    ) as DocColumns['numbers'];
    this.flags = from.array('docs.flags');
    this.made = new Array(n);
  }

  /** A number field of every wine (NaN: none), as the index's sort and filter columns hold it. */
  column(field: NumberField): Float64Array {
    const { column, scale } = this.numbers[field];
    const out = new Float64Array(this.size);
    for (let row = 0; row < this.size; row++) out[row] = numberAt(column, scale, row) ?? Number.NaN;
    return out;
  }

  /** The wine's id, without making the wine. */
  id(row: number): string {
    const made = this.made[row];
    return made ? made.id : (this.str('id', row) as string);
  }

  doc(row: number): SearchDoc {
    let doc = this.made[row];
    if (doc === undefined) {
      doc = this.make(row);
      this.made[row] = doc;
    }
    return doc;
  }

  replace(row: number, doc: SearchDoc): void {
    this.made[row] = doc;
  }

  private str(field: (typeof TEXT_FIELDS)[number], row: number): string | undefined {
    const { table, codes } = this.text[field];
    const c = codes === null ? row + 1 : (codes[row] as number);
    return c > 0 ? table.at(c - 1) : undefined;
  }

  private list(field: (typeof LIST_FIELDS)[number], row: number): string[] | undefined {
    const { table, offsets, absent, codes } = this.lists[field];
    if (absent[row] === 1) return undefined;
    const start = offsets[row] as number;
    const length = (offsets[row + 1] as number) - start;
    const values: string[] = new Array(length);
    for (let k = 0; k < length; k++) values[k] = table.at((codes[start + k] as number) - 1);
    return values;
  }

  private num(field: NumberField, row: number): number | null {
    const { column, scale } = this.numbers[field];
    return numberAt(column, scale, row);
  }

  private make(row: number): SearchDoc {
    const flag = this.flags[row] as number;
    const str = (f: (typeof TEXT_FIELDS)[number]) => this.str(f, row);
    const list = (f: (typeof LIST_FIELDS)[number]) => this.list(f, row);
    const n = (f: (typeof NUMBER_FIELDS)[number]) => this.num(f, row);
    // The shape `decodeDocs` gives every wine.
    return {
      id: str('id') as string,
      name: str('name') as string,
      producer: str('producer'),
      vintage: n('vintage'),
      bottleSize: n('bottleSize') as number,
      mainCategoryId: str('mainCategoryId') as SearchDoc['mainCategoryId'],
      style: str('style'),
      country: str('country'),
      region: str('region'),
      subRegion: str('subRegion'),
      grapes: list('grapes') ?? [],
      food: list('food') ?? [],
      storeCategory: str('storeCategory'),
      priceMinor: n('priceMinor') ?? undefined,
      isAvailable: (flag & 1) !== 0,
      isHorecaAvailable: (flag & 2) !== 0,
      wholesaler: str('wholesaler'),
      imageUrl: str('imageUrl'),
      expertIds: list('expertIds') ?? [],
      rating: n('rating'),
      expertRating: n('expertRating'),
      expertCount: n('expertCount') as number,
      communityRating: n('communityRating'),
      communityCount: n('communityCount') as number,
      createdAt: str('createdAt') as string,
      numbers: list('numbers'),
      vecturaIds: list('vecturaIds'),
      contentHash: str('contentHash'),
    };
  }
}

/** The documents of a built index, held as objects. */
export class DocArray {
  private readonly rows: SearchDoc[];
  constructor(docs: readonly SearchDoc[]) {
    this.rows = [...docs];
  }
  get size(): number {
    return this.rows.length;
  }
  id(row: number): string {
    return (this.rows[row] as SearchDoc).id;
  }
  doc(row: number): SearchDoc {
    return this.rows[row] as SearchDoc;
  }
  replace(row: number, doc: SearchDoc): void {
    this.rows[row] = doc;
  }
}

/** Where the index reads its wines: objects (built) or columns (loaded). */
export type Docs = DocArray | DocColumns;
