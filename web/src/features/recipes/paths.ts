/** Pages the recipe pages link to. */

export const WINES_PATH = '/wine-cellar/wines';

/** The inventory searched for one wine, where its purchase price is set. */
export const wineLink = (name: string) => `${WINES_PATH}?q=${encodeURIComponent(name)}`;
