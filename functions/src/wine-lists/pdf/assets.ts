/**
 * Files the PDF reads at run time: the wine list fonts (the WOFF files of WINE_LIST_FONT_FILES, the same
 * the preview loads). A deployed function finds them in `assets/` beside its bundle, where
 * functions/build.ts copies them; run from source (tsx, tests) they come from node_modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WineListFont } from '@kork/shared';
import { WINE_LIST_FONT_FILES } from '@kork/shared/wine-list-layout/fonts';

/** The folder beside a bundle that holds its copied files, by their npm package paths. */
export const BUNDLED_ASSETS_DIR = 'assets';

/** Every file the PDF needs, as npm package paths: what the build copies next to the bundle. */
export function pdfAssetFiles(): string[] {
  return Object.values(WINE_LIST_FONT_FILES).flatMap((faces) => Object.values(faces));
}

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Where a package file is: beside the bundle when this module runs bundled (its `import.meta.url` is
 * then the bundle's), else resolved from node_modules.
 */
export function assetPath(packagePath: string, from: string = here): string {
  const bundled = join(from, BUNDLED_ASSETS_DIR, packagePath);
  if (existsSync(bundled)) return bundled;
  return createRequire(join(from, 'index.js')).resolve(packagePath);
}

const fonts = new Map<string, Buffer>();

/** The bytes of one face of a wine list font, read once per instance. */
export function fontFile(family: WineListFont, face: 'regular' | 'italic' | 'bold'): Buffer {
  const path = WINE_LIST_FONT_FILES[family][face];
  let bytes = fonts.get(path);
  if (!bytes) {
    bytes = readFileSync(assetPath(path));
    fonts.set(path, bytes);
  }
  return bytes;
}
