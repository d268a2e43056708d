import { type RefObject, useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the home page's category strip is on screen. The home page watches the strip; the navbar,
 * which lives in the shell and knows nothing of the home page, reads the answer to decide whether it
 * can stay transparent over the hero.
 */
/** Keep in step with `--kork-navbar-height` in app/global.css. */
export const NAVBAR_HEIGHT_PX = 64;

let visible = false;
const listeners = new Set<() => void>();

function setVisible(next: boolean): void {
  if (next === visible) return;
  visible = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCategoryStripVisible(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => visible,
    () => visible,
  );
}

/** Reports the strip's visibility; `topOffsetPx` is the navbar height, since the strip hides under it. */
export function useWatchCategoryStrip(ref: RefObject<HTMLElement | null>, topOffsetPx: number): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    setVisible(true);
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) setVisible(entry.isIntersecting);
      },
      { rootMargin: `-${topOffsetPx}px 0px 0px 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      setVisible(false);
    };
  }, [ref, topOffsetPx]);
}
