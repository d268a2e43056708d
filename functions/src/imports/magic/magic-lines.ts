/** Magic import: any text (pasted, or read from a photo or PDF) as wine lines through the model port. */
import { IMPORT_LIMITS, type LineIssue, type Locale, type ParsedWineLine } from '@kork/shared';
import { model } from '../../adapters/model';
import type { ReadLine } from '../read/read-line';

/** What a line says beside its name: with none of it the line was only partly read. */
const DETAIL_FIELDS: (keyof ParsedWineLine)[] = [
  'producer',
  'vintage',
  'bottleSize',
  'quantity',
  'purchasePriceWvat',
  'purchasePriceWovat',
  'sellingPrice',
  'vinmonopoletNumber',
  'vecturaNumber',
];

function issuesOf(parsed: ParsedWineLine): LineIssue[] {
  return DETAIL_FIELDS.some((field) => parsed[field] !== undefined) ? [] : ['partlyRead'];
}

/**
 * Where each wine is in the text: the line its raw text starts on, looked for after the previous wine's
 * (a line number counts from 1); a raw the text does not hold verbatim gets the line after the previous.
 */
function lineNumbers(text: string, raws: readonly string[]): number[] {
  const lines = text.split(/\r\n|\r|\n/).map((line) => line.replace(/\s+/g, ' ').trim());
  let from = 0;
  return raws.map((raw) => {
    const start = (raw.split(' · ')[0] ?? raw).replace(/\s+/g, ' ').trim();
    const found = start ? lines.findIndex((line, i) => i >= from && line.includes(start)) : -1;
    const index = found >= 0 ? found : Math.min(from, Math.max(lines.length - 1, 0));
    from = index + 1;
    return index + 1;
  });
}

export async function magicLines(
  text: string,
  locale: Locale,
): Promise<{ lines: ReadLine[]; unread: string[] }> {
  const source = text.slice(0, IMPORT_LIMITS.maxTextLength);
  const extracted = await model().extractWines(source, locale);
  const wines = extracted.lines
    .filter((line) => line.parsed.wineName.trim())
    .slice(0, IMPORT_LIMITS.maxLines);
  const at = lineNumbers(
    source,
    wines.map((line) => line.raw),
  );
  const lines = wines.map(
    (line, index): ReadLine => ({
      at: { line: at[index] as number },
      raw: line.raw,
      parsed: line.parsed,
      issues: issuesOf(line.parsed),
    }),
  );
  const nameless = extracted.lines.filter((line) => !line.parsed.wineName.trim()).map((line) => line.raw);
  return { lines, unread: [...extracted.unread, ...nameless] };
}
