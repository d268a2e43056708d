import type { AssistantProposal } from '@kork/shared';
import { ulid } from 'ulid';
import { cellarSnapshot, ownWine, wineRef } from './cellar-rows';
import type { ProposePriceData } from './outputs';
import type { AssistantTool } from './tool';

export const proposePrice: AssistantTool<'propose_price'> = {
  name: 'propose_price',
  description:
    "Proposes a new selling price (with VAT, minor units of the cellar's currency) for one of the user's " +
    'cellar wines (its cellarWineId). Answers the current and the new price and the new mark-up over the ' +
    'purchase price. Changes nothing: the user confirms the proposal in the app.',
  async run(context, input) {
    const snapshot = await cellarSnapshot(context.userId);
    const wine = ownWine(snapshot, input.cellarWineId);
    const currency = snapshot.cellar.baseCurrency;
    const currentPrice = wine.sellingPrice ?? null;
    const proposal: AssistantProposal = {
      id: ulid(),
      kind: 'price',
      cellarWineId: wine.id,
      wineName: wine.wineDisplayName,
      vintage: wine.vintage,
      currentPrice,
      newPrice: input.sellingPrice,
      currency,
    };
    const data: ProposePriceData = {
      ...wineRef(wine),
      proposalId: proposal.id,
      currency,
      currentPrice,
      newPrice: input.sellingPrice,
    };
    const purchase = wine.purchasePriceWvat;
    if (purchase !== undefined && purchase > 0) {
      data.purchasePrice = purchase;
      data.newSurcharge = Math.round(((input.sellingPrice - purchase) / purchase) * 1000) / 10;
    }
    return { data: { ...data }, proposal };
  },
};
