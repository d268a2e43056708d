/**
 * Registers the service worker the build writes (`/sw.js`, vite.config.ts): loaded after the first paint,
 * so it costs the first screen nothing. Only a production build has one; the development server and
 * component tests do without.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    // The app works without it; only opening pages offline does not.
    console.warn('[sw] registration failed', error);
  });
}
