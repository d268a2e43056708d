/**
 * Catalogue wines by the numbers people type: a Vinmonopolet number (the wine's own, or one a merge moved
 * onto it) or a Vectura id. Read from the warm catalogue index; the number maps are built once per index.
 */
import { catalogIndex } from './catalog-index-cache';
import type { CatalogIndex } from './search/catalog-index';
import type { SearchDoc } from './search/types';

interface NumberMaps {
  vinmonopolet: Map<string, SearchDoc>;
  vectura: Map<string, SearchDoc>;
}

const built = new WeakMap<CatalogIndex, NumberMaps>();

/** Leading zeros are not part of a number: "0001234" and "1234" name the same wine. */
function normal(number: string): string {
  return number.trim().replace(/^0+(?=\d)/, '');
}

function mapsOf(index: CatalogIndex): NumberMaps {
  const known = built.get(index);
  if (known) return known;
  const maps: NumberMaps = { vinmonopolet: new Map(), vectura: new Map() };
  for (const doc of index.docs()) {
    for (const number of doc.numbers ?? []) {
      const key = normal(number);
      if (!maps.vinmonopolet.has(key)) maps.vinmonopolet.set(key, doc);
    }
    for (const number of doc.vecturaIds ?? []) {
      const key = normal(number);
      if (!maps.vectura.has(key)) maps.vectura.set(key, doc);
    }
  }
  built.set(index, maps);
  return maps;
}

/**
 * The catalogue wine each number names, by the number as given; a Vinmonopolet number wins over a
 * Vectura id with the same digits. Numbers that name no active wine are absent.
 */
export async function winesByExternalNumbers(numbers: readonly string[]): Promise<Map<string, SearchDoc>> {
  const { index } = await catalogIndex();
  const maps = mapsOf(index);
  const found = new Map<string, SearchDoc>();
  for (const number of numbers) {
    const key = normal(number);
    const doc = maps.vinmonopolet.get(key) ?? maps.vectura.get(key);
    if (doc) found.set(number, doc);
  }
  return found;
}
