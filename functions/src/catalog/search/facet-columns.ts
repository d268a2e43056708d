/**
 * The facet columns (D14): per row a dictionary code for each single-valued facet (code 0: no value),
 * CSR lists (offsets + codes) for grapes and food, and start/end ranges into a growable code array for
 * expert ids so a tasting note can change them in place; the price and availability columns beside
 * them. `filter` is the one pass over the candidate rows that applies the query's filters and counts
 * the facets disjunctively (a row failing one facet group still counts toward that group's values).
 */
import { FACETS, type FacetName, facetId, originId, supplierIdOf } from '@kork/shared';
import {
  anySelected,
  appendCodes,
  type Codes,
  Dictionary,
  narrow,
  sameId,
  selection,
} from './facet-dictionary';
import { bottleSizeId, type Counts, emptyCounts, originSelection, vintageId } from './facets';
import type { SectionReader, SectionWriter } from './snapshot-sections';
import type { IndexQuery, SearchDoc } from './types';

const G_CATEGORY = 0;
const G_ORIGIN = 1;
const G_GRAPE = 2;
const G_FOOD = 3;
const G_MANUFACTURER = 4;
const G_BOTTLE = 5;
const G_STORE = 6;
const G_VINTAGE = 7;
const G_EXPERT = 8;
const G_SUPPLIER = 9;

const F_AVAILABLE = 1;
const F_HORECA = 2;
const F_EXPERT = 4;

/** Where the pass writes the rows that match: each is listed in `matches` and stamped with `generation`. */
export interface MatchOutput {
  matches: Uint32Array;
  stamp: Uint32Array;
  generation: number;
}

export class FacetColumns {
  readonly dict: Record<FacetName, Dictionary>;
  private readonly category: Codes;
  private readonly country: Codes;
  private readonly region: Codes;
  private readonly subRegion: Codes;
  private readonly manufacturer: Codes;
  private readonly bottle: Codes;
  private readonly store: Codes;
  private readonly vintage: Codes;
  /** The wholesaler's supplier (`supplierIdOf`). */
  private readonly supplier: Codes;
  private readonly grapeOffsets: Uint32Array;
  private readonly grapeCodes: Codes;
  private readonly foodOffsets: Uint32Array;
  private readonly foodCodes: Codes;
  private readonly expertStart: Uint32Array;
  private readonly expertEnd: Uint32Array;
  private expertCodes: Uint32Array;
  private expertUsed: number;
  private expertGarbage = 0;
  private readonly n: number;

  /** NOK minor units; NaN: no price. */
  readonly price: Float64Array;
  /**
   * The same prices as 32-bit whole numbers when every price is one (`NO_PRICE`: none): half the
   * bytes for the filter pass to read, which at a million wines reads the price of most candidates
   * from memory rather than cache. Null when some price is not a whole number of øre.
   */
  private readonly wholePrice: Int32Array | null;
  readonly flags: Uint8Array;

