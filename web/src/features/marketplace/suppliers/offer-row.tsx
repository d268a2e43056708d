import type { SupplierWine } from '@kork/shared';
import { Anchor, Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPrice } from '../../../lib/wine-text';
import { AddToCartButton } from '../add-to-cart';
import { DutiesNote, offerDutiesFigure } from './duties-note';
import { AVAILABILITY_COLOR } from './supplier-text';
import classes from './suppliers.module.css';

/**
 * One supplier's offer of one wine: what it is (the wine on a supplier's page, the supplier on a wine's
 * page), availability, case size, the HORECA price ex VAT for business accounts with the duties it
 * holds, and the cart button.
 */
export function OfferRow({ offer, title }: { offer: SupplierWine; title: 'wine' | 'supplier' }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const numbers = new Intl.NumberFormat(locale);
  const vintage = offer.vintage === null ? t('marketSuppliers.wine.nonVintage') : String(offer.vintage);
  return (
    <li className={classes.offer} data-testid="supplier-offer">
      <div className={classes.offerMain}>
        <p className={classes.offerName}>
          {title === 'wine' ? (
            <Anchor component={Link} to={`/wines/${encodeURIComponent(offer.wineId)}`} inherit>
              {offer.name}
            </Anchor>
          ) : (
            <Anchor component={Link} to={`/suppliers/${encodeURIComponent(offer.supplierId)}`} inherit>
              {offer.supplierName}
            </Anchor>
          )}
        </p>
        <p className={classes.offerMeta}>
          {title === 'wine' && offer.producer && <span>{offer.producer}</span>}
          <span>{vintage}</span>
          <span>{t('marketSuppliers.wine.size', { size: numbers.format(offer.bottleSize) })}</span>
          <span>{t('marketSuppliers.wine.caseSize', { count: offer.caseSize })}</span>
          <Badge
            component="span"
            size="sm"
            radius="sm"
            variant="outline"
            color={AVAILABILITY_COLOR[offer.availability]}
          >
            {t(`marketSuppliers.wine.availability.${offer.availability}`)}
          </Badge>
          {offer.stock !== undefined && (
            <span>
              {t('marketSuppliers.wine.stock', {
                count: offer.stock,
                formatted: numbers.format(offer.stock),
              })}
            </span>
          )}
        </p>
      </div>
      <div className={classes.offerBuy}>
        {offer.horecaPrice !== undefined ? (
          <span className={classes.priceBlock}>
            <Text component="span" className={classes.price} data-testid="horeca-price">
              {t('marketSuppliers.wine.price', {
                price: formatPrice(offer.horecaPrice, offer.currency, locale),
              })}
            </Text>
            <DutiesNote duties={offerDutiesFigure(offer.duties, offer.currency, locale)} />
          </span>
        ) : null}
        <AddToCartButton offer={offer} withAvailability={false} />
      </div>
    </li>
  );
}
