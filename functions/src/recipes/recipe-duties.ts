/**
 * The duties of the wines recipes pour (docs/recipes.md): one call of the duties domain for every wine
 * of the recipes answered, at the rates in force today in Norway, in the cellar's currency. They are
 * part of each wine's purchase price without VAT (kept with duties), so a recipe shows them as "of
 * which duties", never on top of its cost.
 */
import {
  type CellarWine,
  type CurrencyCode,
  convertMinor,
  dutiesTotal,
  type RecipeDutiesDate,
  type RecipeWineSource,
} from '@kork/shared';
import { latestRates } from '../cellar/currency/exchange-rate-service';
import { bottleDutiesFor, dutiesToday } from '../duties/duties-service';

export interface PouredDuties {
  /** A wine's duties per bottle in the cellar's currency, or what they lack; undefined when not asked. */
  of(ownWineId: string): RecipeWineSource['duties'];
  /** The day and the rates the given wines' duties were taken from (the newest, and whether any is stale). */
  datesOf(ownWineIds: readonly string[]): RecipeDutiesDate;
}

/** The duties per bottle of the given wines. */
export async function pouredDuties(
  wines: readonly CellarWine[],
  currency: CurrencyCode,
  date: string = dutiesToday(),
): Promise<PouredDuties> {
  const [results, rates] = await Promise.all([
    bottleDutiesFor(
      wines.map((wine) => ({
        bottleSize: wine.bottleSize,
        category: wine.mainCategoryId,
        ...(wine.alcohol == null ? {} : { alcohol: wine.alcohol }),
        ...(wine.container == null ? {} : { container: wine.container }),
        ...(wine.wineId ? { wineId: wine.wineId } : {}),
      })),
      date,
    ),
    currency === 'NOK' || wines.length === 0 ? undefined : latestRates(),
  ]);
  const byId = new Map<string, NonNullable<RecipeWineSource['duties']>>();
  const asOf = new Map<string, { ratesAsOf: string | null; stale: boolean }>();
  wines.forEach((wine, i) => {
    const result = results[i];
    if (!result?.ok) {
      byId.set(wine.id, { missing: result?.missing ?? 'rates' });
      return;
    }
    const nok = dutiesTotal(result.duties);
    const total = rates
      ? convertMinor(nok, 'NOK', currency, rates.nokPerUnit as Partial<Record<CurrencyCode, number>>)
      : nok;
    byId.set(wine.id, { total });
    asOf.set(wine.id, { ratesAsOf: result.duties.ratesAsOf, stale: result.duties.stale });
  });
  return {
    of: (id) => byId.get(id),
    datesOf(ids) {
      let ratesAsOf: string | null = null;
      let stale = false;
      for (const id of ids) {
        const rates = asOf.get(id);
        if (!rates) continue;
        stale ||= rates.stale;
        if (rates.ratesAsOf && (ratesAsOf === null || rates.ratesAsOf > ratesAsOf))
          ratesAsOf = rates.ratesAsOf;
      }
      return { date, ratesAsOf, stale };
    },
  };
}
