/**
 * A page's text as rows: readers split a printed row differently (Textract often gives each table cell
 * its own line, tesseract one line per row), so lines whose middles sit at the same height are joined
 * into one row with its words left to right.
 */
import type { DocumentLine, DocumentText, DocumentWord } from '../../adapters/documents';

export interface DocumentRow {
  /** 1-based page. */
  page: number;
  /** 1-based row on the page, top to bottom. */
  line: number;
  text: string;
  top: number;
  height: number;
  words: DocumentWord[];
}

/** A line's words: the reader's own, or its text split at spaces with the line's width shared out. */
export function wordsOf(line: DocumentLine): DocumentWord[] {
  if (line.words && line.words.length > 0) return line.words;
  const parts = line.text.split(/\s+/).filter(Boolean);
  const chars = line.text.length || 1;
  const words: DocumentWord[] = [];
  let at = 0;
  for (const part of parts) {
    const start = line.text.indexOf(part, at);
    at = start + part.length;
    words.push({
      text: part,
      left: line.left + (start / chars) * line.width,
      top: line.top,
      width: (part.length / chars) * line.width,
      height: line.height,
    });
  }
  return words;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function documentRows(document: DocumentText): DocumentRow[] {
  const rows: DocumentRow[] = [];
  document.pages.forEach((page, pageIndex) => {
    const lines = page.lines.filter((l) => l.text.trim() !== '');
    const tolerance = median(lines.map((l) => l.height)) * 0.5;
    const groups: { middle: number; top: number; bottom: number; lines: DocumentLine[] }[] = [];
    for (const line of [...lines].sort((a, b) => a.top + a.height / 2 - (b.top + b.height / 2))) {
      const middle = line.top + line.height / 2;
      const group = groups.at(-1);
      if (group && Math.abs(group.middle - middle) <= tolerance) {
        group.lines.push(line);
        group.top = Math.min(group.top, line.top);
        group.bottom = Math.max(group.bottom, line.top + line.height);
      } else {
        groups.push({ middle, top: line.top, bottom: line.top + line.height, lines: [line] });
      }
    }
    groups.forEach((group, index) => {
      const words = group.lines.flatMap(wordsOf).sort((a, b) => a.left - b.left);
      rows.push({
        page: pageIndex + 1,
        line: index + 1,
        text: words.map((w) => w.text).join(' '),
        top: group.top,
        height: group.bottom - group.top,
        words,
      });
    });
  });
  return rows;
}
