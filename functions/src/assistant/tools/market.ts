/**
 * The marketplace as the assistant reads it for the signed-in user: offers are priced for professional
 * (business) accounts only, and only they have a supplier cart.
 */
import { viewer as accountOf } from '../../accounts/profile-service';
import type { MarketViewer } from '../../marketplace/viewer';
import { isProfessional } from '../../marketplace/viewer';
import { ToolError } from './tool-error';

/** The user as a marketplace viewer (prices in NOK, as suppliers offer them). */
export async function marketViewerOf(userId: string): Promise<MarketViewer> {
  const account = await accountOf(userId);
  return { principal: { userId, role: account.role }, currency: 'NOK' };
}

/** The viewer, refused unless it is a business account (the supplier cart and its prices are theirs). */
export async function businessViewerOf(userId: string): Promise<MarketViewer> {
  const viewer = await marketViewerOf(userId);
  if (!isProfessional(viewer)) {
    throw new ToolError(
      'Ordering from suppliers is for business accounts; this account has no supplier cart.',
      'Bestilling fra leverandører er for bedriftskontoer; denne kontoen har ingen handlekurv hos leverandører.',
    );
  }
  return viewer;
}