  /** Built from the documents, or read back from a snapshot (`write`) without a build. */
  /** `givenRows`: the row of each document in the order they were given (default: the same order). */
  constructor(docs: readonly SearchDoc[], givenRows?: Uint32Array);
  /** `price`: the snapshot keeps it once, with the documents. */
  constructor(docs: SectionReader, price: Float64Array);
  constructor(docs: readonly SearchDoc[] | SectionReader, extra?: Float64Array | Uint32Array) {
    const loadedPrice = extra instanceof Float64Array ? extra : undefined;
    const givenRows = extra instanceof Uint32Array ? extra : undefined;
    if (!Array.isArray(docs)) {
      const from = docs as SectionReader;
      this.dict = Object.fromEntries(
        FACETS.map((facet) => [facet, Dictionary.read(from.value(`facets.dict.${facet}`))]),
      ) as unknown as Record<FacetName, Dictionary>;
      this.category = from.array('facets.category') as Codes;
      this.country = from.array('facets.country') as Codes;
      this.region = from.array('facets.region') as Codes;
      this.subRegion = from.array('facets.subRegion') as Codes;
      this.manufacturer = from.array('facets.manufacturer') as Codes;
      this.bottle = from.array('facets.bottle') as Codes;
      this.store = from.array('facets.store') as Codes;
      this.vintage = from.array('facets.vintage') as Codes;
      this.supplier = from.array('facets.supplier') as Codes;
      this.grapeOffsets = from.offsets('facets.grapes');
      this.grapeCodes = from.array('facets.grapeCodes') as Codes;
      this.foodOffsets = from.offsets('facets.food');
      this.foodCodes = from.array('facets.foodCodes') as Codes;
      const experts = from.offsets('facets.experts');
      this.expertStart = experts.subarray(0, experts.length - 1);
      this.expertEnd = experts.slice(1);
      this.expertCodes = from.u32('facets.expertCodes');
      this.expertUsed = this.expertCodes.length;
      this.price = loadedPrice as Float64Array;
      this.wholePrice = wholePrices(this.price);
      this.flags = from.array('facets.flags') as Uint8Array;
      this.n = this.flags.length;
      return;
    }
    const n = docs.length;
    this.n = n;
    const dict = Object.fromEntries(FACETS.map((facet) => [facet, new Dictionary()])) as unknown as Record<
      FacetName,
      Dictionary
    >;
    this.dict = dict;
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

    this.category = narrow(category, dict.categories.size);
    this.country = narrow(country, dict.countries.size);
    this.region = narrow(region, dict.regions.size);
    this.subRegion = narrow(subRegion, dict.subRegions.size);
    this.manufacturer = narrow(manufacturer, dict.manufacturers.size);
    this.bottle = narrow(bottle, dict.bottleSizes.size);
    this.store = narrow(store, dict.stores.size);
    this.vintage = narrow(vintage, dict.vintages.size);
    this.supplier = narrow(supplier, dict.nbsSuppliers.size);
    this.grapeOffsets = grapeOffsets;
    this.grapeCodes = narrow(Uint32Array.from(grapeList), dict.grapes.size);
    this.foodOffsets = foodOffsets;
    this.foodCodes = narrow(Uint32Array.from(foodList), dict.food.size);
    this.expertStart = expertStart;
    this.expertEnd = expertEnd;
    this.expertCodes = Uint32Array.from(expertList);
    this.expertUsed = expertList.length;
    this.price = price;
    this.wholePrice = wholePrices(price);
    this.flags = flags;
  }

  /** Writes the columns and dictionaries into a snapshot. */
  write(out: SectionWriter): void {
    for (const facet of FACETS) out.put(`facets.dict.${facet}`, this.dict[facet].stored());
    out.array('facets.category', this.category);
    out.array('facets.country', this.country);
    out.array('facets.region', this.region);
    out.array('facets.subRegion', this.subRegion);
    out.array('facets.manufacturer', this.manufacturer);
    out.array('facets.bottle', this.bottle);
    out.array('facets.store', this.store);
    out.array('facets.vintage', this.vintage);
    out.array('facets.supplier', this.supplier);
    out.offsets('facets.grapes', this.grapeOffsets);
    out.array('facets.grapeCodes', this.grapeCodes);
    out.offsets('facets.food', this.foodOffsets);
    out.array('facets.foodCodes', this.foodCodes);
    // Experts row after row, without the room tasting notes left (a loaded index grows it again).
    const experts = new Uint32Array(this.n + 1);
    const codes = new Uint32Array(this.expertUsed);
    for (let row = 0; row < this.n; row++) {
      const start = this.expertStart[row] as number;
      const end = this.expertEnd[row] as number;
      codes.set(this.expertCodes.subarray(start, end), experts[row] as number);
      experts[row + 1] = (experts[row] as number) + end - start;
    }
    out.offsets('facets.experts', experts);
    out.array('facets.expertCodes', codes, experts[this.n]);
    out.array('facets.flags', this.flags);
  }

