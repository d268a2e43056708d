/**
 * The facet columns' data (facet-columns.ts), made in one of two ways: built from the documents, or
 * read back from a snapshot's sections without a build.
 */
import { FACETS, type FacetName, facetId, originId, supplierIdOf } from '@kork/shared';
import { appendCodes, type Codes, Dictionary, narrow, sameId } from './facet-dictionary';
import { bottleSizeId, vintageId } from './facets';
import type { SectionReader } from './snapshot-sections';
import type { SearchDoc } from './types';

export const F_AVAILABLE = 1;
export const F_HORECA = 2;
export const F_EXPERT = 4;

/** Every column of the facets, as FacetColumns holds them. */
export interface ColumnData {
  dict: Record<FacetName, Dictionary>;
  category: Codes;
  country: Codes;
  region: Codes;
  subRegion: Codes;
  manufacturer: Codes;
  bottle: Codes;
  store: Codes;
  vintage: Codes;
  /** The wholesaler's supplier (`supplierIdOf`). */
  supplier: Codes;
  grapeOffsets: Uint32Array;
  grapeCodes: Codes;
  foodOffsets: Uint32Array;
  foodCodes: Codes;
  expertStart: Uint32Array;
  expertEnd: Uint32Array;
  expertCodes: Uint32Array;
  /** NOK minor units; NaN: no price. */
  price: Float64Array;
  flags: Uint8Array;
}

/** The flag bits of a wine: available, to restaurants, rated by an expert. */
export function flagsOf(doc: SearchDoc): number {
  return (
    (doc.isAvailable ? F_AVAILABLE : 0) |
    (doc.isHorecaAvailable ? F_HORECA : 0) |
    (doc.expertCount > 0 ? F_EXPERT : 0)
  );
}

/** The columns as a snapshot holds them (`FacetColumns.write`); `price` is kept once, with the documents. */
export function columnsFromSnapshot(from: SectionReader, price: Float64Array): ColumnData {
  const data = {} as ColumnData;
  data.dict = Object.fromEntries(
    FACETS.map((facet) => [facet, Dictionary.read(from.value(`facets.dict.${facet}`))]),
  ) as unknown as Record<FacetName, Dictionary>;
  data.category = from.array('facets.category') as Codes;
  data.country = from.array('facets.country') as Codes;
  data.region = from.array('facets.region') as Codes;
  data.subRegion = from.array('facets.subRegion') as Codes;
  data.manufacturer = from.array('facets.manufacturer') as Codes;
  data.bottle = from.array('facets.bottle') as Codes;
  data.store = from.array('facets.store') as Codes;
  data.vintage = from.array('facets.vintage') as Codes;
  data.supplier = from.array('facets.supplier') as Codes;
  data.grapeOffsets = from.offsets('facets.grapes');
  data.grapeCodes = from.array('facets.grapeCodes') as Codes;
  data.foodOffsets = from.offsets('facets.food');
  data.foodCodes = from.array('facets.foodCodes') as Codes;
  const experts = from.offsets('facets.experts');
  data.expertStart = experts.subarray(0, experts.length - 1);
  data.expertEnd = experts.slice(1);
  data.expertCodes = from.u32('facets.expertCodes');
  data.price = price;
  data.flags = from.array('facets.flags') as Uint8Array;
  return data;
}

/**
 * The columns built from the documents; `givenRows`: the row of each document in the order they were
 * given (default: the same order).
 */
