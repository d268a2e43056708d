/**
 * The duties of the wines a rule set on the net basis prices (docs/pricing.md): one call of the duties
 * domain for all of them, at the rates in force today in Norway, converted to the cellar's currency. A
 * wine whose duties are not known (no alcohol, no rates for the day) is answered as missing: the math
 * leaves it as it is and the preview lists it, never priced from 0 duties.
 */
import {
  type BasisDuties,
  type CellarWine,
  type CurrencyCode,
  convertMinor,
  dutiesTotal,
  type PriceDutiesDate,
  type PriceRuleSet,
} from '@kork/shared';
import { latestRates } from '../cellar/currency/exchange-rate-service';
import { bottleDutiesFor, type DutyBottle, dutiesToday } from '../duties/duties-service';

type DutyWine = Pick<
  CellarWine,
  'id' | 'bottleSize' | 'mainCategoryId' | 'alcohol' | 'container' | 'wineId' | 'purchasePriceWovat'
>;

/** What the duties of a bottle are read from. */
export function dutyBottleOf(wine: DutyWine): DutyBottle {
  return {
    bottleSize: wine.bottleSize,
    category: wine.mainCategoryId,
    ...(wine.alcohol == null ? {} : { alcohol: wine.alcohol }),
    ...(wine.container == null ? {} : { container: wine.container }),
    ...(wine.wineId ? { wineId: wine.wineId } : {}),
  };
}

/**
 * A wine's duties are looked up by it and what decides them, so a wine changed since (another alcohol,
 * bottle or container) finds none and is left as it is rather than priced from another bottle's duties.
 */
const keyOf = (wine: DutyWine) =>
  [
    wine.id,
    wine.bottleSize,
    wine.mainCategoryId,
    wine.alcohol ?? '',
    wine.container ?? '',
    wine.wineId ?? '',
  ].join('#');

export interface WinesDuties {
  /** The wine's duties per bottle in the cellar's currency; undefined for a wine not asked about. */
  of(wine: DutyWine): BasisDuties | undefined;
  /** The day and the rates used. */
  dates: PriceDutiesDate;
}

/** No duties looked up (a set on another basis). */
export const NO_DUTIES: WinesDuties = {
  of: () => undefined,
  dates: { date: '', ratesAsOf: null, stale: false },
};

/**
 * The duties of the wines with a purchase price without VAT (the net basis needs it), in `currency`, at
 * the rates in force on `date` (today in Norway).
 */
export async function winesDuties(
  wines: readonly DutyWine[],
  currency: CurrencyCode,
  date: string = dutiesToday(),
): Promise<WinesDuties> {
  const priced = wines.filter((wine) => wine.purchasePriceWovat != null);
  const [results, rates] = await Promise.all([
    bottleDutiesFor(priced.map(dutyBottleOf), date),
    currency === 'NOK' ? undefined : latestRates(),
  ]);
  const convert = (nok: number) =>
    rates
      ? convertMinor(nok, 'NOK', currency, rates.nokPerUnit as Partial<Record<CurrencyCode, number>>)
      : nok;
  const byKey = new Map<string, BasisDuties>();
  let ratesAsOf: string | null = null;
  let stale = false;
  priced.forEach((wine, i) => {
    const result = results[i];
    if (!result?.ok) {
      byKey.set(keyOf(wine), { missing: result?.missing ?? 'rates' });
      return;
    }
    byKey.set(keyOf(wine), { total: convert(dutiesTotal(result.duties)) });
    stale ||= result.duties.stale;
    const asOf = result.duties.ratesAsOf;
    if (asOf && (ratesAsOf === null || asOf > ratesAsOf)) ratesAsOf = asOf;
  });
  return { of: (wine) => byKey.get(keyOf(wine)), dates: { date, ratesAsOf, stale } };
}

/** The duties a rule set needs: looked up for the net basis only. */
export function dutiesForSet(
  set: Pick<PriceRuleSet, 'basis'> | undefined,
  wines: readonly DutyWine[],
  currency: CurrencyCode,
): Promise<WinesDuties> {
  return set?.basis === 'exVatNet' ? winesDuties(wines, currency) : Promise.resolve(NO_DUTIES);
}
