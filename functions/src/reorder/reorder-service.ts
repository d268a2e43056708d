/**
 * Reordering (docs/reorder.md): the cellar's wines at or under their reorder point — set by the owner
 * or suggested from the last 90 days of sales and the supplier's lead time — with the bottles to order
 * up to par in whole cases, and the one action that puts them in the marketplace cart (or, for wines no
 * supplier offers, in a draft purchase order). Nothing is ordered here: the marketplace's checkout does.
 */
import {
  type CellarWine,
  DEFAULT_LEAD_TIME_DAYS,
  dayNumber,
  foldText,
  isoOfDay,
  type Locale,
  message,
  REORDER_SALES_DAYS,
  type ReorderAnswer,
  type ReorderCartAnswer,
  type ReorderCartInput,
  type ReorderQuery,
  type ReorderRow,
  reorderSuggestion,
  todayIso,
} from '@kork/shared';
import { cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { addCartItems, cartQuantities, cartSummary } from '../marketplace/cart/cart-service';
import {
  longestLeadTimeDays,
  offerKey,
  type WineOffer,
  wineOffersOf,
} from '../marketplace/suppliers/suppliers';
import { isProfessional, type MarketViewer } from '../marketplace/viewer';
import { createOrder } from '../orders/order-service';
import type { Principal } from '../platform/auth';
import { ValidationError } from '../platform/errors';
import { salesAnalytics } from '../sales-analytics/sales-analytics-service';

type Viewer = MarketViewer & { principal: Principal };

/** Bottles each wine sold over the last REORDER_SALES_DAYS days, by cellar wine id. */
async function soldByWine(ownerId: string, now: Date): Promise<Map<string, number>> {
  const to = todayIso(now);
  const from = isoOfDay(dayNumber(to) - (REORDER_SALES_DAYS - 1));
  const analytics = await salesAnalytics(ownerId, { from, to });
  return new Map(analytics.byWine.map((figures) => [figures.ownWineId, figures.units]));
}

/** The supplier the wine names (by name) among the offers, else the cheapest in stock, else any. */
export function chosenOffer(
  wine: Pick<CellarWine, 'supplier'>,
  offers: readonly WineOffer[],
  supplierId?: string,
): WineOffer | undefined {
  if (supplierId) return offers.find((offer) => offer.supplierId === supplierId);
  const named = wine.supplier ? foldText(wine.supplier) : undefined;
  const byName = named ? offers.find((offer) => foldText(offer.supplierName) === named) : undefined;
  if (byName && byName.stock > 0) return byName;
  const inStock = offers.filter((offer) => offer.stock > 0);
  return [...inStock].sort((a, b) => a.horecaPriceMinor - b.horecaPriceMinor)[0];
}

/** `inCart`: bottles of the offer already in the cart, which the supplier's stock must also cover. */
function suggestionOf(wine: CellarWine, sold: number, offer: WineOffer | undefined, inCart = 0) {
  return reorderSuggestion({
    inStock: wine.quantity,
    sold,
    leadTimeDays: offer?.leadTimeDays,
    parLevel: wine.parLevel,
    reorderPoint: wine.reorderPoint,
    caseSize: wine.caseSize,
    supplierCaseSize: offer?.caseSize,
    supplierStock: offer ? Math.max(0, offer.stock - inCart) : undefined,
  });
}

/**
 * `GET …/reorder`: every wine at or under its reorder point, the fewest days left first. A wine is
 * first judged with the longest lead time any supplier gives (so no wine due is missed), and only those
 * wines are looked up at the suppliers and judged again with their supplier's own lead time.
 */
export async function reorderRows(
  ownerId: string,
  viewer: Viewer,
  query: ReorderQuery = {},
  now = new Date(),
): Promise<ReorderAnswer> {
  const [snapshot, sold, longest] = await Promise.all([
    cellarSnapshot(ownerId),
    soldByWine(ownerId, now),
    longestLeadTimeDays(),
  ]);
  const leadTimeDays = Math.max(longest, DEFAULT_LEAD_TIME_DAYS);
  const one = query.ownWineId;
  const candidates = snapshot.wines.filter((wine) =>
    one
      ? wine.id === one
      : reorderSuggestion({
          inStock: wine.quantity,
          sold: sold.get(wine.id) ?? 0,
          leadTimeDays,
          parLevel: wine.parLevel,
          reorderPoint: wine.reorderPoint,
        }).due,
  );
  const [offers, inCart] = isProfessional(viewer)
    ? await Promise.all([
        wineOffersOf(
          candidates.flatMap((wine) => (wine.wineId ? [wine.wineId] : [])),
          viewer,
        ),
        cartQuantities(ownerId),
      ])
    : [new Map<string, WineOffer[]>(), new Map<string, number>()];
  const rows: ReorderRow[] = [];
  for (const wine of candidates) {
    const offer = chosenOffer(wine, (wine.wineId && offers.get(wine.wineId)) || []);
    const carted = offer ? (inCart.get(offerKey(offer.supplierId, offer.wineId)) ?? 0) : 0;
    const { due, quantity, reason } = suggestionOf(wine, sold.get(wine.id) ?? 0, offer, carted);
    if (!due && !one) continue;
    const row: ReorderRow = {
      ownWineId: wine.id,
      quantity,
      suggested: wine.parLevel === undefined || wine.reorderPoint === undefined,
      wineDisplayName: wine.wineDisplayName,
      reason,
    };
    if (offer) {
      row.supplierId = offer.supplierId;
      row.supplierName = offer.supplierName;
      row.wineId = offer.wineId;
      row.unitPrice = offer.horecaPriceMinor;
    }
    rows.push(row);
  }
  const left = (row: ReorderRow) => row.reason.daysLeft ?? Number.MAX_SAFE_INTEGER;
  rows.sort((a, b) => left(a) - left(b) || a.reason.inStock - b.reason.inStock);
  return { rows, count: rows.length };
}

/**
 * `POST …/reorder/cart`: one cart line per wine at the supplier asked for, else the one the wine names,
 * else the cheapest in stock; wines no supplier offers go to one draft purchase order. All lines are
 * checked before anything is written; the cart's lines are written in one conditional write.
 */
export async function reorderIntoCart(
  ownerId: string,
  input: ReorderCartInput,
  viewer: Viewer,
  locale: Locale = 'en',
): Promise<ReorderCartAnswer> {
  const snapshot = await cellarSnapshot(ownerId);
  const byId = new Map(snapshot.wines.map((wine) => [wine.id, wine]));
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  input.lines.forEach((line, index) => {
    if (!byId.has(line.ownWineId)) fields[`lines.${index}.ownWineId`] = 'winesNotInCellar';
    else if (seen.has(line.ownWineId)) fields[`lines.${index}.ownWineId`] = 'duplicateWine';
    seen.add(line.ownWineId);
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  const wines = input.lines.map((line) => byId.get(line.ownWineId) as CellarWine);
  const offers = isProfessional(viewer)
    ? await wineOffersOf(
        wines.flatMap((wine) => (wine.wineId ? [wine.wineId] : [])),
        viewer,
      )
    : new Map<string, WineOffer[]>();
  const cartLines: ReorderCartAnswer['cartLines'] = [];
  const orderLines: { ownWineId: string; quantity: number; unitCost: number }[] = [];
  input.lines.forEach((line, index) => {
    const wine = wines[index] as CellarWine;
    const offered = (wine.wineId && offers.get(wine.wineId)) || [];
    const offer = chosenOffer(wine, offered, line.supplierId);
    if (line.supplierId && !offer) {
      fields[`lines.${index}.supplierId`] = 'supplierDoesNotOfferWine';
      return;
    }
    if (offer && offer.stock > 0)
      cartLines.push({
        ownWineId: wine.id,
        supplierId: offer.supplierId,
        wineId: offer.wineId,
        quantity: line.quantity,
      });
    else
      orderLines.push({
        ownWineId: wine.id,
        quantity: line.quantity,
        unitCost: wine.purchasePriceWovat ?? 0,
      });
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);

  const summary =
    cartLines.length > 0
      ? await addCartItems(snapshot.cellar.id, cartLines, viewer)
      : await cartSummary(snapshot.cellar.id, viewer.principal);
  const answer: ReorderCartAnswer = { totalCartQuantity: summary.totalCartQuantity, cartLines };
  if (orderLines.length > 0) {
    const order = await createOrder(
      ownerId,
      {
        type: 'purchase',
        status: 'draft',
        source: 'manual',
        note: message('reorderDraftNote', locale),
        products: orderLines.map((line) => ({
          ownWineId: line.ownWineId,
          units: line.quantity,
          unitCost: line.unitCost,
        })),
      },
      viewer.principal,
    );
    answer.draftOrder = {
      id: order.id,
      lines: orderLines.map(({ ownWineId, quantity }) => ({ ownWineId, quantity })),
    };
  }
  return answer;
}
