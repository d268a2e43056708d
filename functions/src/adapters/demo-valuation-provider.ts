/**
 * The local valuation provider: deterministic, labelled demo data (`source: 'demo'`, `demo: true`).
 *
 * A wine's price path is a pure function of its valuation key and the day: no randomness, no clock.
 * It starts from the catalogue's real Vinmonopolet price (`hints.referencePrice`, listed in
 * `referenceYear`, 2014 for the bundled catalogue), taken ex-tax (VAT and the alcohol duty out, as the
 * providers publish prices), scaled by the bottle size, then grows or drifts by a yearly rate that
 * depends on what the wine is (older fine vintages of Bordeaux, Burgundy, Champagne, Barolo and Port
 * appreciate a few per cent a year; everyday wines stay flat or drift down; spirits stay flat), with a
 * smooth daily wobble seeded by a hash of the key. A wine without a reference price is estimated from
 * its category and vintage, or — for a share of them — not known, so "without a value" is real.
 */
import type { CurrencyCode } from '@kork/shared';
import type {
  ValuationMiss,
  ValuationProviderPort,
  ValuationQuote,
  ValuationRequest,
} from './valuation-provider-types';

const DAY_MS = 86_400_000;
/** Norwegian VAT on wine and spirits. */
const VAT = 1.25;
/** Alcohol duty per litre and per cent of alcohol (NOK, the 2014 rate for wine above 4.7 %), minor units. */
const DUTY_PER_LITRE_PERCENT = 468;
/** Wines without a reference price this share (of 100) are unknown to the demo provider. */
const UNKNOWN_SHARE = 35;

/** FNV-1a, 32 bits: the seed of a key's path. */
export function hashKey(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A number in [0, 1) from the key's hash and a salt, stable for the key. */
function unit(seed: number, salt: number): number {
  return hashKey(`${seed}:${salt}`) / 0x1_0000_0000;
}

function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

function dayString(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

const FINE_REGIONS = [
  'bordeaux',
  'bourgogne',
  'burgund',
  'champagne',
  'piemonte',
  'barolo',
  'barbaresco',
  'douro',
  'porto',
  'rhône',
  'rhone',
  'toscana',
  'rioja',
];

function alcoholOf(categoryId: string | undefined): number {
  if (categoryId === 'spirits') return 40;
  if (categoryId === 'fortified') return 20;
  if (categoryId === 'beer' || categoryId === 'fruit') return 6;
  if (categoryId === 'nonAlcoholic') return 0;
  return 13;
}

/** A per-bottle guess (NOK minor units, shelf price) for a wine the catalogue has no price for. */
function estimatedShelfPrice(request: ValuationRequest, seed: number): number {
  const byCategory: Record<string, number> = {
    red: 22_000,
    white: 19_000,
    rose: 16_000,
    sparkling: 26_000,
    orange: 24_000,
    dessert: 25_000,
    fortified: 28_000,
    spirits: 45_000,
    beer: 6_000,
  };
  const base = byCategory[request.hints.categoryId ?? ''] ?? 20_000;
  return Math.round(base * (0.7 + 0.8 * unit(seed, 1)));
}

/**
 * The yearly rate of a wine's value: fine wines of the great regions gain a few per cent a year once
 * they are old enough to be traded, everyday wines stay flat or drift down, spirits stay flat.
 */
export function yearlyRate(request: ValuationRequest, seed: number, exTax: number): number {
  const { categoryId, region, country, style } = request.hints;
  if (categoryId === 'spirits' || categoryId === 'beer' || categoryId === 'nonAlcoholic') return 0;
  const place = `${region ?? ''} ${country ?? ''} ${style ?? ''}`.toLowerCase();
  const fineRegion = FINE_REGIONS.some((name) => place.includes(name));
  const fine = exTax >= 25_000 || (fineRegion && exTax >= 15_000);
  const spread = unit(seed, 2);
  if (fine && request.vintage !== null) return 0.02 + 0.06 * spread;
  if (fine) return 0.005 + 0.02 * spread;
  return -0.02 + 0.025 * spread;
}

interface Path {
  base: number;
  rate: number;
  anchor: number;
  seed: number;
  currency: CurrencyCode;
  estimated: boolean;
}

/** The wine's path, or undefined when the demo provider does not know it. */
function pathOf(request: ValuationRequest): Path | undefined {
  const seed = hashKey(request.key);
  const hints = request.hints;
  const estimated = hints.referencePrice === undefined || hints.referencePrice <= 0;
  if (estimated && seed % 100 < UNKNOWN_SHARE) return undefined;
  const shelf = estimated ? estimatedShelfPrice(request, seed) : (hints.referencePrice as number);
  const litres = request.bottleSize > 0 ? request.bottleSize : 0.75;
  const duty = DUTY_PER_LITRE_PERCENT * alcoholOf(hints.categoryId) * litres;
  const exVat = shelf / VAT;
  const base = Math.max(exVat - duty, exVat * 0.3);
  const referenceYear = hints.referenceYear ?? 2014;
  return {
    base,
    rate: yearlyRate(request, seed, base),
    anchor: dayNumber(`${referenceYear}-07-01`),
    seed,
    currency: hints.referenceCurrency ?? 'NOK',
    estimated,
  };
}

/** A smooth wobble of a few per cent: three slow waves whose periods and phases come from the seed. */
function wobble(seed: number, n: number): number {
  let sum = 0;
  const waves = [
    [19, 0.012],
    [67, 0.022],
    [181, 0.03],
  ] as const;
  for (const [i, [period, amplitude]] of waves.entries()) {
    const p = period * (0.8 + 0.4 * unit(seed, 10 + i));
    const phase = 2 * Math.PI * unit(seed, 20 + i);
    sum += amplitude * Math.sin((2 * Math.PI * n) / p + phase);
  }
  return sum;
}

function priceOn(path: Path, n: number): number {
  const years = (n - path.anchor) / 365.25;
  const price = path.base * (1 + path.rate) ** years * (1 + wobble(path.seed, n));
  return Math.max(100, Math.round(price));
}

function quoteOn(request: ValuationRequest, path: Path, n: number): ValuationQuote {
  return {
    key: request.key,
    asOf: dayString(n),
    price: priceOn(path, n),
    currency: path.currency,
    priceType: 'mid',
    source: 'demo',
    sampleSize: path.estimated ? 1 + (path.seed % 3) : 3 + (path.seed % 38),
    confidence: path.estimated ? 0.3 : Math.round((0.55 + 0.4 * unit(path.seed, 3)) * 100) / 100,
    demo: true,
  };
}

export const demoValuationProvider: ValuationProviderPort = {
  name: 'demo',
  demo: true,
  async quote(requests, day) {
    const n = dayNumber(day);
    const quotes: ValuationQuote[] = [];
    const misses: ValuationMiss[] = [];
    for (const request of requests) {
      const path = pathOf(request);
      if (path) quotes.push(quoteOn(request, path, n));
      else misses.push({ key: request.key, reason: 'unknown' });
    }
    return { quotes, misses };
  },
  async history(request, from, to) {
    const path = pathOf(request);
    if (!path) return [];
    const quotes: ValuationQuote[] = [];
    for (let n = dayNumber(from), last = dayNumber(to); n <= last; n++) {
      quotes.push(quoteOn(request, path, n));
    }
    return quotes;
  },
};
