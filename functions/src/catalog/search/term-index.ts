/**
 * The search vocabulary (D14): every folded term of the catalogue in code-unit order with its posting
 * list (rows, ascending), so a query token's exact match and prefixes are a range of the vocabulary and
 * its typos the terms of a close length whose letters differ little (typos.ts). `match` intersects rows
 * across a query's tokens and unites them within a token's terms, and ranks each row by how well it
 * matched (`rankCost`).
 */

import type { SectionReader, SectionWriter } from './snapshot-sections';
import { compareIds } from './sort-order';
import { fieldTerms, namingFields, PREFIX, rankCost, searchableText, TYPO } from './text-match';
import type { SearchDoc } from './types';
import { bitCount, maxEdits, signature, TokenMasks, withinEdits } from './typos';

export class TermIndex {
  /** Folded terms in code-unit order and their posting lists (rows, ascending). */
  private readonly vocabulary: string[];
  private readonly postingOffsets: Uint32Array;
  private readonly postings: Uint32Array;
  /**
   * A bit per posting (posting p: bit p & 7 of byte p >>> 3): 1 when the term is in the row's name or
   * producer, 0 when only in what describes it.
   */
  private readonly postingInName: Uint8Array;
  /** Vocabulary positions grouped by term length (`byLength[lengthOffsets[len]…]`), and letter sets. */
  private readonly lengthOffsets: Uint32Array;
  private readonly byLength: Uint32Array;
  private readonly signatures: Uint32Array;

  /** Scratch space reused by every query: how many of the query's tokens each row matched. */
  readonly tokenHits: Uint16Array;
  /** One bit per row: the rows the last query token reached, read back in row order. */
  private readonly textRows: Int32Array;
  /** Each matched row's `rankCost` summed over the query's tokens (valid where `tokenHits` is full). */
  readonly matchRank: Uint32Array;
  /** The cost of the current query token's best match so far, per row reached. */
  private readonly tokenCost: Uint32Array;
  /** The rows the last `match` found, in row order. */
  readonly candidates: Uint32Array;

  /** Built from the documents, or read back from a snapshot (`write`) of `n` rows without a build. */
  constructor(docs: readonly SearchDoc[]);
  constructor(docs: SectionReader, n: number);
  constructor(docs: readonly SearchDoc[] | SectionReader, rows?: number) {
    const n = Array.isArray(docs) ? docs.length : (rows as number);
    const parts = Array.isArray(docs) ? buildTerms(docs) : readTerms(docs as SectionReader);
    this.vocabulary = parts.vocabulary;
    this.postingOffsets = parts.postingOffsets;
    this.postings = parts.postings;
    this.postingInName = parts.postingInName;
    this.lengthOffsets = parts.lengthOffsets;
    this.byLength = parts.byLength;
    this.signatures = parts.signatures;

    this.tokenHits = new Uint16Array(n);
    this.textRows = new Int32Array((n + 31) >>> 5);
    this.matchRank = new Uint32Array(n);
    this.tokenCost = new Uint32Array(n);
    this.candidates = new Uint32Array(n);
  }

  /** Writes the vocabulary and its arrays into a snapshot. */
  write(out: SectionWriter): void {
    out.put('terms.vocabulary', this.vocabulary);
    out.array('terms.postingOffsets', this.postingOffsets);
    out.array('terms.postings', deltas(this.postingOffsets, this.postings));
    out.array('terms.postingInName', this.postingInName);
    out.array('terms.lengthOffsets', this.lengthOffsets);
    out.array('terms.byLength', this.byLength);
    out.array('terms.signatures', this.signatures);
  }

  /** Distinct search terms: the vocabulary typo tolerance looks through. */
  get size(): number {
    return this.vocabulary.length;
  }

