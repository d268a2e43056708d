/**
 * Facet values as dictionary codes (D14): each facet's values get small integer codes (code 0: the wine
 * has no value), so a row holds a code per single-valued facet and a list of codes for grapes, food and
 * experts, and a query's selection is a mark per code.
 */
import { collator, compareIds } from './sort-order';

export type Codes = Uint8Array | Uint16Array | Uint32Array;

/** The narrowest typed array that holds every code of a dictionary of `dictionarySize` values. */
export function narrow(codes: Uint32Array, dictionarySize: number): Codes {
  if (dictionarySize <= 0x100) return Uint8Array.from(codes);
  if (dictionarySize <= 0x10000) return Uint16Array.from(codes);
  return codes;
}

/** Facet values of one facet: code 0 is "no value". Names are the first spelling seen. */
export class Dictionary {
  readonly ids: string[] = [''];
  readonly names: string[] = [''];
  private readonly codes = new Map<string, number>();
  private readonly byName = new Map<string, number>();
  private readonly byParent = new Map<number, Map<string, number>>();
  private sorted: { rank: Uint32Array; byRank: Uint32Array } | undefined;

  get size(): number {
    return this.ids.length;
  }

  /** What a snapshot keeps: the ids and names by code (the lookups are made again from them). */
  stored(): { ids: string[]; names: string[] } {
    return { ids: this.ids.slice(1), names: this.names.slice(1) };
  }

  /** A dictionary read back from `stored()`: the same codes, ids and names. */
  static read(stored: { ids: string[]; names: string[] }): Dictionary {
    const dictionary = new Dictionary();
    stored.ids.forEach((id, i) => {
      dictionary.code(id, stored.names[i] as string);
    });
    // Later values are coded by their spelling (`codeOf`): the stored name is the first one seen.
    stored.names.forEach((name, i) => {
      if (!dictionary.byName.has(name)) dictionary.byName.set(name, i + 1);
    });
    return dictionary;
  }

  code(id: string, name: string): number {
    let code = this.codes.get(id);
    if (code === undefined) {
      code = this.ids.length;
      this.ids.push(id);
      this.names.push(name);
      this.codes.set(id, code);
      this.sorted = undefined;
    }
    return code;
  }

  /** The code of a raw value, named by it: its id is made once per spelling (ids fold text, which is slow). */
  codeOf(name: string, toId: (name: string) => string): number {
    let code = this.byName.get(name);
    if (code === undefined) {
      code = this.code(toId(name), name);
      this.byName.set(name, code);
    }
    return code;
  }

  /** The code of a raw value under a parent value (a region in a country), its id made once. */
  codeUnder(parent: number, name: string, toId: () => string): number {
    let children = this.byParent.get(parent);
    if (children === undefined) {
      children = new Map();
      this.byParent.set(parent, children);
    }
    let code = children.get(name);
    if (code === undefined) {
      code = this.code(toId(), name);
      children.set(name, code);
    }
    return code;
  }

  lookup(id: string): number | undefined {
    return this.codes.get(id);
  }

  /** Each code's place in (name, id) order and the code at each place: facet lists are sorted by it. */
  order(): { rank: Uint32Array; byRank: Uint32Array } {
    if (this.sorted === undefined) {
      const byName = Array.from({ length: this.ids.length - 1 }, (_, i) => i + 1);
      byName.sort(
        (a, b) =>
          collator.compare(this.names[a] as string, this.names[b] as string) ||
          compareIds(this.ids[a] as string, this.ids[b] as string),
      );
      const rank = new Uint32Array(this.ids.length);
      byName.forEach((code, place) => {
        rank[code] = place;
      });
      this.sorted = { rank, byRank: Uint32Array.from(byName) };
    }
    return this.sorted;
  }
}

/** A value that is its own id (expert ids). */
export function sameId(id: string): string {
  return id;
}

/** Appends the distinct codes of a wine's values (empty values left out). */
export function appendCodes(
  list: number[],
  values: readonly string[],
  dictionary: Dictionary,
  toId: (name: string) => string,
): void {
  const start = list.length;
  for (const value of values) {
    if (!value) continue;
    const c = dictionary.codeOf(value, toId);
    let seen = false;
    for (let i = start; i < list.length; i++) {
      if (list[i] === c) {
        seen = true;
        break;
      }
    }
    if (!seen) list.push(c);
  }
}

/** A mark per code of the values selected (`ids`), or null when none is. */
export function selection(dictionary: Dictionary, ids: readonly string[] | undefined): Uint8Array | null {
  if (ids === undefined || ids.length === 0) return null;
  const marks = new Uint8Array(dictionary.size);
  for (const id of ids) {
    const code = dictionary.lookup(id);
    if (code !== undefined) marks[code] = 1;
  }
  return marks;
}

/** Whether any code of `codes[start, end)` is marked. */
export function anySelected(
  marks: Uint8Array,
  codes: Codes | Uint32Array,
  start: number,
  end: number,
): boolean {
  for (let i = start; i < end; i++) if (marks[codes[i] as number] === 1) return true;
  return false;
}
