/**
 * The demo data's deterministic figures (docs/marketplace.md): a new supplier's terms and a wine's stock
 * when the supplier has not set its own, each drawn from a hash of the ids, so every start of the
 * stack gives the same.
 */
import { createHash } from 'node:crypto';
import { organizationNumberCheckDigit, WEEKDAYS, type Weekday } from '@kork/shared';

/** A stable unsigned 32-bit number of a text (the first bytes of its SHA-256). */
export function demoHash(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

const CITIES = [
  'Oslo',
  'Bergen',
  'Trondheim',
  'Stavanger',
  'Drammen',
  'Kristiansand',
  'Tromsø',
  'Fredrikstad',
  'Ålesund',
  'Bodø',
] as const;

export interface DemoTerms {
  organizationNumber: string;
  orderEmail: string;
  city: string;
  minimumOrderMinor: number;
  deliveryDays: Weekday[];
  leadTimeDays: number;
  description: string;
}

/** A valid organization number starting with 9 (candidates without a check digit are skipped). */
export function demoOrganizationNumber(supplierId: string): string {
  for (let attempt = 0; ; attempt++) {
    const firstEight = `9${String(demoHash(`${supplierId}#org#${attempt}`) % 10_000_000).padStart(7, '0')}`;
    const check = organizationNumberCheckDigit(firstEight);
    if (check !== undefined) return `${firstEight}${check}`;
  }
}

/** The terms a supplier starts with: made up, never a real address. */
export function demoTerms(supplierId: string, name: string): DemoTerms {
  const pick = (what: string, n: number) => demoHash(`${supplierId}#${what}`) % n;
  const city = CITIES[pick('city', CITIES.length)] as string;
  // 0, or 1,000–5,000 NOK in steps of 500.
  const minimumStep = pick('minimum', 10);
  const minimumOrderMinor = minimumStep === 0 ? 0 : (1000 + 500 * (minimumStep - 1)) * 100;
  const first = pick('day1', WEEKDAYS.length);
  const second = (first + 1 + pick('day2', WEEKDAYS.length - 1)) % WEEKDAYS.length;
  const deliveryDays = WEEKDAYS.filter((_, i) => i === first || i === second);
  return {
    organizationNumber: demoOrganizationNumber(supplierId),
    orderEmail: `ordre@${supplierId.replace(/^sup-/, '')}.example`,
    city,
    minimumOrderMinor,
    deliveryDays,
    leadTimeDays: 1 + pick('lead', 3),
    description: `${name} imports wine, beer and spirits and delivers to restaurants and bars from ${city}.`,
  };
}

/**
 * A wine's stock at a supplier that has not set its own: about 8 % out of stock, about 20 % low
 * (1–12 bottles), the rest 13–240.
 */
export function demoStock(supplierId: string, wineId: string): number {
  const h = demoHash(`${supplierId}#${wineId}#stock`);
  const bucket = h % 100;
  const spread = Math.floor(h / 100);
  if (bucket < 8) return 0;
  if (bucket < 28) return 1 + (spread % 12);
  return 13 + (spread % 228);
}

/** Bottles in a case: small bottles 12, up to a litre 6, larger ones single. */
export function caseSizeOf(bottleSize: number): number {
  if (bottleSize <= 0.5) return 12;
  if (bottleSize <= 1) return 6;
  return 1;
}