  /**
   * Fills `candidates` with the rows every token matches, in row order (the pass then reads the
   * columns front to back); `tokenHits[row]` counts the tokens a row matched, and `matchRank[row]`
   * sums the cost of each token's best match (`rankCost`): a token's terms come exact, prefixes,
   * typos, so the first term to reach a row has its best tier, and a later term of that tier found
   * in the name replaces one found only outside it.
   */
  match(tokens: string[]): number {
    const hits = this.tokenHits;
    hits.fill(0);
    const bits = this.textRows;
    bits.fill(0);
    const rank = this.matchRank;
    const offsets = this.postingOffsets;
    const postings = this.postings;
    const inName = this.postingInName;
    const tokenCost = this.tokenCost;
    const last = tokens.length - 1;
    const prefixCost = rankCost(PREFIX, tokens.length);
    const typoCost = rankCost(TYPO, tokens.length);
    for (let t = 0; t <= last; t++) {
      const { terms, exact, prefixed } = this.matchingTerms(tokens[t] as string);
      if (terms.length === 0) return 0;
      const next = t + 1;
      for (let i = 0; i < terms.length; i++) {
        const term = terms[i] as number;
        const tierCost = i < exact ? 0 : i < prefixed ? prefixCost : typoCost;
        const end = offsets[term + 1] as number;
        for (let p = offsets[term] as number; p < end; p++) {
          const row = postings[p] as number;
          // A word outside the name costs one more than in it (`rankCost`).
          const cost = tierCost + 1 - (((inName[p >>> 3] as number) >>> (p & 7)) & 1);
          const reached = hits[row] as number;
          if (reached === t) {
            hits[row] = next;
            tokenCost[row] = cost;
            rank[row] = t === 0 ? cost : (rank[row] as number) + cost;
            if (t === last) bits[row >>> 5] = (bits[row >>> 5] as number) | (1 << (row & 31));
          } else if (reached === next && cost < (tokenCost[row] as number)) {
            // Reached by a term of the same tier outside the name first, now by one in it.
            rank[row] = (rank[row] as number) - (tokenCost[row] as number) + cost;
            tokenCost[row] = cost;
          }
        }
      }
    }
    const candidates = this.candidates;
    let count = 0;
    for (let w = 0; w < bits.length; w++) {
      let word = bits[w] as number;
      while (word !== 0) {
        const lowest = word & -word;
        candidates[count++] = (w << 5) + (31 - Math.clz32(lowest));
        word ^= lowest;
      }
    }
    return count;
  }

  /**
   * Vocabulary positions of the terms a token matches (`termMatches`), best tier first: the equal term
   * (`terms[0, exact)`), the terms it is a prefix of (`[exact, prefixed)`), then the typos (a typo may
   * repeat a prefix's position).
   */
  private matchingTerms(token: string): { terms: number[]; exact: number; prefixed: number } {
    const vocabulary = this.vocabulary;
    const terms: number[] = [];
    let i = lowerBound(vocabulary, token);
    // The token itself sorts first among the terms it starts.
    const exact = vocabulary[i] === token ? 1 : 0;
    if (token.length >= 2) {
      while (i < vocabulary.length && (vocabulary[i] as string).startsWith(token)) terms.push(i++);
    } else if (exact === 1) {
      terms.push(i);
    }
    const prefixed = terms.length;
    const k = maxEdits(token.length);
    if (k > 0) this.matchTypos(token, k, terms);
    return { terms, exact, prefixed };
  }

