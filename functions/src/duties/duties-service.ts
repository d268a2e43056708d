/**
 * Norwegian duties (docs/duties.md): the dated rates in use and the duties on bottles, the domain's API.
 * Other domains call only this file. The rates are read from the rates table at most once per
 * `DUTY_RATES_MAX_AGE_MS` (60 s by default) by an instance, and are the rates the app ships while the
 * table is empty. Duties are integer øre (NOK); `wineCost` answers in the wine's own currency.
 */
import {
  type BottleDuties,
  type CellarWine,
  type ContainerType,
  type CostBreakdown,
  type CurrencyCode,
  containerFromPackaging,
  convertMinor,
  costBreakdown,
  type DutiesResult,
  type DutyRateRow,
  type DutyRatesResponse,
  datedRateRows,
  type MainCategory,
  ratesOn,
  bottleDuties as rulesBottleDuties,
} from '@kork/shared';
import { wineDutyFacts } from '../catalog/wine-lookup';
import { latestRates } from '../cellar/currency/exchange-rate-service';
import { optionalEnv } from '../platform/env';
import { createLogger } from '../platform/logger';
import { SHIPPED_ORIGIN, shippedRates, storedRateTable } from './duty-rates-store';

const log = createLogger({ domain: 'duties' });

/** One bottle whose duties are asked for. */
export interface DutyBottle {
  /** Litres. */
  bottleSize: number;
  category: MainCategory;
  /** Percent by volume: the owner's own. */
  alcohol?: number;
  /** The owner's own container. */
  container?: ContainerType;
  /** The catalogue wine, whose alcohol and packaging stand in for what the owner did not give. */
  wineId?: string;
}

/** The rates in use and where they came from. */
export interface DutyRateSet {
  rows: DutyRateRow[];
  origin: string;
  loadedAt: string | null;
}

let cached: { at: number; value: Promise<DutyRateSet> } | undefined;

function maxAgeMs(): number {
  return Number(optionalEnv('DUTY_RATES_MAX_AGE_MS', '60000'));
}

async function readRateSet(): Promise<DutyRateSet> {
  try {
    const stored = await storedRateTable();
    if (stored) {
      return {
        rows: datedRateRows({ rows: stored.rows }),
        origin: stored.origin,
        loadedAt: stored.loadedAt,
      };
    }
  } catch (error) {
    log.error('stored duty rates unusable; the shipped rates are used', { error });
  }
  return { rows: datedRateRows(shippedRates()), origin: SHIPPED_ORIGIN, loadedAt: null };
}

/** The rates in use with their origin, cached per instance for `DUTY_RATES_MAX_AGE_MS`. */
export function dutyRateSet(): Promise<DutyRateSet> {
  const now = Date.now();
  if (!cached || now - cached.at >= maxAgeMs()) {
    const entry = { at: now, value: readRateSet() };
    cached = entry;
    entry.value.catch(() => {
      if (cached === entry) cached = undefined;
    });
  }
  return cached.value;
}

/** Forgets the rates read (the job after a load, and tests). */
export function resetDutyRates(): void {
  cached = undefined;
}

/** Every dated rate row in use (each with its validTo), cached. */
export async function dutyRateRows(): Promise<DutyRateRow[]> {
  return (await dutyRateSet()).rows;
}

/** The rows in force on a day (none before the first rate: the screen says the rates are missing). */
export async function dutyRatesOn(date: string): Promise<DutyRatesResponse> {
  return { date, rows: ratesOn(await dutyRateRows(), date) };
}

/**
 * Today in Norway (Europe/Oslo), YYYY-MM-DD: the day Norwegian rates change on is Oslo's, so a cost
 * asked for at 00:30 on 1 January in Oslo uses the new year's rates although it is still 31 December in UTC.
 */
export function dutiesToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A bottle with the catalogue's alcohol and container filled in where the owner gave none. */
interface ResolvedBottle {
  bottleSize: number;
  category: MainCategory;
  alcohol: number | undefined;
  container: ContainerType;
}

