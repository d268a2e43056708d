/**
 * Mantine's component styles, in two sheets that follow the code that needs them, so the first paint
 * waits for none of them (main.tsx brings only Mantine's global styles and the app's own):
 *
 * - `commonStyles`: the feed's components and the shell's lazy parts (footer, phone menu, toasts, search);
 * - `pageStyles`: those and every other page's components.
 *
 * A lazy part waits for its sheet along with its code (`withStyles`), so it never shows unstyled. The page
 * sheet's link is always added after the common one: Mantine's bases of its components are there.
 */
import { afterFirstPaint } from '../after-first-paint';

type Load<T> = () => Promise<T>;

let common: Promise<unknown> | undefined;
let pages: Promise<unknown> | undefined;

export function commonStyles(): Promise<unknown> {
  common ??= import('./mantine-common.css');
  return common;
}

export function pageStyles(): Promise<unknown> {
  const first = commonStyles();
  pages ??= import('./mantine-pages.css');
  return Promise.all([first, pages]);
}

/** `load`, resolved once `styles` are in the page too. */
export function withStyles<T>(styles: () => Promise<unknown>, load: Load<T>): Load<T> {
  return async () => {
    const [module] = await Promise.all([load(), styles()]);
    return module;
  };
}

/** `withStyles` for a part the first screen does without: nothing is asked for before that screen has painted. */
export function afterPaintWithStyles<T>(styles: () => Promise<unknown>, load: Load<T>): Load<T> {
  const loadWithStyles = withStyles(styles, load);
  return () => afterFirstPaint().then(loadWithStyles);
}