  /**
   * The terms within `k` edits of the token (optimal string alignment). Only terms of length within
   * `k` of the token's are looked at, and of those only the ones whose letter set differs from the
   * token's by at most `k` letters each way (an edit adds or removes at most one letter) get the
   * edit-distance check.
   */
  private matchTypos(token: string, k: number, found: number[]): void {
    const length = token.length;
    const letters = signature(token);
    const masks = length <= 31 ? new TokenMasks(token) : undefined;
    const codes = new Int32Array(length);
    for (let j = 0; j < length; j++) codes[j] = token.charCodeAt(j);
    const scratch = new Int32Array(3 * (length + k + 1));
    const vocabulary = this.vocabulary;
    const lengthOffsets = this.lengthOffsets;
    const byLength = this.byLength;
    const signatures = this.signatures;
    const longest = lengthOffsets.length - 2;
    const from = lengthOffsets[Math.min(longest + 1, Math.max(1, length - k))] as number;
    const to = lengthOffsets[Math.min(longest + 1, length + k + 1)] as number;
    for (let i = from; i < to; i++) {
      const term = byLength[i] as number;
      const s = signatures[term] as number;
      if (bitCount(s & ~letters) > k || bitCount(letters & ~s) > k) continue;
      const text = vocabulary[term] as string;
      const near = masks !== undefined ? masks.distance(text) <= k : withinEdits(codes, text, k, scratch);
      if (near) found.push(term);
    }
  }
}

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface TermParts {
  vocabulary: string[];
  postingOffsets: Uint32Array;
  postings: Uint32Array;
  postingInName: Uint8Array;
  lengthOffsets: Uint32Array;
  byLength: Uint32Array;
  signatures: Uint32Array;
}

/**
 * Posting lists as the gaps between their rows, each in 7-bit groups (the high bit: more follow): a
 * common term's rows are close together, so most gaps take a byte instead of four — a third of the
 * bytes a cold start unzips, and a quick pass to read back.
 */
function deltas(offsets: Uint32Array, postings: Uint32Array): Uint8Array {
  const bytes = new Uint8Array(postings.length * 5);
  let at = 0;
  for (let term = 0; term + 1 < offsets.length; term++) {
    let previous = 0;
    const end = offsets[term + 1] as number;
    for (let p = offsets[term] as number; p < end; p++) {
      const row = postings[p] as number;
      let gap = row - previous;
      previous = row;
      while (gap >= 0x80) {
        bytes[at++] = (gap & 0x7f) | 0x80;
        gap >>>= 7;
      }
      bytes[at++] = gap;
    }
  }
  return bytes.subarray(0, at);
}

function undeltas(offsets: Uint32Array, bytes: Uint8Array): Uint32Array {
  const postings = new Uint32Array(offsets[offsets.length - 1] as number);
  let at = 0;
  for (let term = 0; term + 1 < offsets.length; term++) {
    let previous = 0;
    const end = offsets[term + 1] as number;
    for (let p = offsets[term] as number; p < end; p++) {
      let byte = bytes[at++] as number;
      let gap = byte & 0x7f;
      let shift = 7;
      while (byte >= 0x80) {
        byte = bytes[at++] as number;
        gap += (byte & 0x7f) * 2 ** shift;
        shift += 7;
      }
      previous += gap;
      postings[p] = previous;
    }
  }
  return postings;
}

function readTerms(from: SectionReader): TermParts {
  const postingOffsets = from.u32('terms.postingOffsets');
  return {
    vocabulary: from.value<string[]>('terms.vocabulary'),
    postingOffsets,
    postings: undeltas(postingOffsets, from.array('terms.postings') as Uint8Array),
    postingInName: from.array('terms.postingInName') as Uint8Array,
    lengthOffsets: from.u32('terms.lengthOffsets'),
    byLength: from.u32('terms.byLength'),
    signatures: from.u32('terms.signatures'),
  };
}

