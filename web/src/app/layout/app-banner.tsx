import { BREAKPOINTS } from '@kork/shared';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import AppBannerView from './app-banner-view';

export const APP_BANNER_SEEN_KEY = 'kork.appBanner.seen';

function hasSeenBanner(): boolean {
  try {
    return window.localStorage.getItem(APP_BANNER_SEEN_KEY) !== null;
  } catch {
    // Storage can be blocked (private mode); better never to show it than to show it on every page.
    return true;
  }
}

function markBannerSeen(): void {
  try {
    window.localStorage.setItem(APP_BANNER_SEEN_KEY, new Date().toISOString());
  } catch {
    // Nothing to remember it in: the banner simply shows on the next visit too.
  }
}

/**
 * On a phone's first visit, a banner points to the apps (SPEC §2). The flag is written the first time it
 * shows, so it appears on one visit only; within that visit it stays until closed. It is decided in the
 * first render and comes with the shell's code: a banner arriving later would push the page down.
 */
export function AppBanner() {
  const isPhone = useMediaQuery(`(max-width: ${BREAKPOINTS.xs - 0.02}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const [open, setOpen] = useState(() => isPhone && !hasSeenBanner());

  useEffect(() => {
    if (!isPhone || hasSeenBanner()) return;
    markBannerSeen();
    setOpen(true);
  }, [isPhone]);

  if (!open || !isPhone) return null;
  return <AppBannerView onClose={() => setOpen(false)} />;
}
