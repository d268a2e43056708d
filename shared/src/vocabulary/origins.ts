import { facetId } from '../catalog';
import en from './en.json';

/**
 * Origin ids as the API, the feed's `origins=` parameter and its links speak them: the same whatever the
 * reader's language. Each part is the place's English name folded (`france`, `france.burgundy`,
 * `italy.piedmont.barolo`); a proper name the vocabulary does not translate stays as the catalogue writes
 * it (`france.bordeaux.pauillac`).
 *
 * The catalogue index keys places by their stored Norwegian names folded (`frankrike.burgund`), the
 * form earlier links carried too. `canonicalOriginId` turns such an id into today's (so an old bookmark
 * still filters the same wines) and `storedOriginId` turns today's back into the index's. No English
 * name folds to another place's Norwegian one (a test holds it), so each works on either form.
 */

const countries: Record<string, string> = en.country;
const regions: Record<string, string> = en.region;

function partsOf(names: Record<string, string>): {
  toPublic: Map<string, string>;
  toStored: Map<string, string>;
} {
  const toPublic = new Map<string, string>();
  const toStored = new Map<string, string>();
  for (const [stored, name] of Object.entries(names)) {
    const old = facetId(stored);
    const now = facetId(name);
    if (old === now) continue;
    toPublic.set(old, now);
    toStored.set(now, old);
  }
  return { toPublic, toStored };
}

const COUNTRY_PARTS = partsOf(countries);
const REGION_PARTS = partsOf(regions);

function mapParts(id: string, direction: 'toPublic' | 'toStored'): string {
  return id
    .split('.')
    .map((part, depth) => (depth === 0 ? COUNTRY_PARTS : REGION_PARTS)[direction].get(part) ?? part)
    .join('.');
}

/** Today's id for an origin id in either form: `frankrike.burgund` and `france.burgundy` → `france.burgundy`. */
export function canonicalOriginId(id: string): string {
  return mapParts(id, 'toPublic');
}

/** Every id of a list in today's form, each once, in the order given. */
export function canonicalOriginIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map(canonicalOriginId))];
}

/** The index's id for an origin id in either form: `france.burgundy` → `frankrike.burgund`. */
export function storedOriginId(id: string): string {
  return mapParts(id, 'toStored');
}

/** The id of a country, of a region in it, or of a sub-region in that: `france.burgundy.chablis`. */
export function originId(country: string, region?: string, subRegion?: string): string {
  const name = (names: Record<string, string>, stored: string) =>
    facetId(Object.hasOwn(names, stored) ? (names[stored] as string) : stored);
  let id = name(countries, country);
  if (region) id += `.${name(regions, region)}`;
  if (region && subRegion) id += `.${name(regions, subRegion)}`;
  return id;
}