function buildTerms(docs: readonly SearchDoc[]): TermParts {
  const n = docs.length;
  // Terms get ids in order of appearance; each row lists its distinct terms once.
  const termIds = new Map<string, number>();
  const termStrings: string[] = [];
  const termRows: number[] = [];
  const lastRow: number[] = [];
  const fieldIds = new Map<string, number[]>();
  let rowTerms = new Uint32Array(Math.max(64, n * 8));
  let rowTermInName = new Uint8Array(rowTerms.length);
  /** Where a term's entry for `lastRow` sits in `rowTerms`. */
  const lastPlace: number[] = [];
  let rowTermCount = 0;
  const rowTermOffsets = new Uint32Array(n + 1);
  const termId = (token: string): number => {
    let id = termIds.get(token);
    if (id === undefined) {
      id = termStrings.length;
      termIds.set(token, id);
      termStrings.push(token);
      termRows.push(0);
      lastRow.push(-1);
      lastPlace.push(0);
    }
    return id;
  };

  for (let row = 0; row < n; row++) {
    const doc = docs[row] as SearchDoc;
    const fields = searchableText(doc);
    const naming = namingFields(doc);
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f] as string;
      const inName = f < naming ? 1 : 0;
      let ids = fieldIds.get(field);
      if (ids === undefined) {
        ids = fieldTerms(field).map(termId);
        fieldIds.set(field, ids);
      }
      for (const id of ids) {
        if (lastRow[id] === row) {
          if (inName === 1) rowTermInName[lastPlace[id] as number] = 1;
          continue;
        }
        lastRow[id] = row;
        lastPlace[id] = rowTermCount;
        termRows[id] = (termRows[id] as number) + 1;
        if (rowTermCount === rowTerms.length) {
          const grown = new Uint32Array(rowTerms.length * 2);
          grown.set(rowTerms);
          rowTerms = grown;
          const grownInName = new Uint8Array(grown.length);
          grownInName.set(rowTermInName);
          rowTermInName = grownInName;
        }
        rowTermInName[rowTermCount] = inName;
        rowTerms[rowTermCount++] = id;
      }
    }
    rowTermOffsets[row + 1] = rowTermCount;
  }

  // The vocabulary in code-unit order (prefixes are ranges), posting lists in that order.
  const termCount = termStrings.length;
  const sorted = Array.from({ length: termCount }, (_, id) => id).sort((a, b) =>
    compareIds(termStrings[a] as string, termStrings[b] as string),
  );
  const place = new Uint32Array(termCount);
  const postingOffsets = new Uint32Array(termCount + 1);
  sorted.forEach((id, i) => {
    place[id] = i;
    postingOffsets[i + 1] = (postingOffsets[i] as number) + (termRows[id] as number);
  });
  const postings = new Uint32Array(postingOffsets[termCount] as number);
  const postingInName = new Uint8Array((postings.length + 7) >>> 3);
  const cursor = postingOffsets.slice(0, termCount);
  for (let row = 0; row < n; row++) {
    const end = rowTermOffsets[row + 1] as number;
    for (let i = rowTermOffsets[row] as number; i < end; i++) {
      const at = place[rowTerms[i] as number] as number;
      postings[cursor[at] as number] = row;
      const p = cursor[at] as number;
      postingInName[p >>> 3] = (postingInName[p >>> 3] as number) | ((rowTermInName[i] as number) << (p & 7));
      cursor[at] = (cursor[at] as number) + 1;
    }
  }
  const vocabulary = sorted.map((id) => termStrings[id] as string);

  // For typos: terms grouped by length, and the set of letters each term uses.
  let longest = 0;
  for (const term of vocabulary) if (term.length > longest) longest = term.length;
  const lengthOffsets = new Uint32Array(longest + 2);
  for (const term of vocabulary)
    lengthOffsets[term.length + 1] = (lengthOffsets[term.length + 1] as number) + 1;
  for (let len = 1; len <= longest + 1; len++) {
    lengthOffsets[len] = (lengthOffsets[len] as number) + (lengthOffsets[len - 1] as number);
  }
  const byLength = new Uint32Array(termCount);
  const filled = lengthOffsets.slice(0, longest + 1);
  const signatures = new Uint32Array(termCount);
  vocabulary.forEach((term, i) => {
    byLength[filled[term.length] as number] = i;
    filled[term.length] = (filled[term.length] as number) + 1;
    signatures[i] = signature(term);
  });
  return { vocabulary, postingOffsets, postings, postingInName, lengthOffsets, byLength, signatures };
}
