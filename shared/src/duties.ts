import * as z from 'zod/mini';
import type { MainCategory } from './catalog';
import { isIsoDate, isoDateField, numberField, todayIso } from './schema-primitives';

/**
 * Norwegian duties on a bottle (docs/duties.md): the alcohol excise by alcohol group, the beverage
 * packaging taxes (the environmental tax per container by material, the basic tax on single-use
 * containers), the deposit, then VAT on all of it. Rates are dated data (`functions/src/duties/duty-rates.json`, replaced by
 * the `duty-rates` job), never constants: a figure for a date uses the rates in force on that date, and
 * says so when there are none. Money is integer minor units of NOK (øre); rates are øre per unit.
 *
 * A purchase price without VAT is kept *with* duties, as Norwegian importers and wholesalers quote HORECA
 * prices; a price entered without duties is converted by `withDuties` before it is stored.
 */

// — Groups, containers and rate rows —

/**
 * The excise groups of the tax authority's rates: per litre for drinks over 0.7 up to 4.7 % (three
 * steps), per volume-percent per litre over 4.7 up to 22 %, and the spirits rate per volume-percent per
 * litre for spirit-based drinks of any strength over 0.7 % and every drink over 22 %.
 */
export const ALCOHOL_GROUPS = ['upTo2_7', 'upTo3_7', 'upTo4_7', 'upTo22', 'spirits'] as const;
export type AlcoholGroup = (typeof ALCOHOL_GROUPS)[number];

/** Up to this strength a drink pays no excise. */
export const EXCISE_FREE_UP_TO = 0.7;

/**
 * Containers as the packaging taxes tell them apart. A container in a deposit return system pays the
 * deposit and no environmental tax (the deposit systems' return rate is counted at 95 % or more, where
 * the tax falls away); a refillable one pays no basic tax either.
 */
export const CONTAINER_TYPES = [
  'glass',
  'glassRefillable',
  'metal',
  'metalDeposit',
  'plastic',
  'plasticDeposit',
  'carton',
] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];

export const PACKAGING_MATERIALS = ['glass', 'metal', 'plastic', 'carton'] as const;
export type PackagingMaterial = (typeof PACKAGING_MATERIALS)[number];

/** Deposit size classes: up to and including 0.5 litres, and over. */
export const DEPOSIT_SIZES = ['upTo0_5', 'over0_5'] as const;
export type DepositSize = (typeof DEPOSIT_SIZES)[number];

export const DUTY_RATE_KINDS = ['excise', 'environmental', 'basic', 'deposit'] as const;
export type DutyRateKind = (typeof DUTY_RATE_KINDS)[number];

export const DUTY_RATE_UNITS = ['perVolPctLitre', 'perLitre', 'perContainer'] as const;
export type DutyRateUnit = (typeof DUTY_RATE_UNITS)[number];

/** One rate as the API lists it (`GET /api/duties/rates`): øre per unit, in force validFrom–validTo. */
export interface DutyRateRow {
  kind: DutyRateKind;
  group?: AlcoholGroup;
  material?: PackagingMaterial;
  size?: DepositSize;
  /** Øre per unit. */
  rate: number;
  unit: DutyRateUnit;
  validFrom: string;
  /** The last day in force; null while no later rate of the same kind is known. */
  validTo: string | null;
  source: string;
}

const isoDate = z
  .string()
  .check(z.maxLength(10, { error: 'invalidDate' }), z.refine(isIsoDate, { error: 'invalidDate' }));

/** The day a figure is asked for: from 2000 (older purchases have no rates here) to two years ahead. */
const DUTY_DATE_MIN = '2000-01-01';
const dutyDate = isoDateField({
  min: DUTY_DATE_MIN,
  max: () => `${Number(todayIso().slice(0, 4)) + 2}-12-31`,
});

