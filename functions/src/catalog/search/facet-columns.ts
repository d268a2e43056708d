/**
 * The facet columns (D14): per row a dictionary code for each single-valued facet (code 0: no value),
 * CSR lists (offsets + codes) for grapes and food, and start/end ranges into a growable code array for
 * expert ids so a tasting note can change them in place; the price and availability columns beside
 * them. `filter` is the one pass over the candidate rows that applies the query's filters and counts
 * the facets disjunctively (a row failing one facet group still counts toward that group's values).
 */
import { FACETS, type FacetName } from '@kork/shared';
import { columnsFromDocs, columnsFromSnapshot, F_AVAILABLE, F_EXPERT, F_HORECA } from './facet-columns-data';
import { anySelected, appendCodes, type Codes, type Dictionary, sameId, selection } from './facet-dictionary';
import { type Counts, emptyCounts, originSelection } from './facets';
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
    const data = Array.isArray(docs)
      ? columnsFromDocs(docs, extra instanceof Uint32Array ? extra : undefined)
      : columnsFromSnapshot(docs as SectionReader, extra as Float64Array);
    this.dict = data.dict;
    this.category = data.category;
    this.country = data.country;
    this.region = data.region;
    this.subRegion = data.subRegion;
    this.manufacturer = data.manufacturer;
    this.bottle = data.bottle;
    this.store = data.store;
    this.vintage = data.vintage;
    this.supplier = data.supplier;
    this.grapeOffsets = data.grapeOffsets;
    this.grapeCodes = data.grapeCodes;
    this.foodOffsets = data.foodOffsets;
    this.foodCodes = data.foodCodes;
    this.expertStart = data.expertStart;
    this.expertEnd = data.expertEnd;
    this.expertCodes = data.expertCodes;
    this.expertUsed = data.expertCodes.length;
    this.price = data.price;
    this.wholePrice = wholePrices(data.price);
    this.flags = data.flags;
    this.n = data.flags.length;
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
