/**
 * The duties line of offers (docs/duties.md): how much of each HORECA price is excise, packaging taxes
 * and deposit, per bottle at today's rates, asked of the duties domain once for a whole page of offers.
 * Professional viewers only, as the price itself; a wine of unknown alcohol says so, never 0.
 */
import {
  convertFromNokMinor,
  type DutiesResult,
  dutiesTotal,
  MAIN_CATEGORIES,
  type MainCategory,
  type OfferDuties,
  type SupplierWine,
} from '@kork/shared';
import { bottleDutiesFor, dutiesToday } from '../../duties/duties-service';
import { isProfessional, type MarketViewer } from '../viewer';

const isMainCategory = (value: string | undefined): value is MainCategory =>
  (MAIN_CATEGORIES as readonly string[]).includes(value ?? '');

/** The duties line of one offer from its duties result, with the total in the viewer's currency. */
export function offerDutiesOf(result: DutiesResult, viewer: Pick<MarketViewer, 'currency'>): OfferDuties {
  if (!result.ok) return { known: false, missing: result.missing };
  const totalMinor = dutiesTotal(result.duties);
  return {
    known: true,
    totalMinor,
    total: convertFromNokMinor(totalMinor, viewer.currency),
    ratesAsOf: result.duties.ratesAsOf,
    stale: result.duties.stale,
  };
}

/**
 * Sets `duties` on every offer a professional viewer sees priced, in one call of the duties domain for
 * all of them (its catalogue read gives each wine's alcohol and packaging). Offers without a price (a
 * wine lover's view, a withdrawn wine) are left as they are.
 */
export async function withOfferDuties<T extends SupplierWine>(
  offers: T[],
  viewer: MarketViewer,
  date: string = dutiesToday(),
): Promise<T[]> {
  if (!isProfessional(viewer)) return offers;
  const priced = offers.filter((offer) => offer.horecaPriceMinor !== undefined && offer.horecaPriceMinor > 0);
  if (priced.length === 0) return offers;
  const results = await bottleDutiesFor(
    priced.map((offer) => ({
      bottleSize: offer.bottleSize,
      category: isMainCategory(offer.mainCategoryId) ? offer.mainCategoryId : 'red',
      wineId: offer.wineId,
    })),
    date,
  );
  priced.forEach((offer, index) => {
    const result = results[index];
    offer.duties = result ? offerDutiesOf(result, viewer) : { known: false, missing: 'alcohol' };
  });
  return offers;
}
