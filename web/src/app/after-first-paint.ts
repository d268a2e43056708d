/**
 * The first screen's paint, as a moment to wait for: what that screen does not show (the feed below the
 * hero, the footer, the texts of other screens) is asked for only then, so the first paint has the network
 * and the processor to itself.
 */
let committed: () => void = () => undefined;
const firstCommit = new Promise<void>((resolve) => {
  committed = resolve;
});

/** Called once the first screen is in the document (an effect at the root, `FirstScreen`). */
export function markFirstScreen(): void {
  committed();
}

/** Nobody waits longer than this for a first screen that does not come (a failed start). */
const FALLBACK_MS = 2_000;
/** A hidden tab paints no frames: a timer stands in for the frame. */
const HIDDEN_FRAME_MS = 100;

function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, HIDDEN_FRAME_MS);
  });
}

/**
 * The browser's own first contentful paint, when it reports one: a frame's callbacks run before its
 * pixels are shown, so anything asked for then would still share the network with the first screen.
 * A hidden tab shows no pixels (a timer stands in); a browser without paint timing waits a frame.
 */
function contentfulPaint(): Promise<void> {
  const supported =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (!supported || document.visibilityState === 'hidden') return nextFrame();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', () => setTimeout(resolve, HIDDEN_FRAME_MS), { once: true });
  });
}

let painted: Promise<void> | undefined;

export function afterFirstPaint(): Promise<void> {
  painted ??=
    // Component tests render parts of the app without its root and have no paint to wait for.
    import.meta.env.MODE === 'test'
      ? Promise.resolve()
      : Promise.race([
          firstCommit.then(contentfulPaint),
          new Promise<void>((resolve) => setTimeout(resolve, FALLBACK_MS)),
        ]);
  return painted;
}
