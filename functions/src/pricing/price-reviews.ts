/**
 * Price reviews (docs/pricing.md): wines whose purchase price changed after their selling price was set
 * wait for the owner, with a proposed price; nothing changes a selling price without approval.
 */
import {
  type CellarWine,
  followPurchasePrice,
  markupOf,
  type PriceReview,
  type PriceReviewDecision,
  type PriceReviewList,
  type PriceReviewOutcome,
  type PriceRuleSet,
  type PriceScope,
  priceWine,
} from '@kork/shared';
import { cellarOf } from '../cellar/cellar-service';
import { type CellarSnapshot, cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { inventoryOf } from '../cellar/kernel/wine-reads';
import { type Actor, type CellarWineRecord, ownOf, toCellarWine } from '../cellar/kernel/wine-records';
import { ValidationError } from '../platform/errors';
import {
  type PriceWrite,
  priceChange,
  restamp,
  ruleScopeOf,
  vatOf,
  winesNow,
  writeDecided,
} from './price-writes';
import { defaultRuleSetOf } from './rule-sets';
import { dutiesForSet, NO_DUTIES, type WinesDuties } from './wine-duties';

/** A wine with the purchase price (inc VAT) its selling price was set against: never answered to clients. */
type Stamped = CellarWine & { previousPurchasePriceWvat?: number };

function stampedOf(record: CellarWineRecord, currency: CellarWine['currency']): Stamped {
  const { previousPurchasePriceWvat } = ownOf(record) as { previousPurchasePriceWvat?: number };
  return { ...toCellarWine(record, currency), previousPurchasePriceWvat };
}

/**
 * Under review: the purchase price changed after the selling price was last set, the price is not
 * locked and there is a purchase price.
 */
export function underReview(wine: Stamped): boolean {
  if (wine.sellingPriceLocked || (wine.purchasePriceWovat == null && wine.purchasePriceWvat == null))
    return false;
  return (wine.purchasePriceChangedAt ?? '') > (wine.sellingPriceSetAt ?? '');
}

interface Proposer {
  set: PriceRuleSet | undefined;
  scope: PriceScope;
  vats: Record<string, number>;
  /** The wines' duties when the default set is on the net basis. */
  duties?: WinesDuties;
}

/**
 * The proposed price of a wine under review: the default rule set's when the wine is in its ranges and
 * filters, else the current prices keeping their mark-up over the purchase price they were set against.
 * Undefined when there is nothing to propose (no rule prices it and it has no selling price).
 */
export function proposalOf(
  wine: Stamped,
  { set, scope, vats, duties = NO_DUTIES }: Proposer,
): PriceReview | undefined {
  const base = {
    ownWineId: wine.id,
    wineDisplayName: wine.wineDisplayName,
    purchasePriceWovat: wine.purchasePriceWovat ?? null,
    purchasePriceWvat: wine.purchasePriceWvat ?? null,
    oldSellingPrice: wine.sellingPrice ?? null,
    oldGlassPrice: wine.pricePerGlass ?? null,
    oldMarkup: markupOf(wine.sellingPrice, wine.purchasePriceWvat),
    purchasePriceChangedAt: wine.purchasePriceChangedAt ?? '',
  };
  if (set) {
    const priced = priceWine(wine, set, scope, vatOf(vats, wine.mainCategoryId), duties.of(wine));
    if (priced.outcome === 'priced')
      return {
        ...base,
        newSellingPrice: priced.sellingPrice,
        newGlassPrice: priced.glassPrice,
        newMarkup: markupOf(priced.sellingPrice, wine.purchasePriceWvat),
        ruleSetId: set.id,
      };
  }
  const follow = (price: number | null | undefined) =>
    followPurchasePrice({
      sellingPrice: price,
      locked: false,
      oldPurchaseWvat: wine.previousPurchasePriceWvat,
      newPurchaseWvat: wine.purchasePriceWvat,
    }) ?? null;
  const newSellingPrice = follow(wine.sellingPrice);
  if (newSellingPrice === null) return undefined;
  return {
    ...base,
    newSellingPrice,
    newGlassPrice: follow(wine.pricePerGlass),
    newMarkup: markupOf(newSellingPrice, wine.purchasePriceWvat),
  };
}

async function proposerOf(ownerId: string, snapshot: CellarSnapshot) {
  const set = await defaultRuleSetOf(ownerId);
  return { set, scope: set ? await ruleScopeOf(ownerId, set, snapshot) : {} };
}

/**
 * `GET …/price-reviews`: every wine under review with its proposal, the longest waiting first. The
 * snapshot finds the wines under review; their records are read for the purchase price the selling
 * price was set against (kept on the record only, never in a cellar wine row).
 */
export async function listPriceReviews(ownerId: string): Promise<PriceReviewList> {
  const snapshot = await cellarSnapshot(ownerId);
  const { set, scope } = await proposerOf(ownerId, snapshot);
  const vats = snapshot.cellar.vats as Record<string, number>;
  const currency = snapshot.cellar.baseCurrency;
  const due = snapshot.wines.filter(underReview).map((wine) => wine.id);
  const wines = (due.length > 0 ? await winesNow(ownerId, due) : [])
    .map((record) => stampedOf(record, currency))
    .filter(underReview);
  const duties = await dutiesForSet(set, wines, currency);
  const rows: PriceReview[] = [];
  for (const wine of wines) {
    const review = proposalOf(wine, { set, scope, vats, duties });
    if (review) rows.push(review);
  }
  rows.sort((a, b) => a.purchasePriceChangedAt.localeCompare(b.purchasePriceChangedAt));
  return { rows, count: rows.length, currency: snapshot.cellar.baseCurrency };
}

/**
 * `POST …/price-reviews`: approve writes the proposed prices (a PRICE_CHANGED entry each), dismiss keeps
 * the current ones; either way the wine's `sellingPriceSetAt` becomes now, so it leaves review. A wine
 * whose prices stay as they are (dismissed, or a proposal equal to them) is only restamped: no price
 * changed, so it gets no history entry. Decided on each wine as it is now: a wine no longer under
 * review (or gone) is `stale` and not written. A wine changed between that read and its write is
 * decided again on its new state.
 */
export async function decidePriceReviews(
  ownerId: string,
  decision: PriceReviewDecision,
  actor: Actor,
): Promise<PriceReviewOutcome> {
  if (!decision.all && !decision.ownWineIds?.length) throw new ValidationError({ ownWineIds: 'required' });
  const [cellar, snapshot] = await Promise.all([cellarOf(ownerId), cellarSnapshot(ownerId)]);
  const { set, scope } = await proposerOf(ownerId, snapshot);
  const vats = cellar.vats as Record<string, number>;
  const ids = decision.all ? undefined : [...new Set(decision.ownWineIds)];
  const records = ids ? await winesNow(ownerId, ids) : await inventoryOf(ownerId);
  const stale = new Set(ids?.filter((id) => !records.some((record) => record.id === id)));
  const duties = await dutiesForSet(
    set,
    records.map((record) => toCellarWine(record, cellar.baseCurrency)),
    cellar.baseCurrency,
  );
  const approve = decision.action === 'approve';
  const at = new Date().toISOString();
  const decided = await writeDecided(ownerId, records, (record: CellarWineRecord) => {
    const wine = stampedOf(record, cellar.baseCurrency);
    const review = underReview(wine) ? proposalOf(wine, { set, scope, vats, duties }) : undefined;
    if (!review) {
      if (ids) stale.add(record.id);
      return undefined;
    }
    stale.delete(record.id);
    const newPrices =
      approve &&
      (review.newSellingPrice !== (wine.sellingPrice ?? null) ||
        review.newGlassPrice !== (wine.pricePerGlass ?? null));
    const change: PriceWrite = newPrices
      ? priceChange(record, review.newSellingPrice, review.newGlassPrice, actor, { sellingPriceSetAt: at })
      : restamp(record, { sellingPriceSetAt: at });
    return { change, outcome: record.id };
  });
  return {
    approved: approve ? decided.length : 0,
    dismissed: approve ? 0 : decided.length,
    stale: [...stale],
  };
}
