import {
  type MarketplaceOrderInfo,
  type Order,
  type OrderLine,
  SUPPLIER_CONFIRMATION_HOURS,
} from '@kork/shared';
import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { formatDay } from '../../lib/format-day';
import { formatCount } from '../../lib/format-number';
import { DARK_ORANGE } from '../marketplace/suppliers/supplier-text';
import classes from './orders-page.module.css';

/**
 * What a marketplace order adds to an order (SPEC §4: placed, then confirmed by each supplier): where it
 * stands with its supplier, the supplier's answer on each line, and the billing and delivery it was
 * placed with.
 */

/** The supplier's name of an order: its marketplace supplier, else the supplier typed in. */
export function supplierOf(order: Order): string | undefined {
  return order.marketplace?.supplierName ?? order.supplier;
}

/** "Waiting for supplier" (and "Reminder sent") while the supplier has not answered; nothing after. */
export function SupplierStateBadge({ order }: { order: Order }) {
  const { t } = useTranslation();
  const info = order.marketplace;
  if (info?.supplierState !== 'waiting' || order.status === 'cancelled') return null;
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={DARK_ORANGE} variant="outline" radius="sm" tt="none" miw="max-content">
        {t('ordersPage.marketplace.waiting')}
      </Badge>
      {info.remindedAt && (
        <Badge color="gray.8" variant="outline" radius="sm" tt="none" miw="max-content">
          {t('ordersPage.marketplace.reminded')}
        </Badge>
      )}
    </Group>
  );
}

/** The supplier's answer on one line: confirmed, changed ("6 → 4 bottles", a substitute) or rejected. */
export function LineAnswer({ line, info }: { line: OrderLine; info: MarketplaceOrderInfo }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const answer = info.answers[line.lineId];
  if (!answer || answer.state === 'waiting')
    return (
      <Text size="xs" c="dimmed" data-testid="line-answer">
        {t('ordersPage.marketplace.lineWaiting')}
      </Text>
    );
  const parts: string[] = [];
  if (answer.state === 'modified' && answer.orderedUnits !== line.units)
    parts.push(
      t('ordersPage.marketplace.quantityChanged', {
        count: line.units,
        from: formatCount(answer.orderedUnits, locale),
        to: formatCount(line.units, locale),
      }),
    );
  if (answer.substitute) parts.push(t('ordersPage.marketplace.substitute', { name: answer.substitute.name }));
  return (
    <Stack gap={2} data-testid="line-answer">
      <Text
        size="xs"
        fw={600}
        c={answer.state === 'rejected' ? 'red.9' : answer.state === 'modified' ? DARK_ORANGE : 'teal.9'}
      >
        {t(`ordersPage.marketplace.lineStates.${answer.state}`)}
        {parts.length > 0 ? `: ${parts.join('; ')}` : ''}
      </Text>
      {answer.comment && (
        <Text size="xs" c="dimmed" className={classes.wrap}>
          {t('ordersPage.marketplace.comment', { comment: answer.comment })}
        </Text>
      )}
    </Stack>
  );
}

/** Where the order stands with its supplier, and the billing and delivery it was placed with. */
export function MarketplaceFacts({ order, info }: { order: Order; info: MarketplaceOrderInfo }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { billing, delivery } = info;
  return (
    <Stack gap="sm" data-testid="marketplace-facts">
      <Text size="sm">
        {info.supplierState === 'answered' && info.answeredAt
          ? t('ordersPage.marketplace.answeredAt', {
              name: info.supplierName,
              date: formatDay(info.answeredAt, locale),
            })
          : t('ordersPage.marketplace.waitingText', {
              name: info.supplierName,
              min: SUPPLIER_CONFIRMATION_HOURS.min,
              max: SUPPLIER_CONFIRMATION_HOURS.max,
            })}
        {info.supplierState === 'answered' && order.deliveryDate
          ? ` ${t('ordersPage.marketplace.deliveryOn', { date: formatDay(order.deliveryDate, locale) })}`
          : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <section aria-labelledby={`billing-${order.id}`}>
          <Title order={3} size="h6" id={`billing-${order.id}`} mb={2}>
            {t('ordersPage.marketplace.billing')}
          </Title>
          <Text size="sm" className={classes.wrap}>
            {billing.name}
            <br />
            {t('ordersPage.marketplace.organizationNumber', { number: billing.organizationNumber })}
            <br />
            {billing.street}, {billing.postalCode} {billing.city}
            <br />
            {t(`ordersPage.marketplace.invoiceMethods.${billing.invoiceMethod}`)}
            {billing.invoiceEmail ? ` · ${billing.invoiceEmail}` : ''}
            {billing.phone ? ` · ${billing.phone}` : ''}
          </Text>
        </section>
        <section aria-labelledby={`delivery-${order.id}`}>
          <Title order={3} size="h6" id={`delivery-${order.id}`} mb={2}>
            {t('ordersPage.marketplace.delivery')}
          </Title>
          <Text size="sm" className={classes.wrap}>
            {delivery.recipient}
            {delivery.careOf ? ` · ${t('ordersPage.marketplace.careOf', { name: delivery.careOf })}` : ''}
            <br />
            {delivery.street}, {delivery.postalCode} {delivery.city}
            {delivery.phone || delivery.tineNumber ? <br /> : null}
            {[
              delivery.phone,
              delivery.tineNumber
                ? t('ordersPage.marketplace.tineNumber', { number: delivery.tineNumber })
                : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </section>
      </SimpleGrid>
    </Stack>
  );
}