/** The bottles with what the owner left out read from the catalogue, in one batch read for all. */
async function resolveBottles(bottles: readonly DutyBottle[]): Promise<ResolvedBottle[]> {
  const lookups = bottles
    .filter((b) => b.wineId && (b.alcohol === undefined || b.container === undefined))
    .map((b) => b.wineId as string);
  const facts = lookups.length > 0 ? await wineDutyFacts(lookups) : new Map();
  return bottles.map((bottle) => {
    const fact = bottle.wineId ? facts.get(bottle.wineId) : undefined;
    return {
      bottleSize: bottle.bottleSize,
      category: bottle.category,
      alcohol: bottle.alcohol ?? fact?.alcohol,
      container: bottle.container ?? containerFromPackaging(fact?.packaging),
    };
  });
}

/** Duties per bottle for many bottles at once (one catalogue read for all), NOK øre, in `bottles`' order. */
export async function bottleDutiesFor(bottles: readonly DutyBottle[], date: string): Promise<DutiesResult[]> {
  if (bottles.length === 0) return [];
  const [resolved, rows] = await Promise.all([resolveBottles(bottles), dutyRateRows()]);
  return resolved.map((bottle) => rulesBottleDuties({ ...bottle, date }, rows));
}

type ExchangeRates = Awaited<ReturnType<typeof latestRates>>;
let exchange: { at: number; value: Promise<ExchangeRates> } | undefined;

/** The newest exchange rates, read at most once per `EXCHANGE_RATES_MAX_AGE_MS` by this instance. */
function currentExchangeRates(): Promise<ExchangeRates> {
  const now = Date.now();
  if (!exchange || now - exchange.at >= Number(optionalEnv('EXCHANGE_RATES_MAX_AGE_MS', '300000'))) {
    const entry = { at: now, value: latestRates() };
    exchange = entry;
    entry.value.catch(() => {
      if (exchange === entry) exchange = undefined;
    });
  }
  return exchange.value;
}

/** Duties in NOK øre as minor units of `currency`, each amount converted and rounded on its own. */
async function dutiesIn(duties: BottleDuties, currency: CurrencyCode): Promise<BottleDuties> {
  if (currency === 'NOK') return duties;
  const { nokPerUnit } = await currentExchangeRates();
  const convert = (amount: number) => convertMinor(amount, 'NOK', currency, nokPerUnit);
  return {
    ...duties,
    excise: convert(duties.excise),
    packagingTax: convert(duties.packagingTax),
    deposit: convert(duties.deposit),
  };
}

/** The cost breakdown of one cellar wine as the cost route answers it (converted to the wine's currency). */
export async function wineCost(
  wine: CellarWine,
  vatPercentage: number,
  date: string,
): Promise<CostBreakdown> {
  const bottle: DutyBottle = {
    bottleSize: wine.bottleSize,
    category: wine.mainCategoryId,
    ...(wine.alcohol !== undefined ? { alcohol: wine.alcohol } : {}),
    ...(wine.container !== undefined ? { container: wine.container } : {}),
    ...(wine.wineId ? { wineId: wine.wineId } : {}),
  };
  const [[resolved], rows] = await Promise.all([resolveBottles([bottle]), dutyRateRows()]);
  const used = resolved as ResolvedBottle;
  const inNok = rulesBottleDuties({ ...used, date }, rows);
  const duties: DutiesResult = inNok.ok
    ? { ok: true, duties: await dutiesIn(inNok.duties, wine.currency) }
    : inNok;
  return {
    ...costBreakdown({ priceWithDuties: wine.purchasePriceWovat, duties, vatPercentage }),
    date,
    alcohol: used.alcohol ?? null,
    bottleSize: used.bottleSize,
    container: used.container,
    vatPercentage,
    currency: wine.currency,
  };
}
