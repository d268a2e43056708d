import type { WineListFont } from '@kork/shared';
import garamondItalic from '../../../../../node_modules/@fontsource/eb-garamond/files/eb-garamond-latin-400-italic.woff?url';
import garamondRegular from '../../../../../node_modules/@fontsource/eb-garamond/files/eb-garamond-latin-400-normal.woff?url';
import garamondBold from '../../../../../node_modules/@fontsource/eb-garamond/files/eb-garamond-latin-600-normal.woff?url';
import loraItalic from '../../../../../node_modules/@fontsource/lora/files/lora-latin-400-italic.woff?url';
import loraRegular from '../../../../../node_modules/@fontsource/lora/files/lora-latin-400-normal.woff?url';
import loraBold from '../../../../../node_modules/@fontsource/lora/files/lora-latin-600-normal.woff?url';
import sourceSansItalic from '../../../../../node_modules/@fontsource/source-sans-3/files/source-sans-3-latin-400-italic.woff?url';
import sourceSansRegular from '../../../../../node_modules/@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff?url';
import sourceSansBold from '../../../../../node_modules/@fontsource/source-sans-3/files/source-sans-3-latin-600-normal.woff?url';

/**
 * The preview's copies of WINE_LIST_FONT_FILES (`@kork/shared/wine-list-layout`): the same WOFF files the
 * PDF embeds, as asset addresses. The fonts' package exports only CSS, hence the paths; a test keeps this
 * table and the shared one naming the same files.
 */
export const FONT_URLS: Record<WineListFont, Record<'regular' | 'italic' | 'bold', string>> = {
  garamond: { regular: garamondRegular, italic: garamondItalic, bold: garamondBold },
  lora: { regular: loraRegular, italic: loraItalic, bold: loraBold },
  sourceSans: { regular: sourceSansRegular, italic: sourceSansItalic, bold: sourceSansBold },
};
