import type { AssistantCartProposalItem, CurrencyCode } from '@kork/shared';
import { ulid } from 'ulid';
import { offerKey, offersOf } from '../../marketplace/suppliers/suppliers';
import { cellarSnapshot } from './cellar-rows';
import { businessViewerOf } from './market';
import type { ProposeCartData } from './outputs';
import type { AssistantTool } from './tool';
import { ToolError } from './tool-error';

export const proposeCart: AssistantTool<'propose_cart'> = {
  name: 'propose_cart',
  description:
    "Proposes putting wines in the user's supplier cart: each item a supplierId, the catalogue wineId the " +
    'supplier offers (from reorder_suggestions) and a quantity of bottles. Checks every supplier offers the ' +
    'wine and has the bottles, and answers the items with names and prices. Changes nothing: the user ' +
    'confirms the proposal in the app. Business accounts only.',
  async run(context, input) {
    const viewer = await businessViewerOf(context.userId);
    // One item per supplier and wine, as the cart keeps one line per pair.
    const wanted = new Map<string, { supplierId: string; wineId: string; quantity: number }>();
    for (const item of input.items) {
      const key = offerKey(item.supplierId, item.wineId);
      const seen = wanted.get(key);
      if (seen) seen.quantity += item.quantity;
      else wanted.set(key, { ...item });
    }
    const [offers, snapshot] = await Promise.all([
      offersOf([...wanted.values()], viewer),
      cellarSnapshot(context.userId),
    ]);
    const items: AssistantCartProposalItem[] = [];
    let index = 0;
    for (const [key, item] of wanted) {
      index++;
      const offer = offers.get(key);
      if (!offer) {
        throw new ToolError(
          `Item ${index}: that supplier does not offer that wine.`,
          `Vare ${index}: den leverandøren tilbyr ikke den vinen.`,
        );
      }
      if (offer.stock <= 0) {
        throw new ToolError(
          `Item ${index}: the supplier has no bottles of it in stock.`,
          `Vare ${index}: leverandøren har ingen flasker av den på lager.`,
        );
      }
      if (item.quantity > offer.stock) {
        throw new ToolError(
          `Item ${index}: the supplier has only ${offer.stock} ${offer.stock === 1 ? 'bottle' : 'bottles'} in stock.`,
          `Vare ${index}: leverandøren har bare ${offer.stock} ${offer.stock === 1 ? 'flaske' : 'flasker'} på lager.`,
        );
      }
      const held = snapshot.wines.find((wine) => wine.wineId === item.wineId);
      const proposed: AssistantCartProposalItem = {
        supplierId: item.supplierId,
        supplierName: offer.supplierName,
        wineId: item.wineId,
        wineName: offer.wineDisplayName,
        vintage: offer.wine.vintage,
        quantity: item.quantity,
        unitPrice: offer.horecaPriceMinor,
        currency: 'NOK',
      };
      if (held) proposed.cellarWineId = held.id;
      items.push(proposed);
    }
    const totals = new Map<CurrencyCode, number>();
    for (const item of items)
      totals.set(item.currency, (totals.get(item.currency) ?? 0) + item.quantity * item.unitPrice);
    const proposal = { id: ulid(), kind: 'cart' as const, items };
    const data: ProposeCartData = {
      proposalId: proposal.id,
      items,
      totals: [...totals].map(([currency, amount]) => ({ currency, amount })),
      bottles: items.reduce((sum, item) => sum + item.quantity, 0),
    };
    return { data: { ...data }, proposal };
  },
};
