import type { WineListFont } from '../wine-lists';
import metricsJson from './metrics.json';
import type { FontFace } from './types';

/** The font files (npm package paths) of each family's faces; the same files the PDF embeds and the preview loads. */
export const WINE_LIST_FONT_FILES: Record<WineListFont, Record<'regular' | 'italic' | 'bold', string>> = {
  garamond: {
    regular: '@fontsource/eb-garamond/files/eb-garamond-latin-400-normal.woff',
    italic: '@fontsource/eb-garamond/files/eb-garamond-latin-400-italic.woff',
    bold: '@fontsource/eb-garamond/files/eb-garamond-latin-600-normal.woff',
  },
  lora: {
    regular: '@fontsource/lora/files/lora-latin-400-normal.woff',
    italic: '@fontsource/lora/files/lora-latin-400-italic.woff',
    bold: '@fontsource/lora/files/lora-latin-600-normal.woff',
  },
  sourceSans: {
    regular: '@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff',
    italic: '@fontsource/source-sans-3/files/source-sans-3-latin-400-italic.woff',
    bold: '@fontsource/source-sans-3/files/source-sans-3-latin-600-normal.woff',
  },
};

/** The face key of a block's font: 'regular', 'italic' or 'bold'. */
export function faceKey(face: FontFace): 'regular' | 'italic' | 'bold' {
  if (face.weight === 'bold') return 'bold';
  return face.style === 'italic' ? 'italic' : 'regular';
}

/** A face's vertical metrics in font units (metrics.json, read from the font files by scripts/font-metrics.ts). */
export interface FaceMetrics {
  unitsPerEm: number;
  /** Above the baseline (positive). */
  ascender: number;
  /** Below the baseline (negative). */
  descender: number;
}

interface LoadedFace extends FaceMetrics {
  /** Advance width in font units of each code point the font maps. */
  widths: Map<number, number>;
}

const loaded = new Map<string, LoadedFace>();

function loadFace(face: FontFace): LoadedFace {
  const key = `${face.family}/${faceKey(face)}`;
  let result = loaded.get(key);
  if (result) return result;
  const json = (
    metricsJson as Record<
      string,
      Record<string, { unitsPerEm: number; ascender: number; descender: number; widths: number[][] }>
    >
  )[face.family]?.[faceKey(face)];
  if (!json) throw new Error(`No metrics for ${key}`);
  const widths = new Map<number, number>();
  for (const run of json.widths) {
    const first = run[0] as number;
    for (let i = 1; i < run.length; i++) widths.set(first + i - 1, run[i] as number);
  }
  result = { unitsPerEm: json.unitsPerEm, ascender: json.ascender, descender: json.descender, widths };
  loaded.set(key, result);
  return result;
}

/** Units per em, ascender and descender of a face. */
export function faceMetrics(face: FontFace): FaceMetrics {
  const { unitsPerEm, ascender, descender } = loadFace(face);
  return { unitsPerEm, ascender, descender };
}

/** Whether the face has a glyph for the code point. */
export function faceHas(face: FontFace, codePoint: number): boolean {
  return loadFace(face).widths.has(codePoint);
}

/** Letters without a decomposition whose plain letter stands in where the font lacks them. */
const PLAIN_LETTERS: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ŀ: 'l',
  Ŀ: 'L',
  ŧ: 't',
  Ŧ: 'T',
  ı: 'i',
  ſ: 's',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '\u2014',
  '\u2032': "'",
  '\u2033': '"',
};

const SPACE = /\s/u;
const MARK = /\p{M}/u;

/**
 * The text as the face can print it (both renderers draw this, and the layout measures it): NFC, and every
 * character the font lacks replaced — a space by a space (a no-break one where the font has it and the
 * original was one), a letter by its base letter (NFD: "ș" → "s", or a plain letter: "ł" → "l"), a lone
 * combining mark dropped, anything else by "?". Control characters become spaces.
 */
export function printableText(text: string, face: FontFace): string {
  const { widths } = loadFace(face);
  const normalized = text.normalize('NFC');
  let allMapped = true;
  for (const char of normalized) {
    if (!widths.has(char.codePointAt(0) as number)) {
      allMapped = false;
      break;
    }
  }
  if (allMapped) return normalized;
  let result = '';
  for (const char of normalized) {
    const codePoint = char.codePointAt(0) as number;
    if (widths.has(codePoint)) {
      result += char;
    } else if (SPACE.test(char) || codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) {
      const noBreak = char === '\u202f' || char === '\u2007' || char === '\u2060';
      result += noBreak && widths.has(0xa0) ? '\u00a0' : ' ';
    } else if (MARK.test(char)) {
      // A combining mark the font cannot place: left out.
    } else {
      result += fallback(char, widths);
    }
  }
  return result;
}

function fallback(char: string, widths: Map<number, number>): string {
  const plain = PLAIN_LETTERS[char];
  if (plain !== undefined && [...plain].every((c) => widths.has(c.codePointAt(0) as number))) return plain;
  const base = [...char.normalize('NFD')][0];
  if (base && base !== char && widths.has(base.codePointAt(0) as number)) return base;
  return '?';
}

/**
 * Width in points of `text` in `face` at `size`, from the fonts' own advance widths: the sum of the
 * advances of `printableText(text, face)`, without kerning (lines break with a margin for it).
 */
export function textWidth(text: string, face: FontFace, size: number): number {
  const { widths, unitsPerEm } = loadFace(face);
  let units = 0;
  for (const char of printableText(text, face)) units += widths.get(char.codePointAt(0) as number) ?? 0;
  return (units * size) / unitsPerEm;
}