/** A row of a rates file: validTo is derived from the next row of the same kind. */
const DutyRateFileRow = z.object({
  kind: z.enum(DUTY_RATE_KINDS, { error: 'invalidValue' }),
  group: z.optional(z.enum(ALCOHOL_GROUPS, { error: 'invalidValue' })),
  material: z.optional(z.enum(PACKAGING_MATERIALS, { error: 'invalidValue' })),
  size: z.optional(z.enum(DEPOSIT_SIZES, { error: 'invalidValue' })),
  rate: z.int().check(z.minimum(0), z.maximum(100_000)),
  unit: z.enum(DUTY_RATE_UNITS, { error: 'invalidValue' }),
  validFrom: isoDate,
  source: z.string().check(z.minLength(1), z.maxLength(300)),
});
export type DutyRateFileRow = z.infer<typeof DutyRateFileRow>;

/** The rates file the app ships and the `duty-rates` job reads (at most 500 rows). */
export const DutyRatesFile = z.object({
  rows: z.array(DutyRateFileRow).check(z.minLength(1), z.maxLength(500)),
});
export type DutyRatesFile = z.infer<typeof DutyRatesFile>;

/** `GET /api/duties/rates?date=`: the rates in force on a day (today without one). */
export const DutyRatesQuery = z.object({ date: z.optional(dutyDate) });

export interface DutyRatesResponse {
  date: string;
  rows: DutyRateRow[];
}

/** The key rows of one kind share: a later row of the same key replaces an earlier one. */
export function dutyRateKey(row: Pick<DutyRateRow, 'kind' | 'group' | 'material' | 'size'>): string {
  return [row.kind, row.group ?? '', row.material ?? '', row.size ?? ''].join('#');
}

/**
 * The rows of a file with their validTo: the day before the next row of the same key starts, or null for
 * the latest. Two rows of one key on one day are refused (which of them holds would be a guess).
 */