  /** A wine's experts changed: rewrite its codes in place, or append them when they no longer fit. */
  setExperts(row: number, ids: readonly string[]): void {
    const codes: number[] = [];
    appendCodes(codes, ids, this.dict.experts, sameId);
    const start = this.expertStart[row] as number;
    const capacity = (this.expertEnd[row] as number) - start;
    if (codes.length <= capacity) {
      this.expertCodes.set(codes, start);
      this.expertEnd[row] = start + codes.length;
      this.expertGarbage += capacity - codes.length;
      return;
    }
    this.expertGarbage += capacity;
    if (this.expertGarbage > this.n && this.expertGarbage * 2 > this.expertUsed) this.compactExperts();
    if (this.expertUsed + codes.length > this.expertCodes.length) {
      const grown = new Uint32Array(Math.max(16, (this.expertUsed + codes.length) * 2));
      grown.set(this.expertCodes.subarray(0, this.expertUsed));
      this.expertCodes = grown;
    }
    this.expertCodes.set(codes, this.expertUsed);
    this.expertStart[row] = this.expertUsed;
    this.expertUsed += codes.length;
    this.expertEnd[row] = this.expertUsed;
  }

  private compactExperts(): void {
    const compact = new Uint32Array(this.expertCodes.length);
    let used = 0;
    for (let row = 0; row < this.n; row++) {
      const start = this.expertStart[row] as number;
      const end = this.expertEnd[row] as number;
      compact.set(this.expertCodes.subarray(start, end), used);
      this.expertStart[row] = used;
      used += end - start;
      this.expertEnd[row] = used;
    }
    this.expertCodes = compact;
    this.expertUsed = used;
    this.expertGarbage = 0;
  }

