import type { BillingInput, DeliveryInput, SupplierOrderView } from '@kork/shared';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/wine-text';
import classes from './supplier-order.module.css';

/** Who ordered, where it goes and who pays: what a supplier needs to deliver and invoice. */
export function OrderParties({ view }: { view: SupplierOrderView }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={classes.parties}>
      <section className={classes.party} aria-labelledby="order-buyer">
        <Text id="order-buyer" fw={700} component="h2" fz="md" m={0}>
          {t('marketSuppliers.link.buyer')}
        </Text>
        <Text>{view.buyerName}</Text>
        <Anchor href={`mailto:${view.buyerEmail}`}>{view.buyerEmail}</Anchor>
        <Text size="sm" c="dimmed" mt="xs">
          {t('marketSuppliers.link.expectedDelivery')}
        </Text>
        <Text>
          {view.deliveryDate
            ? formatDate(view.deliveryDate, i18n.resolvedLanguage)
            : t('marketSuppliers.link.noDeliveryDate')}
        </Text>
      </section>
      <section className={classes.party} aria-labelledby="order-delivery">
        <Text id="order-delivery" fw={700} component="h2" fz="md" m={0}>
          {t('marketSuppliers.link.delivery')}
        </Text>
        <DeliveryAddress delivery={view.delivery} />
      </section>
      <section className={classes.party} aria-labelledby="order-billing">
        <Text id="order-billing" fw={700} component="h2" fz="md" m={0}>
          {t('marketSuppliers.link.billing')}
        </Text>
        <BillingAddress billing={view.billing} />
      </section>
      {view.note && (
        <section className={classes.party} aria-labelledby="order-note">
          <Text id="order-note" fw={700} component="h2" fz="md" m={0}>
            {t('marketSuppliers.link.note')}
          </Text>
          <Text style={{ whiteSpace: 'pre-line' }}>{view.note}</Text>
        </section>
      )}
    </div>
  );
}

function DeliveryAddress({ delivery }: { delivery: DeliveryInput }) {
  const { t } = useTranslation();
  return (
    <address>
      <Text>{delivery.recipient}</Text>
      {delivery.careOf && <Text>{t('marketSuppliers.link.careOf', { name: delivery.careOf })}</Text>}
      <Text>{delivery.street}</Text>
      <Text>
        {delivery.postalCode} {delivery.city}
      </Text>
      {delivery.phone && <Text>{delivery.phone}</Text>}
      {delivery.tineNumber && (
        <Text size="sm">{t('marketSuppliers.link.tineNumber', { number: delivery.tineNumber })}</Text>
      )}
    </address>
  );
}

function BillingAddress({ billing }: { billing: BillingInput }) {
  const { t } = useTranslation();
  return (
    <address>
      <Text>{billing.name}</Text>
      <Text size="sm">
        {t('marketSuppliers.link.organizationNumber', { number: billing.organizationNumber })}
      </Text>
      <Text>{billing.street}</Text>
      <Text>
        {billing.postalCode} {billing.city}
      </Text>
      {billing.phone && <Text>{billing.phone}</Text>}
      <Text size="sm">
        {billing.invoiceMethod === 'email'
          ? t('marketSuppliers.link.invoiceMethod.email', { email: billing.invoiceEmail ?? '' })
          : t(`marketSuppliers.link.invoiceMethod.${billing.invoiceMethod}`)}
      </Text>
    </address>
  );
}
