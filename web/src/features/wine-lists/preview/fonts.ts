import type { WineListFont } from '@kork/shared';
import { FONT_URLS } from './font-urls';

/**
 * The wine list fonts in the browser: each family's three faces registered under a family name of its
 * own, so the preview draws with the very faces (and advance widths) the layout measured and the PDF
 * embeds. Loaded once per family, on demand; the preview waits for them before its first drawing.
 */

/** The CSS family name of a wine list font. */
export function cssFamily(font: WineListFont): string {
  return `kork-list-${font}`;
}

/** A CSS `font-family` value with a fallback of the same kind while (or if) the face cannot load. */
export function fontStack(font: WineListFont): string {
  return `"${cssFamily(font)}", ${font === 'sourceSans' ? 'sans-serif' : 'serif'}`;
}

const FACES = [
  { key: 'regular', weight: '400', style: 'normal' },
  { key: 'italic', weight: '400', style: 'italic' },
  { key: 'bold', weight: '600', style: 'normal' },
] as const;

const loading = new Map<WineListFont, Promise<void>>();

/** Registers and loads a family's faces; a face that fails to load leaves its fallback (never throws). */
export function loadWineListFont(font: WineListFont): Promise<void> {
  const known = loading.get(font);
  if (known) return known;
  const promise =
    typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts
      ? Promise.resolve()
      : Promise.all(
          FACES.map(async ({ key, weight, style }) => {
            const face = new FontFace(cssFamily(font), `url(${FONT_URLS[font][key]}) format("woff")`, {
              weight,
              style,
              display: 'block',
            });
            document.fonts.add(face);
            await face.load();
          }),
        ).then(
          () => undefined,
          () => undefined,
        );
  loading.set(font, promise);
  return promise;
}

/** Every family, for the font picker that shows each option in its own face. */
export function loadAllWineListFonts(): Promise<void> {
  return Promise.all((['garamond', 'lora', 'sourceSans'] as const).map(loadWineListFont)).then(
    () => undefined,
  );
}