export function columnsFromDocs(docs: readonly SearchDoc[], givenRows?: Uint32Array): ColumnData {
  const data = {} as ColumnData;
  const n = docs.length;
  const dict = Object.fromEntries(FACETS.map((facet) => [facet, new Dictionary()])) as unknown as Record<
    FacetName,
    Dictionary
  >;
  const category = new Uint32Array(n);
  const country = new Uint32Array(n);
  const region = new Uint32Array(n);
  const subRegion = new Uint32Array(n);
  const manufacturer = new Uint32Array(n);
  const bottle = new Uint32Array(n);
  const store = new Uint32Array(n);
  const vintage = new Uint32Array(n);
  const supplier = new Uint32Array(n);
  const grapeOffsets = new Uint32Array(n + 1);
  const foodOffsets = new Uint32Array(n + 1);
  const grapeList: number[] = [];
  const foodList: number[] = [];
  const expertList: number[] = [];
  const expertStart = new Uint32Array(n);
  const expertEnd = new Uint32Array(n);
  const price = new Float64Array(n);
  const flags = new Uint8Array(n);

  // Values get their codes in the order the documents were given (a value's name is its first
  // spelling), whatever order the rows are in; the lists are laid out row by row after.
  const scratch: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = givenRows ? (givenRows[i] as number) : i;
    const doc = docs[row] as SearchDoc;
    category[row] = dict.categories.code(doc.mainCategoryId, doc.mainCategoryId);
    const { country: c, region: r, subRegion: sub } = doc;
    if (c) {
      const countryCode = dict.countries.codeOf(c, originId);
      country[row] = countryCode;
      if (r) {
        const regionCode = dict.regions.codeUnder(countryCode, r, () => originId(c, r));
        region[row] = regionCode;
        if (sub) subRegion[row] = dict.subRegions.codeUnder(regionCode, sub, () => originId(c, r, sub));
      }
    }
    if (doc.producer) manufacturer[row] = dict.manufacturers.codeOf(doc.producer, facetId);
    const size = bottleSizeId(doc.bottleSize);
    bottle[row] = dict.bottleSizes.code(size, size);
    if (doc.storeCategory) store[row] = dict.stores.codeOf(doc.storeCategory, facetId);
    const year = vintageId(doc.vintage);
    vintage[row] = dict.vintages.code(year, year);
    const wholesaler = doc.wholesaler?.trim();
    if (wholesaler) supplier[row] = dict.nbsSuppliers.codeOf(wholesaler, supplierIdOf);
    scratch.length = 0;
    appendCodes(scratch, doc.grapes, dict.grapes, facetId);
    appendCodes(scratch, doc.food, dict.food, facetId);
    appendCodes(scratch, doc.expertIds, dict.experts, sameId);
    price[row] = typeof doc.priceMinor === 'number' ? doc.priceMinor : Number.NaN;
    flags[row] = flagsOf(doc);
  }
  for (let row = 0; row < n; row++) {
    const doc = docs[row] as SearchDoc;
    appendCodes(grapeList, doc.grapes, dict.grapes, facetId);
    grapeOffsets[row + 1] = grapeList.length;
    appendCodes(foodList, doc.food, dict.food, facetId);
    foodOffsets[row + 1] = foodList.length;
    expertStart[row] = expertList.length;
    appendCodes(expertList, doc.expertIds, dict.experts, sameId);
    expertEnd[row] = expertList.length;
  }

  data.category = narrow(category, dict.categories.size);
  data.country = narrow(country, dict.countries.size);
  data.region = narrow(region, dict.regions.size);
  data.subRegion = narrow(subRegion, dict.subRegions.size);
  data.manufacturer = narrow(manufacturer, dict.manufacturers.size);
  data.bottle = narrow(bottle, dict.bottleSizes.size);
  data.store = narrow(store, dict.stores.size);
  data.vintage = narrow(vintage, dict.vintages.size);
  data.supplier = narrow(supplier, dict.nbsSuppliers.size);
  data.grapeOffsets = grapeOffsets;
  data.grapeCodes = narrow(Uint32Array.from(grapeList), dict.grapes.size);
  data.foodOffsets = foodOffsets;
  data.foodCodes = narrow(Uint32Array.from(foodList), dict.food.size);
  data.expertStart = expertStart;
  data.expertEnd = expertEnd;
  data.expertCodes = Uint32Array.from(expertList);
  data.price = price;
  data.flags = flags;
  data.dict = dict;
  return data;
}
