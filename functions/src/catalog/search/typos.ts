/**
 * Typo correction for the search vocabulary: how many typos a query token may carry, and whether a
 * term lies within that many edits of it (optimal string alignment: Damerau–Levenshtein with adjacent
 * transpositions). The index looks only at terms of a close length whose letter sets differ little
 * (`signature`, `bitCount`), then checks the distance bit-parallel (`TokenMasks`) or row by row
 * (`withinEdits`).
 */

/** The typos a query token may carry: none up to 3 characters, 1 up to 7, 2 from 8. */
export function maxEdits(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions) is ≤ k. */
export function editDistanceAtMost(a: string, b: string, k: number): boolean {
  if (Math.abs(a.length - b.length) > k) return false;
  const width = b.length + 1;
  let before = new Int32Array(width);
  let previous = new Int32Array(width);
  let current = new Int32Array(width);
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j < width; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > k) return false;
    [before, previous, current] = [previous, current, before];
  }
  return (previous[b.length] as number) <= k;
}

/** The letters a term uses, one bit each (a–z; digits share a bit; other characters share five). */
export function signature(term: string): number {
  let bits = 0;
  for (let i = 0; i < term.length; i++) {
    const c = term.charCodeAt(i);
    if (c >= 97 && c <= 122) bits |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) bits |= 1 << 26;
    else bits |= 1 << (27 + (c % 5));
  }
  return bits;
}

export function bitCount(bits: number): number {
  let x = bits - ((bits >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Optimal string alignment distance from a token of at most 31 characters, bit-parallel (Hyyrö's
 * extension of Myers' algorithm to transpositions): one pass over the term, a few word operations per
 * character. Bit i of a mask stands for the token's character i.
 */
export class TokenMasks {
  private readonly ascii = new Int32Array(128);
  private readonly other = new Map<number, number>();
  private readonly length: number;

  constructor(token: string) {
    this.length = token.length;
    for (let i = 0; i < token.length; i++) {
      const c = token.charCodeAt(i);
      if (c < 128) this.ascii[c] = (this.ascii[c] as number) | (1 << i);
      else this.other.set(c, (this.other.get(c) ?? 0) | (1 << i));
    }
  }

  distance(term: string): number {
    const high = 1 << (this.length - 1);
    let vp = -1;
    let vn = 0;
    let d0 = 0;
    let previousMatch = 0;
    let distance = this.length;
    for (let j = 0; j < term.length; j++) {
      const c = term.charCodeAt(j);
      const match = c < 128 ? (this.ascii[c] as number) : (this.other.get(c) ?? 0);
      d0 = ((~d0 & match) << 1) & previousMatch;
      d0 = d0 | (((match & vp) + vp) ^ vp) | match | vn;
      let hp = vn | ~(d0 | vp);
      let hn = d0 & vp;
      if (hp & high) distance++;
      else if (hn & high) distance--;
      hp = (hp << 1) | 1;
      hn = hn << 1;
      vp = hn | ~(d0 | hp);
      vn = d0 & hp;
      previousMatch = match;
    }
    return distance;
  }
}

/**
 * Optimal string alignment distance between the token's codes and a term is ≤ k: the same rule as
 * `editDistanceAtMost`, over three reused rows, stopping once a whole row is over k.
 */
export function withinEdits(q: Int32Array, term: string, k: number, rows: Int32Array): boolean {
  const m = term.length;
  const width = m + 1;
  let before = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j <= m; j++) rows[previous + j] = j;
  for (let i = 1; i <= q.length; i++) {
    const a = q[i - 1] as number;
    const a0 = i > 1 ? (q[i - 2] as number) : -1;
    rows[current] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const b = term.charCodeAt(j - 1);
      let value = (rows[previous + j - 1] as number) + (a === b ? 0 : 1);
      const deletion = (rows[previous + j] as number) + 1;
      if (deletion < value) value = deletion;
      const insertion = (rows[current + j - 1] as number) + 1;
      if (insertion < value) value = insertion;
      if (i > 1 && j > 1 && a === term.charCodeAt(j - 2) && a0 === b) {
        const transposition = (rows[before + j - 2] as number) + 1;
        if (transposition < value) value = transposition;
      }
      rows[current + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > k) return false;
    const recycled = before;
    before = previous;
    previous = current;
    current = recycled;
  }
  return (rows[previous + m] as number) <= k;
}
