import type { WineListFont } from '../wine-lists';
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

/** Width in points of `text` in `face` at `size`, from the fonts' own advance widths. */
export function textWidth(_text: string, _face: FontFace, _size: number): number {
  throw new Error('not implemented');
}
