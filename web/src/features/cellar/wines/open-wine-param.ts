import type { CellarWine } from '@kork/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { getCellarWine } from '../api/get-cellar-wine';

/** `?wine=<cellarWineId>`: a link to one wine's row (the cellar assistant's answers link wines so). */
export const WINE_PARAM = 'wine';

/** Opens the wine a `?wine=` link names, once, and takes the parameter out of the address. */
export function useOpenWineParam(userId: string, open: (wine: CellarWine) => void): void {
  const [params, setParams] = useSearchParams();
  const id = params.get(WINE_PARAM);
  useEffect(() => {
    if (!id) return;
    let current = true;
    const done = () =>
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          next.delete(WINE_PARAM);
          return next;
        },
        { replace: true },
      );
    getCellarWine(userId, id).then(
      (wine) => {
        if (!current) return;
        open(wine);
        done();
      },
      // A wine that is gone (or not the viewer's) opens nothing: the inventory shows as it is.
      () => current && done(),
    );
    return () => {
      current = false;
    };
  }, [id, userId, open, setParams]);
}
