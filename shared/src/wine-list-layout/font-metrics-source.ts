import { createRequire } from 'node:module';
import { WINE_LIST_FONTS } from '../wine-lists';
import { WINE_LIST_FONT_FILES } from './fonts';

/**
 * Node only (never exported from the layout's index): reads the font files with fontkit and returns the
 * metrics the layout measures with, as `scripts/font-metrics.ts` writes them to `metrics.json` and as the
 * metrics test compares them with the committed file.
 */

/** One face: font units per em, ascender, descender (negative), and advance widths in font units. */
export interface FaceMetricsJson {
  file: string;
  unitsPerEm: number;
  ascender: number;
  descender: number;
  /** Runs of consecutive code points: `[first code point, width, width, …]`. */
  widths: number[][];
}

export type FontMetricsJson = Record<string, Record<'regular' | 'italic' | 'bold', FaceMetricsJson>>;

interface FontkitFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  characterSet: number[];
  glyphForCodePoint(codePoint: number): { advanceWidth: number };
}

/** Code points worth measuring: printable ones (no controls, zero-width marks or non-characters). */
function printable(codePoint: number): boolean {
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) return false;
  if (codePoint === 0xad || codePoint === 0x200b || codePoint === 0xfeff) return false;
  return codePoint < 0xfffe;
}

/**
 * A code point's advance width, or undefined when fontkit cannot read its glyph (Source Sans 3's thin
 * space): the PDF, drawn with fontkit, could not print it either, so the layout treats it as missing.
 */
function advanceWidth(font: FontkitFont, codePoint: number): number | undefined {
  try {
    return Math.round(font.glyphForCodePoint(codePoint).advanceWidth);
  } catch {
    return undefined;
  }
}

export async function readFontMetrics(): Promise<FontMetricsJson> {
  const fontkitName = 'fontkit';
  const fontkit = (await import(fontkitName)) as { openSync(path: string): FontkitFont };
  const require = createRequire(import.meta.url);
  const result: FontMetricsJson = {};
  for (const family of WINE_LIST_FONTS) {
    const faces = WINE_LIST_FONT_FILES[family];
    const familyMetrics = {} as Record<'regular' | 'italic' | 'bold', FaceMetricsJson>;
    for (const key of ['regular', 'italic', 'bold'] as const) {
      const font = fontkit.openSync(require.resolve(faces[key]));
      const codePoints = [...new Set(font.characterSet)].filter(printable).sort((a, b) => a - b);
      const widths: number[][] = [];
      let run: number[] | undefined;
      let next = -1;
      for (const codePoint of codePoints) {
        const width = advanceWidth(font, codePoint);
        if (width === undefined) continue;
        if (!run || codePoint !== next) {
          run = [codePoint];
          widths.push(run);
        }
        run.push(width);
        next = codePoint + 1;
      }
      familyMetrics[key] = {
        file: faces[key],
        unitsPerEm: font.unitsPerEm,
        ascender: font.ascent,
        descender: font.descent,
        widths,
      };
    }
    result[family] = familyMetrics;
  }
  return result;
}
