import { useEffect } from 'react';
import type { WineFilters } from './wine-filters';

/**
 * Rewrites an older link's Norwegian origin ids (`origins=italia`, `frankrike.burgund`) in the address
 * to today's language-neutral ones (`italy`, `france.burgundy`), replacing the history entry. The id
 * table loads on demand, only for an address that has origins at all.
 */
export function useCanonicalOrigins(
  origins: readonly string[],
  setFilters: (update: (current: WineFilters) => WineFilters, options?: { replace?: boolean }) => void,
): void {
  const key = origins.join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    void import('@kork/shared/vocabulary/origins').then(({ canonicalOriginIds }) => {
      if (!live) return;
      const canonical = canonicalOriginIds(key.split(','));
      if (canonical.join(',') === key) return;
      setFilters((current) => ({ ...current, origins: canonical }), { replace: true });
    });
    return () => {
      live = false;
    };
  }, [key, setFilters]);
}