  /**
   * Applies the query's filters to the candidate rows (null: every row), writing the matches to `out`;
   * with `query.facets` also counts each facet's values. `textVintage`: the code of a vintage the text
   * asked for, or -1.
   */
  filter(
    query: IndexQuery,
    candidates: Uint32Array | null,
    candidateCount: number,
    textVintage: number,
    out: MatchOutput,
  ): { matched: number; counts: Counts | null } {
    const wantFacets = query.facets === true;
    const { matches, stamp, generation } = out;
    // Filters outside the facet groups.
    let required = 0;
    if (query.isAvailable === true) required |= F_AVAILABLE;
    if (query.isHorecaAvailable === true) required |= F_HORECA;
    if (query.isRatedByExpert === true) required |= F_EXPERT;
    const minPrice = query.minPriceMinor ?? Number.NEGATIVE_INFINITY;
    const maxPrice = query.maxPriceMinor ?? Number.POSITIVE_INFINITY;
    const priceActive = query.minPriceMinor !== undefined || query.maxPriceMinor !== undefined;

    // Facet groups: a mark per dictionary code the query selected.
    const dict = this.dict;
    const categorySel = selection(dict.categories, query.categories);
    const origins = originSelection(dict, query.origins);
    const originActive = origins !== null;
    const grapeSel = selection(dict.grapes, query.grapes);
    const foodSel = selection(dict.food, query.food);
    const manufacturerSel = selection(dict.manufacturers, query.manufacturers);
    const bottleSel = selection(dict.bottleSizes, query.bottleSizes);
    const storeSel = selection(dict.stores, query.stores);
    const vintageSel = selection(dict.vintages, query.vintages);
    const expertSel = selection(dict.experts, query.ratedById);
    const supplierSel = selection(dict.nbsSuppliers, query.nbsSuppliers);

    // Facet counts (code 0, "no value", is counted and ignored). Without facets a row fails at its first
    // failed group; with them it may fail one group and still count toward that group's facets.
    const counts: Counts | null = wantFacets ? emptyCounts(dict) : null;
    const none = new Uint32Array(0);
    const categoryCounts = counts?.categories ?? none;
    const countryCounts = counts?.countries ?? none;
    const regionCounts = counts?.regions ?? none;
    const subRegionCounts = counts?.subRegions ?? none;
    const grapeCounts = counts?.grapes ?? none;
    const foodCounts = counts?.food ?? none;
    const manufacturerCounts = counts?.manufacturers ?? none;
    const bottleCounts = counts?.bottleSizes ?? none;
    const storeCounts = counts?.stores ?? none;
    const vintageCounts = counts?.vintages ?? none;
    const expertCounts = counts?.experts ?? none;
    const supplierCounts = counts?.nbsSuppliers ?? none;
    const allowedFailures = wantFacets ? 1 : 0;

    const flags = this.flags;
    const price = this.price;
    const whole = this.wholePrice;
    // A price range in whole øre (a bound between two whole prices narrows to them).
    const wholeMin = Math.max(-0x7fffffff, Math.ceil(minPrice));
    const wholeMax = Math.min(0x7fffffff, Math.floor(maxPrice));
    const category = this.category;
    const country = this.country;
    const region = this.region;
    const subRegion = this.subRegion;
    const manufacturer = this.manufacturer;
    const bottle = this.bottle;
    const store = this.store;
    const vintage = this.vintage;
    const supplier = this.supplier;
    const grapeOffsets = this.grapeOffsets;
    const grapeCodes = this.grapeCodes;
    const foodOffsets = this.foodOffsets;
    const foodCodes = this.foodCodes;
    const expertStart = this.expertStart;
    const expertEnd = this.expertEnd;
    const expertCodes = this.expertCodes;
    const noMarks = new Uint8Array(0);
    const categoryMarks = categorySel ?? noMarks;
    const countryMarks = origins?.countries ?? noMarks;
    const regionMarks = origins?.regions ?? noMarks;
    const subRegionMarks = origins?.subRegions ?? noMarks;
    const grapeMarks = grapeSel ?? noMarks;
    const foodMarks = foodSel ?? noMarks;
    const manufacturerMarks = manufacturerSel ?? noMarks;
    const bottleMarks = bottleSel ?? noMarks;
    const storeMarks = storeSel ?? noMarks;
    const vintageMarks = vintageSel ?? noMarks;
    const expertMarks = expertSel ?? noMarks;
    const supplierMarks = supplierSel ?? noMarks;
    const categoryActive = categorySel !== null;
    const grapeActive = grapeSel !== null;
    const foodActive = foodSel !== null;
    const manufacturerActive = manufacturerSel !== null;
    const bottleActive = bottleSel !== null;
    const storeActive = storeSel !== null;
    const vintageActive = vintageSel !== null;
    const expertActive = expertSel !== null;
    const supplierActive = supplierSel !== null;

    // Each column is read only when a group asks for it: most candidates of a text query fail on a
    // flag, the price or two groups, and at a million wines reading a column of a row is a cache miss.
    let matched = 0;
    for (let c = 0; c < candidateCount; c++) {
      const row = candidates === null ? c : (candidates[c] as number);
      if (((flags[row] as number) & required) !== required) continue;
      if (textVintage >= 0 && vintage[row] !== textVintage) continue;
      // A price range is narrow: it turns most candidates away before their facet columns are read.
      if (priceActive) {
        if (whole !== null) {
          const p = whole[row] as number;
          if (p === NO_PRICE || p < wholeMin || p > wholeMax) continue;
        } else {
          const p = price[row] as number;
          if (!(p >= minPrice && p <= maxPrice)) continue;
        }
      }

      let failures = 0;
      let failed = -1;
      if (categoryActive && categoryMarks[category[row] as number] === 0) {
        failed = G_CATEGORY;
        if (++failures > allowedFailures) continue;
      }
      if (
        originActive &&
        (countryMarks[country[row] as number] as number) +
          (regionMarks[region[row] as number] as number) +
          (subRegionMarks[subRegion[row] as number] as number) ===
          0
      ) {
        failed = G_ORIGIN;
        if (++failures > allowedFailures) continue;
      }
      if (
        grapeActive &&
        !anySelected(grapeMarks, grapeCodes, grapeOffsets[row] as number, grapeOffsets[row + 1] as number)
      ) {
        failed = G_GRAPE;
        if (++failures > allowedFailures) continue;
      }
      if (
        foodActive &&
        !anySelected(foodMarks, foodCodes, foodOffsets[row] as number, foodOffsets[row + 1] as number)
      ) {
        failed = G_FOOD;
        if (++failures > allowedFailures) continue;
      }
      if (manufacturerActive && manufacturerMarks[manufacturer[row] as number] === 0) {
        failed = G_MANUFACTURER;
        if (++failures > allowedFailures) continue;
      }
      if (bottleActive && bottleMarks[bottle[row] as number] === 0) {
        failed = G_BOTTLE;
        if (++failures > allowedFailures) continue;
      }
      if (storeActive && storeMarks[store[row] as number] === 0) {
        failed = G_STORE;
        if (++failures > allowedFailures) continue;
      }
      if (vintageActive && vintageMarks[vintage[row] as number] === 0) {
        failed = G_VINTAGE;
        if (++failures > allowedFailures) continue;
      }
      if (
        expertActive &&
        !anySelected(expertMarks, expertCodes, expertStart[row] as number, expertEnd[row] as number)
      ) {
        failed = G_EXPERT;
        if (++failures > allowedFailures) continue;
      }
      if (supplierActive && supplierMarks[supplier[row] as number] === 0) {
        failed = G_SUPPLIER;
        if (++failures > allowedFailures) continue;
      }
      if (failures === 0) {
        stamp[row] = generation;
        matches[matched++] = row;
      }
      if (counts === null) continue;
      // A match counts toward every facet; a row failing one group toward that group's facets only.
      const all = failed < 0;
      if (all || failed === G_CATEGORY) {
        const code = category[row] as number;
        categoryCounts[code] = (categoryCounts[code] as number) + 1;
      }
      if (all || failed === G_ORIGIN) {
        const countryCode = country[row] as number;
        const regionCode = region[row] as number;
        const subRegionCode = subRegion[row] as number;
        countryCounts[countryCode] = (countryCounts[countryCode] as number) + 1;
        regionCounts[regionCode] = (regionCounts[regionCode] as number) + 1;
        subRegionCounts[subRegionCode] = (subRegionCounts[subRegionCode] as number) + 1;
      }
      if (all || failed === G_GRAPE) {
        const to = grapeOffsets[row + 1] as number;
        for (let k = grapeOffsets[row] as number; k < to; k++) {
          const code = grapeCodes[k] as number;
          grapeCounts[code] = (grapeCounts[code] as number) + 1;
        }
      }
      if (all || failed === G_FOOD) {
        const to = foodOffsets[row + 1] as number;
        for (let k = foodOffsets[row] as number; k < to; k++) {
          const code = foodCodes[k] as number;
          foodCounts[code] = (foodCounts[code] as number) + 1;
        }
      }
      if (all || failed === G_MANUFACTURER) {
        const code = manufacturer[row] as number;
        manufacturerCounts[code] = (manufacturerCounts[code] as number) + 1;
      }
      if (all || failed === G_BOTTLE) {
        const code = bottle[row] as number;
        bottleCounts[code] = (bottleCounts[code] as number) + 1;
      }
      if (all || failed === G_STORE) {
        const code = store[row] as number;
        storeCounts[code] = (storeCounts[code] as number) + 1;
      }
      if (all || failed === G_VINTAGE) {
        const code = vintage[row] as number;
        vintageCounts[code] = (vintageCounts[code] as number) + 1;
      }
      if (all || failed === G_EXPERT) {
        const to = expertEnd[row] as number;
        for (let k = expertStart[row] as number; k < to; k++) {
          const code = expertCodes[k] as number;
          expertCounts[code] = (expertCounts[code] as number) + 1;
        }
      }
      if (all || failed === G_SUPPLIER) {
        const code = supplier[row] as number;
        supplierCounts[code] = (supplierCounts[code] as number) + 1;
      }
    }
    return { matched, counts };
  }
}

const NO_PRICE = -0x80000000;

/** Prices as 32-bit whole numbers (`NO_PRICE`: none), or null when one is not such a number. */
function wholePrices(price: Float64Array): Int32Array | null {
  const whole = new Int32Array(price.length);
  for (let row = 0; row < price.length; row++) {
    const p = price[row] as number;
    if (Number.isNaN(p)) whole[row] = NO_PRICE;
    else if (Number.isInteger(p) && p > NO_PRICE && p <= 0x7fffffff) whole[row] = p;
    else return null;
  }
  return whole;
}

/** The flag bits of a wine: available, to restaurants, rated by an expert. */
export function flagsOf(doc: SearchDoc): number {
  return (
    (doc.isAvailable ? F_AVAILABLE : 0) |
    (doc.isHorecaAvailable ? F_HORECA : 0) |
    (doc.expertCount > 0 ? F_EXPERT : 0)
  );
}
