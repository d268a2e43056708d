import { type CellarWine, foldText, UNCATEGORIZED } from '@kork/shared';
import { withAbbreviations } from '../../catalog/search/abbreviations';
import { textTokens } from '../../catalog/search/text-match';
import { cellarSnapshot, countryNames, rowLimit, wineRef, winesByName } from './cellar-rows';
import type { SearchCellarData, SearchCellarRow } from './outputs';
import type { AssistantTool } from './tool';
import { notInYourCellar } from './tool-error';

/** The names of the places a wine has bottles in (a location's name; none for Uncategorized). */
function placesOf(wine: CellarWine, names: ReadonlyMap<string, string>): string[] {
  return wine.placements.flatMap((p) => (p.locationId && p.quantity > 0 && names.get(p.locationId)) || []);
}

/**
 * Folded text of a wine that the search's words must all be found in, with the other forms of the
 * abbreviations its name is written with ("Ch. Margaux" is also found as "chateau margaux", and the other
 * way round), as the catalogue's search does.
 */
export function haystackOf(wine: CellarWine, names: ReadonlyMap<string, string>): string {
  const folded = foldedTextOf(wine, names);
  const tokens = textTokens(folded);
  const forms = withAbbreviations(tokens);
  return forms === tokens ? folded : `${folded} ${forms.slice(tokens.length).join(' ')}`;
}

function foldedTextOf(wine: CellarWine, names: ReadonlyMap<string, string>): string {
  return foldText(
    [
      wine.wineDisplayName,
      ...placesOf(wine, names),
      wine.producerName,
      ...countryNames(wine.country),
      wine.region,
      ...wine.grapes.map((grape) => grape.name),
      wine.supplier,
      wine.vinmonopoletNumber,
      wine.productId,
    ]
      .filter(Boolean)
      .join(' '),
  );
}

function rowOf(wine: CellarWine, names: ReadonlyMap<string, string>): SearchCellarRow {
  const row: SearchCellarRow = { ...wineRef(wine), bottles: wine.quantity, category: wine.mainCategoryId };
  const places = placesOf(wine, names);
  if (places.length > 0) row.locations = places;
  if (wine.country) row.country = wine.country;
  if (wine.region) row.region = wine.region;
  if (wine.purchasePriceWvat !== undefined) row.purchasePrice = wine.purchasePriceWvat;
  if (wine.sellingPrice !== undefined) row.sellingPrice = wine.sellingPrice;
  return row;
}

export const searchCellar: AssistantTool<'search_cellar'> = {
  name: 'search_cellar',
  description:
    "Searches the user's own cellar: words of the name, producer, grape, region, country or location name (all " +
    'must match), a category, a country, a location id and whether in stock. Answers the count, the bottles and ' +
    'the first rows (name, vintage, bottles, where they are, prices in minor units of `currency`).',
  async run(context, input) {
    const snapshot = await cellarSnapshot(context.userId);
    let scope: Set<string | null> | undefined;
    if (input.locationId) {
      const known =
        input.locationId === UNCATEGORIZED || snapshot.locations.some((l) => l.id === input.locationId);
      if (!known) throw notInYourCellar('location');
      scope = snapshot.locationScope([input.locationId]);
    }
    const terms = foldText(input.text ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const country = input.country ? foldText(input.country.trim()) : undefined;
    const limit = rowLimit(input.limit);
    const names = new Map(snapshot.locations.map((location) => [location.id, location.name]));
    // Worked out once per snapshot (a version of the cellar) and kept with it.
    const haystacks = snapshot.derived(
      'assistant:search-text',
      (s) => new Map(s.wines.map((wine) => [wine.id, haystackOf(wine, names)])),
    );
    const rows: SearchCellarRow[] = [];
    let count = 0;
    let bottles = 0;
    for (const wine of winesByName(snapshot)) {
      if (input.category && wine.mainCategoryId !== input.category) continue;
      if (input.inStock === true && wine.quantity <= 0) continue;
      if (input.inStock === false && wine.quantity > 0) continue;
      if (country && !countryNames(wine.country).includes(country)) continue;
      if (scope && !wine.placements.some((p) => scope.has(p.locationId))) continue;
      if (terms.length > 0) {
        const haystack = haystacks.get(wine.id) ?? '';
        if (!terms.every((term) => haystack.includes(term))) continue;
      }
      count++;
      bottles += wine.quantity;
      if (rows.length < limit) rows.push(rowOf(wine, names));
    }
    const data: SearchCellarData = { currency: snapshot.cellar.baseCurrency, count, bottles, rows };
    return { data: { ...data } };
  },
};
