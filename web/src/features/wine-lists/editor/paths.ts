/** The wine list editor's addresses. */

export const WINE_LISTS_PATH = '/wine-cellar/wine-lists';

/** The address of one list in the editor. */
export function wineListPath(listId: string): string {
  return `${WINE_LISTS_PATH}?list=${encodeURIComponent(listId)}`;
}
