/**
 * Tokens of a printed row as OCR reads them: stray bars and dots dropped, letters mistaken for digits
 * in numbers put right (O → 0, l and I → 1), and the amounts at the end of a row told apart ("1 299,90"
 * is one amount in Norwegian print).
 */
import { parseMoneyMinor } from '../read/values';

/** A number-like token with O/o for 0 and l/I/| for 1 read as the digits they are. */
export function fixDigits(token: string): string {
  if (!/\d/.test(token)) return token;
  if (
    !/^[\dOoIl|]+(?:[.,][\dOoIl]{2})?$/.test(token) &&
    !/^[\dOoIl|]{1,3}(?:\.[\dOoIl]{3})+,[\dOoIl]{2}$/.test(token)
  )
    return token;
  return token.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1');
}

/** A row's text as tokens: bars and lone punctuation dropped, currency words left out, digits fixed. */
export function rowTokens(text: string): string[] {
  return text
    .replace(/[|¦]/g, ' ')
    .split(/\s+/)
    .map((t) => t.replace(/^[.,:;'`"]+(?=\d)/, '').replace(/(?<=\d)[.:;'`"]+$/, ''))
    .filter((t) => t !== '' && !/^[.,:;_'`"·•-]+$/.test(t) && !/^(kr|nok)\.?$/i.test(t))
    .map(fixDigits);
}

/** An amount standing alone never starts with 0 ("049,70" is the end of "1 049,70"). */
const AMOUNT = /^(?:[1-9]\d{0,2}(?:\.\d{3})+|[1-9]\d*|0),\d{2}$|^(?:[1-9]\d*|0)\.\d{2}$|^[1-9]\d*,-$/;
const GROUP = /^\d{1,3}$/;

export interface Amount {
  start: number;
  minor: number;
}

/** The amounts that can end at `end` (exclusive): the last token alone, or with thousands before it. */
export function amountsEndingAt(tokens: readonly string[], end: number): Amount[] {
  const last = tokens[end - 1];
  if (last === undefined) return [];
  const found: Amount[] = [];
  const money = (text: string) => parseMoneyMinor(text.replace(/,-$/, ',00'));
  if (AMOUNT.test(last)) {
    const minor = money(last);
    if (minor !== undefined) found.push({ start: end - 1, minor });
  }
  // "1 299,90": groups of digits before an amount whose whole part has exactly three digits.
  if (!/^\d{3}([.,]\d{2}|,-)$/.test(last)) return found;
  let text = last;
  let start = end - 1;
  while (start > 0 && GROUP.test(tokens[start - 1] ?? '')) {
    const group = tokens[start - 1] as string;
    start -= 1;
    text = `${group}${text}`;
    if (!group.startsWith('0')) {
      const minor = money(text);
      if (minor !== undefined) found.push({ start, minor });
    }
    if (group.length < 3) break;
  }
  return found;
}

export function hasLetters(text: string): boolean {
  return /\p{L}{2,}/u.test(text);
}
