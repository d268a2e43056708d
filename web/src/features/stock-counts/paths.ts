/** Where the stock count pages live. */
export const STOCK_COUNTS_PATH = '/wine-cellar/stock-count';

export function countPath(countId: string): string {
  return `${STOCK_COUNTS_PATH}/${encodeURIComponent(countId)}`;
}
