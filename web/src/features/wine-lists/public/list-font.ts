import type { WineListFont } from '@kork/shared';
import { useEffect } from 'react';

/** The CSS font stack of each list font: the same families the printed list embeds, then look-alikes. */
export const LIST_FONT_STACK: Record<WineListFont, string> = {
  garamond: "'EB Garamond', Garamond, Georgia, serif",
  lora: "'Lora', Georgia, serif",
  sourceSans: "'Source Sans 3', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
};

/**
 * The faces a list shows (regular and semibold, Latin and extended Latin, which hold æ, ø, å, é, ü and the
 * like), from the fontsource packages the PDF's fonts come from. Only the list pages load them, and only
 * the family the list uses; the browser fetches a file once a character of its range is on the page.
 */
const LOADERS: Record<WineListFont, () => Promise<unknown[]>> = {
  garamond: () =>
    Promise.all([
      import('@fontsource/eb-garamond/latin-400.css'),
      import('@fontsource/eb-garamond/latin-ext-400.css'),
      import('@fontsource/eb-garamond/latin-600.css'),
      import('@fontsource/eb-garamond/latin-ext-600.css'),
    ]),
  lora: () =>
    Promise.all([
      import('@fontsource/lora/latin-400.css'),
      import('@fontsource/lora/latin-ext-400.css'),
      import('@fontsource/lora/latin-600.css'),
      import('@fontsource/lora/latin-ext-600.css'),
    ]),
  sourceSans: () =>
    Promise.all([
      import('@fontsource/source-sans-3/latin-400.css'),
      import('@fontsource/source-sans-3/latin-ext-400.css'),
      import('@fontsource/source-sans-3/latin-600.css'),
      import('@fontsource/source-sans-3/latin-ext-600.css'),
    ]),
};

/** Loads the list's font family and answers its CSS font stack (the fallbacks show until it is in). */
export function useListFont(font: WineListFont | undefined): string | undefined {
  useEffect(() => {
    // A font that does not arrive leaves the fallbacks: the list stays readable.
    if (font) LOADERS[font]().catch(() => undefined);
  }, [font]);
  return font ? LIST_FONT_STACK[font] : undefined;
}
