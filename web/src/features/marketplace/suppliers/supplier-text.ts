import type { Availability, SupplierSummary } from '@kork/shared';
import type { TFunction } from 'i18next';
import { formatPrice } from '../../../lib/wine-text';

/** "Mon, Wed, Fri", or "By agreement" for a supplier without fixed delivery days. */
export function deliveryDaysText(supplier: Pick<SupplierSummary, 'deliveryDays'>, t: TFunction): string {
  if (supplier.deliveryDays.length === 0) return t('marketSuppliers.noDeliveryDays');
  return supplier.deliveryDays.map((day) => t(`marketSuppliers.weekdays.${day}`)).join(', ');
}

/** The minimum order in the viewer's currency, or "No minimum". */
export function minimumOrderText(
  supplier: Pick<SupplierSummary, 'minimumOrderMinor' | 'minimumOrder' | 'currency'>,
  t: TFunction,
  locale: string | undefined,
): string {
  if (supplier.minimumOrderMinor <= 0) return t('marketSuppliers.noMinimum');
  return formatPrice(supplier.minimumOrder, supplier.currency, locale);
}

/** Shades dark enough for small badge text on the page's off-white (Mantine's 9s of green and orange are not). */
export const DARK_GREEN = '#1b5e20';
export const DARK_ORANGE = '#8a3c00';

/** A badge colour dark enough for its text on the outline variant (axe contrast). */
export const AVAILABILITY_COLOR: Record<Availability, string> = {
  inStock: DARK_GREEN,
  lowStock: DARK_ORANGE,
  outOfStock: 'gray.8',
};

/** A business account: it sees HORECA prices and has a cart (the feed's own rule). */
export function isBusinessViewer(viewer: { accountType?: number; isBusiness?: boolean } | null): boolean {
  return viewer ? viewer.accountType === 2 || Boolean(viewer.isBusiness) : false;
}
