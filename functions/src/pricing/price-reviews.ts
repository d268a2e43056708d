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
  priceScopeOf,
  priceWine,
} from '@kork/shared';
import { cellarOf } from '../cellar/cellar-service';
import { cellarSnapshot } from '../cellar/cellar-snapshot';
import {
  type Actor,
  type CellarWineRecord,
  inventoryOf,
  toCellarWine,
  type WineChange,
} from '../cellar/cellar-wine-store';
import { ValidationError } from '../platform/errors';
import { priceChange, vatOf, winesNow, writeDecided } from './price-writes';
import { defaultRuleSetOf } from './rule-sets';

type Stamped = CellarWine & { previousPurchasePriceWvat?: number };

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
}

/**
 * The proposed price of a wine under review: the default rule set's when the wine is in its ranges and
 * filters, else the current prices keeping their mark-up over the purchase price they were set against.
 * Undefined when there is nothing to propose (no rule prices it and it has no selling price).
 */
export function proposalOf(wine: Stamped, { set, scope, vats }: Proposer): PriceReview | undefined {
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
    const priced = priceWine(wine, set, scope, vatOf(vats, wine.mainCategoryId));
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

async function proposerOf(ownerId: string, locationScope: (ids: string[]) => Set<string | null>) {
  const set = await defaultRuleSetOf(ownerId);
  return { set, scope: set ? priceScopeOf(set, (id) => locationScope([id])) : {} };
}

/** `GET …/price-reviews`: every wine under review with its proposal, the longest waiting first. */
export async function listPriceReviews(ownerId: string): Promise<PriceReviewList> {
  const snapshot = await cellarSnapshot(ownerId);
  const { set, scope } = await proposerOf(ownerId, (ids) => snapshot.locationScope(ids));
  const vats = snapshot.cellar.vats as Record<string, number>;
  const rows: PriceReview[] = [];
  for (const wine of snapshot.wines as Stamped[]) {
    if (!underReview(wine)) continue;
    const review = proposalOf(wine, { set, scope, vats });
    if (review) rows.push(review);
  }
  rows.sort((a, b) => a.purchasePriceChangedAt.localeCompare(b.purchasePriceChangedAt));
  return { rows, count: rows.length, currency: snapshot.cellar.baseCurrency };
}

/**
 * `POST …/price-reviews`: approve writes the proposed prices (a PRICE_CHANGED entry each), dismiss keeps
 * them; either way the wine's `sellingPriceSetAt` becomes now, so it leaves review. Decided on each wine
 * as it is now: a wine no longer under review (or gone) is `stale` and not written. A wine changed
 * between that read and its write is decided again on its new state.
 */
export async function decidePriceReviews(
  ownerId: string,
  decision: PriceReviewDecision,
  actor: Actor,
): Promise<PriceReviewOutcome> {
  if (!decision.all && !decision.ownWineIds?.length) throw new ValidationError({ ownWineIds: 'required' });
  const [cellar, snapshot] = await Promise.all([cellarOf(ownerId), cellarSnapshot(ownerId)]);
  const { set, scope } = await proposerOf(ownerId, (ids) => snapshot.locationScope(ids));
  const vats = cellar.vats as Record<string, number>;
  const ids = decision.all ? undefined : [...new Set(decision.ownWineIds)];
  const records = ids ? await winesNow(ownerId, ids) : await inventoryOf(ownerId);
  const stale = new Set(ids?.filter((id) => !records.some((record) => record.id === id)));
  const approve = decision.action === 'approve';
  const at = new Date().toISOString();
  const decided = await writeDecided(ownerId, records, (record: CellarWineRecord) => {
    const wine = toCellarWine(record, cellar.baseCurrency) as Stamped;
    const review = underReview(wine) ? proposalOf(wine, { set, scope, vats }) : undefined;
    if (!review) {
      if (ids) stale.add(record.id);
      return undefined;
    }
    stale.delete(record.id);
    const change: WineChange = approve
      ? priceChange(record, review.newSellingPrice, review.newGlassPrice, actor, { sellingPriceSetAt: at })
      : priceChange(record, wine.sellingPrice ?? null, wine.pricePerGlass ?? null, actor, {
          sellingPriceSetAt: at,
        });
    return { change, outcome: record.id };
  });
  return {
    approved: approve ? decided.length : 0,
    dismissed: approve ? 0 : decided.length,
    stale: [...stale],
  };
}