export function datedRateRows(file: DutyRatesFile): DutyRateRow[] {
  const byKey = new Map<string, DutyRateFileRow[]>();
  for (const row of file.rows) {
    const key = dutyRateKey(row);
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const out: DutyRateRow[] = [];
  for (const [key, rows] of byKey) {
    const sorted = [...rows].sort((a, b) => a.validFrom.localeCompare(b.validFrom));
    sorted.forEach((row, i) => {
      const next = sorted[i + 1];
      if (next?.validFrom === row.validFrom) throw new Error(`Two rates for ${key} from ${row.validFrom}`);
      out.push({ ...row, validTo: next ? dayBefore(next.validFrom) : null });
    });
  }
  return out.sort(
    (a, b) => dutyRateKey(a).localeCompare(dutyRateKey(b)) || a.validFrom.localeCompare(b.validFrom),
  );
}

function dayBefore(isoDay: string): string {
  const day = new Date(`${isoDay}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** The row of a key in force on a day, if any. */
export function rateOn(
  rows: readonly DutyRateRow[],
  key: Pick<DutyRateRow, 'kind' | 'group' | 'material' | 'size'>,
  date: string,
): DutyRateRow | undefined {
  const wanted = dutyRateKey(key);
  return rows.find(
    (row) =>
      dutyRateKey(row) === wanted && row.validFrom <= date && (row.validTo === null || date <= row.validTo),
  );
}

/** The rows in force on a day. */
export function ratesOn(rows: readonly DutyRateRow[], date: string): DutyRateRow[] {
  return rows.filter((row) => row.validFrom <= date && (row.validTo === null || date <= row.validTo));
}

/** A wine's alcohol, percent by volume: 0–100 with at most two decimals (13.5, 41.5). */
export const alcoholField = numberField(0, 100).check(
  z.refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: 'tooManyDecimals' }),
);

export const containerField = z.enum(CONTAINER_TYPES, { error: 'invalidValue' });

/**
 * How a price list gives its prices without VAT: with duties (as Kork keeps them) or without, when each
 * wine's duties are added at the day's rates before the price is stored.
 */
export const PRICE_DUTY_BASES = ['withDuties', 'withoutDuties'] as const;
export type PriceDutyBasis = (typeof PRICE_DUTY_BASES)[number];

// — Classifying a bottle —

/** Main categories made with spirits: they pay the spirits rate at any strength over 0.7 %. */
const SPIRIT_BASED: ReadonlySet<MainCategory> = new Set<MainCategory>(['spirits', 'fortified']);

export function isSpiritBased(category: MainCategory): boolean {
  return SPIRIT_BASED.has(category);
}

/** The excise group of a drink; undefined at 0.7 % or less (no excise). Boundaries are inclusive upwards ("up to and including 4.7 %"). */
export function alcoholGroup(alcohol: number, spiritBased: boolean): AlcoholGroup | undefined {
  if (alcohol <= EXCISE_FREE_UP_TO) return undefined;
  if (spiritBased || alcohol > 22) return 'spirits';
  if (alcohol <= 2.7) return 'upTo2_7';
  if (alcohol <= 3.7) return 'upTo3_7';
  if (alcohol <= 4.7) return 'upTo4_7';
  return 'upTo22';
}

export function containerMaterial(container: ContainerType): PackagingMaterial {
  if (container.startsWith('glass')) return 'glass';
  if (container.startsWith('metal')) return 'metal';
  if (container.startsWith('plastic')) return 'plastic';
  return 'carton';
}

export function hasDeposit(container: ContainerType): boolean {
  return container === 'glassRefillable' || container === 'metalDeposit' || container === 'plasticDeposit';
}

/**
 * The container a catalogue packaging text names (Vinmonopolet's `Emballasjetype`: "Engangsflasker av
 * glass", "BIB under 4 ltr", "PET", "Norsk ølboks (pant)", …); single-use glass when it names none.
 */
export function containerFromPackaging(packaging: string | undefined): ContainerType {
  const text = (packaging ?? '').toLowerCase();
  const deposit = text.includes('(pant)');
  if (/bib|bag.?in.?box|kartong|tetra|elopak|papp/.test(text)) return 'carton';
  if (/pet|plast/.test(text)) return deposit ? 'plasticDeposit' : 'plastic';
  if (/metall|boks|\bcan\b/.test(text)) return deposit ? 'metalDeposit' : 'metal';
  if (/glass|flaske/.test(text)) return deposit ? 'glassRefillable' : 'glass';
  return 'glass';
}

// — The breakdown —

export interface BottleDutyInput {
  /** Litres. */
  bottleSize: number;
  /** Percent by volume; undefined when unknown (then the figure asks for it). */
  alcohol?: number;
  category: MainCategory;
  container: ContainerType;
  /** The day the rates are taken from, YYYY-MM-DD. */
  date: string;
}

export type DutyMissing = 'alcohol' | 'rates';

/** The duties on one bottle, øre: what is added to the importer's net price before VAT. */
export interface BottleDuties {
  excise: number;
  packagingTax: number;
  deposit: number;
  group: AlcoholGroup | null;
  /** The latest validFrom of the rates used; null when none were needed. */
  ratesAsOf: string | null;
  /** A rate used started in an earlier year than the date: that year's rates are not loaded yet. */
  stale: boolean;
}

export type DutiesResult = { ok: true; duties: BottleDuties } | { ok: false; missing: DutyMissing };

/** Half away from zero to the øre, as the tax authority rounds an amount. */
const toOre = (value: number) => Math.round(value + Number.EPSILON * Math.sign(value));

/**
 * The excise, packaging taxes and deposit on one bottle for a day, from the rates in force on that day.
 * Unknown alcohol, or a rate the bottle needs that is not in force on the day, gives `missing`: never 0.
 */
export function bottleDuties(input: BottleDutyInput, rows: readonly DutyRateRow[]): DutiesResult {
  if (input.alcohol === undefined || !Number.isFinite(input.alcohol))
    return { ok: false, missing: 'alcohol' };
  const used: DutyRateRow[] = [];
  const need = (key: Pick<DutyRateRow, 'kind' | 'group' | 'material' | 'size'>) => {
    const row = rateOn(rows, key, input.date);
    if (row) used.push(row);
    return row;
  };

  const group = alcoholGroup(input.alcohol, isSpiritBased(input.category)) ?? null;
  let excise = 0;
  if (group) {
    const row = need({ kind: 'excise', group });
    if (!row) return { ok: false, missing: 'rates' };
    excise =
      row.unit === 'perVolPctLitre'
        ? toOre(input.alcohol * input.bottleSize * row.rate)
        : toOre(input.bottleSize * row.rate);
  }

  const material = containerMaterial(input.container);
  const deposit = hasDeposit(input.container);
  let packagingTax = 0;
  if (!deposit) {
    const row = need({ kind: 'environmental', material });
    if (!row) return { ok: false, missing: 'rates' };
    packagingTax += row.rate;
  }
  if (input.container !== 'glassRefillable') {
    const row = need({ kind: 'basic' });
    if (!row) return { ok: false, missing: 'rates' };
    packagingTax += row.rate;
  }
  let depositAmount = 0;
  if (deposit) {
    const row = need({ kind: 'deposit', size: input.bottleSize <= 0.5 ? 'upTo0_5' : 'over0_5' });
    if (!row) return { ok: false, missing: 'rates' };
    depositAmount = row.rate;
  }

  const ratesAsOf = used.reduce<string | null>(
    (latest, row) => (latest === null || row.validFrom > latest ? row.validFrom : latest),
    null,
  );
  const year = input.date.slice(0, 4);
  const stale = used.some((row) => row.validFrom.slice(0, 4) < year);
  return { ok: true, duties: { excise, packagingTax, deposit: depositAmount, group, ratesAsOf, stale } };
}

export function dutiesTotal(duties: Pick<BottleDuties, 'excise' | 'packagingTax' | 'deposit'>): number {
  return duties.excise + duties.packagingTax + duties.deposit;
}

/** A price without VAT and without duties, from one with duties; may be below 0 for a price that was entered without them. */
export function withoutDuties(priceWithDuties: number, duties: BottleDuties): number {
  return priceWithDuties - dutiesTotal(duties);
}

/** A price without VAT with duties, from the importer's net price. */
export function withDuties(netPrice: number, duties: BottleDuties): number {
  return netPrice + dutiesTotal(duties);
}

/** `GET /api/wine-cellars/users/{id}/own-wines/{ownWineId}/cost?date=`. */
export const CostQuery = z.object({ date: z.optional(dutyDate) });

/**
 * The cost of one bottle, minor units of the wine's currency (duties converted from NOK): net price,
 * excise, packaging taxes, deposit, VAT (the style's percentage of all of them) and the total. With a
 * `missing` reason the figures it needs are null and the screen asks for what is missing.
 */
export interface CostBreakdown {
  net: number | null;
  excise: number | null;
  packagingTax: number | null;
  deposit: number | null;
  vat: number | null;
  total: number | null;
  group: AlcoholGroup | null;
  ratesAsOf: string | null;
  stale: boolean;
  /** What the figure needs and lacks: the wine's alcohol, the rates of the day, or a purchase price. */
  missing: (DutyMissing | 'price')[];
  date: string;
  alcohol: number | null;
  bottleSize: number;
  container: ContainerType;
  vatPercentage: number;
  currency: string;
}

/**
 * The breakdown of a bottle bought at `priceWithDuties` (without VAT, with duties). Its VAT is the
 * percentage of the whole price with duties (deposit included, as it is in the VAT base).
 */
export function costBreakdown(options: {
  priceWithDuties: number | undefined;
  duties: DutiesResult;
  vatPercentage: number;
}): Pick<
  CostBreakdown,
  | 'net'
  | 'excise'
  | 'packagingTax'
  | 'deposit'
  | 'vat'
  | 'total'
  | 'group'
  | 'ratesAsOf'
  | 'stale'
  | 'missing'
> {
  const { priceWithDuties, duties, vatPercentage } = options;
  const missing: CostBreakdown['missing'] = [];
  if (!duties.ok) missing.push(duties.missing);
  if (priceWithDuties === undefined) missing.push('price');
  const d = duties.ok ? duties.duties : undefined;
  const vat = priceWithDuties === undefined ? null : toOre((priceWithDuties * vatPercentage) / 100);
  return {
    net: d && priceWithDuties !== undefined ? withoutDuties(priceWithDuties, d) : null,
    excise: d?.excise ?? null,
    packagingTax: d?.packagingTax ?? null,
    deposit: d?.deposit ?? null,
    vat,
    total: priceWithDuties === undefined || vat === null ? null : priceWithDuties + vat,
    group: d?.group ?? null,
    ratesAsOf: d?.ratesAsOf ?? null,
    stale: d?.stale ?? false,
    missing,
  };
}
