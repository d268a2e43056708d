import { useCallback, useState } from 'react';

export type ListTheme = 'dark' | 'light';

const STORAGE_KEY = 'kork.wineList.theme';

function storedTheme(): ListTheme | undefined {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : undefined;
  } catch {
    // Storage may be off (private browsing, blocked cookies): the default stands.
    return undefined;
  }
}

/**
 * Dark or light: a wine list is read at the table in a dim room, so it is dark unless the guest chose
 * light before (the choice is kept on the device for every list).
 */
export function useListTheme(): [ListTheme, (theme: ListTheme) => void] {
  const [theme, setTheme] = useState<ListTheme>(() => storedTheme() ?? 'dark');
  const choose = useCallback((next: ListTheme) => {
    setTheme(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not kept; the page still changes.
    }
  }, []);
  return [theme, choose];
}
