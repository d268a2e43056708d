import { printableText, textWidth } from './fonts';
import type { FontFace } from './types';

/**
 * Lines break where measured text reaches this share of the room it has, and half a point less: the
 * layout measures without kerning, and the renderers (pdfkit, the browser) may kern, so a line that fits
 * here fits there too.
 */
export const KERNING_ALLOWANCE = 0.97;

/** The width a line may take when it is measured without kerning. */
export function usableWidth(width: number): number {
  return Math.max(0, width * KERNING_ALLOWANCE - 0.5);
}

/**
 * The printable text in lines no wider than `width` (after the kerning allowance): breaks at spaces (a
 * no-break space holds its words together), and a word too long for a line of its own is broken between
 * letters. Never returns an empty array; an empty text is one empty line.
 */
export function wrapText(text: string, face: FontFace, size: number, width: number): string[] {
  const printable = printableText(text, face).replace(/ +/g, ' ').trim();
  const room = usableWidth(width);
  if (textWidth(printable, face, size) <= room) return [printable];
  const spaceWidth = textWidth(' ', face, size);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of printable.split(' ')) {
    const wordWidth = textWidth(word, face, size);
    if (line && lineWidth + spaceWidth + wordWidth <= room) {
      line += ` ${word}`;
      lineWidth += spaceWidth + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    if (wordWidth <= room) {
      line = word;
      lineWidth = wordWidth;
      continue;
    }
    // A word longer than a line: as many letters as fit on each line.
    line = '';
    lineWidth = 0;
    for (const char of word) {
      const charWidth = textWidth(char, face, size);
      if (line && lineWidth + charWidth > room) {
        lines.push(line);
        line = '';
        lineWidth = 0;
      }
      line += char;
      lineWidth += charWidth;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}
