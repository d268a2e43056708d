import {
  bottleDuties,
  type ContainerType,
  type DutyRatesResponse,
  type MainCategory,
  withDuties,
} from '@kork/shared';

/** What a bottle's duties are worked out from, as the add form knows it. */
export interface DutyBasis {
  bottleSize: number | null;
  category: MainCategory | undefined;
  /** Percent by volume; undefined while unknown. */
  alcohol: number | undefined;
  container: ContainerType | undefined;
}

/**
 * The price without VAT with duties, from the importer's net price typed (`withDuties`, the shared rule),
 * with today's rates. What it lacks is said, never guessed: the alcohol, the rates (none in force, or
 * still loading).
 */
export type DutyInclusive =
  | { ok: true; price: number }
  | { ok: false; missing: 'alcohol' | 'rates' | 'loading' };

export function dutyInclusivePrice(
  net: number,
  basis: DutyBasis,
  rates: DutyRatesResponse | undefined,
): DutyInclusive {
  if (basis.alcohol === undefined || Number.isNaN(basis.alcohol)) return { ok: false, missing: 'alcohol' };
  if (!rates) return { ok: false, missing: 'loading' };
  const duties = bottleDuties(
    {
      bottleSize: basis.bottleSize ?? 0.75,
      alcohol: basis.alcohol,
      category: basis.category ?? 'red',
      container: basis.container ?? 'glass',
      date: rates.date,
    },
    rates.rows,
  );
  if (!duties.ok) return { ok: false, missing: duties.missing };
  return { ok: true, price: withDuties(net, duties.duties) };
}

/** The message key of what a price typed without duties still needs. */
export const DUTY_MISSING_KEYS = {
  alcohol: 'cellarWines.duties.needsAlcohol',
  rates: 'cellarWines.duties.noRates',
  loading: 'cellarWines.duties.ratesLoading',
} as const;
