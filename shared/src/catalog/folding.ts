/** Text folded for search and ids: Norwegian letters and accents, facet and origin ids. */

/**
 * How the global search matches a folded name against a folded query: at the start of the name or of a
 * word in it, or anywhere once the query has four letters or more.
 */
export function matchesFoldedName(folded: string, query: string): boolean {
  return (
    folded.startsWith(query) || folded.includes(` ${query}`) || (query.length >= 4 && folded.includes(query))
  );
}

/** Lower-case ASCII with Norwegian letters folded (ø→o, æ→ae, å→a) and accents dropped: for search and ids. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/œ/g, 'oe')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** A facet value's id: the folded text with every run of other characters turned into one dash. */
export function facetId(text: string): string {
  return (
    foldText(text)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || '-'
  );
}

/**
 * The catalogue index's own keys for places, from the stored Norwegian names; they nest: `frankrike`,
 * `frankrike.bordeaux`, `frankrike.bordeaux.pauillac`. The API and its links speak language-neutral ids
 * (`france.bordeaux.pauillac`) and turn one into the other: see vocabulary/origins.ts.
 */
export function originId(country: string, region?: string, subRegion?: string): string {
  let id = facetId(country);
  if (region) id += `.${facetId(region)}`;
  if (region && subRegion) id += `.${facetId(subRegion)}`;
  return id;
}
