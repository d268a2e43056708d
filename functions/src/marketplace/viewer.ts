/** Who is looking at the marketplace: prices and stock are for professional accounts only. */
import type { CurrencyCode, Locale } from '@kork/shared';
import type { Principal } from '../platform/auth';

export interface MarketViewer {
  principal: Principal | undefined;
  currency: CurrencyCode;
  locale?: Locale;
}

/** Business accounts (and admins) see HORECA prices and stock, and may order. */
export function isProfessional(viewer: Pick<MarketViewer, 'principal'>): boolean {
  return viewer.principal?.role === 'business' || viewer.principal?.role === 'admin';
}

/** The viewer of a request of a signed-in route (the route's auth level has made sure of the principal). */
export function viewer<R extends MarketViewer>(req: R): MarketViewer & { principal: Principal } {
  return req as MarketViewer & { principal: Principal };
}
