import { type Order, SUPPLIER_CONFIRMATION_HOURS } from '@kork/shared';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { currentLocale } from '../../../i18n/i18n';
import { formatDay } from '../../../lib/format-day';
import { formatCount, formatDecimal } from '../../../lib/format-number';
import { formatMoney } from '../../../lib/money';
import classes from '../cart/cart.module.css';
import { useCheckout } from '../cart/cart-queries';
import { MarketGate } from '../cart/market-gate';

const ORDERS_PATH = '/wine-cellar/orders';

/** /cart/confirmation/:checkoutId: the orders a checkout placed, one per supplier; works after a reload. */
export function ConfirmationPage() {
  const { t } = useTranslation();
  const { checkoutId = '' } = useParams();
  return (
    <MarketGate
      title={t('marketCart.confirmation.title')}
      path={`/cart/confirmation/${encodeURIComponent(checkoutId)}`}
    >
      {(cellarId) => <Confirmation cellarId={cellarId} checkoutId={checkoutId} />}
    </MarketGate>
  );
}

function Confirmation({ cellarId, checkoutId }: { cellarId: string; checkoutId: string }) {
  const { t } = useTranslation();
  const checkout = useCheckout(cellarId, checkoutId);
  if (checkout.isPending)
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={36} width="40%" />
        <Skeleton height={160} />
      </Stack>
    );
  if (checkout.isError || !checkout.data)
    return (
      <Stack gap="sm">
        <Title order={1}>{t('marketCart.confirmation.title')}</Title>
        <Alert color="red.9" variant="outline" title={t('marketCart.confirmation.loadError')}>
          <Group gap="sm">
            <Button variant="default" size="xs" onClick={() => void checkout.refetch()}>
              {t('marketCart.retry')}
            </Button>
            <Anchor component={Link} to={ORDERS_PATH} size="sm">
              {t('marketCart.confirmation.toOrders')}
            </Anchor>
          </Group>
        </Alert>
      </Stack>
    );
  const { orders } = checkout.data;
  return (
    <Stack gap="md" className={classes.page} maw={760}>
      <Group gap="sm" wrap="nowrap" align="center">
        <IconCircleCheck size={32} color="var(--mantine-color-teal-9)" aria-hidden />
        <Title order={1}>{t('marketCart.confirmation.title')}</Title>
      </Group>
      <Text>
        {t('marketCart.confirmation.text', {
          count: orders.length,
          min: SUPPLIER_CONFIRMATION_HOURS.min,
          max: SUPPLIER_CONFIRMATION_HOURS.max,
        })}
      </Text>
      {orders.map((order) => (
        <PlacedOrder key={order.id} order={order} />
      ))}
      {(checkout.data.keptSupplierIds?.length ?? 0) > 0 && (
        <Alert color="orange.9" variant="outline" data-testid="kept-in-cart">
          <Text size="sm">
            {t('marketCart.confirmation.keptInCart', { count: checkout.data.keptSupplierIds?.length ?? 0 })}{' '}
            <Anchor component={Link} to="/cart" inherit underline="always">
              {t('marketCart.confirmation.toCart')}
            </Anchor>
          </Text>
        </Alert>
      )}
      <Group gap="md">
        <Button component={Link} to={ORDERS_PATH} radius="xl">
          {t('marketCart.confirmation.toOrders')}
        </Button>
        <Anchor component={Link} to="/suppliers">
          {t('marketCart.confirmation.moreWines')}
        </Anchor>
      </Group>
    </Stack>
  );
}

function PlacedOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const supplier = order.marketplace?.supplierName ?? order.supplier ?? '';
  const headingId = `placed-${order.id}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="placed-order"
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Title order={2} size="h4" id={headingId} className={classes.wrap}>
            {supplier}
          </Title>
          {order.orderId && (
            <Text size="sm" c="dimmed">
              {t('marketCart.confirmation.number', { number: order.orderId })}
            </Text>
          )}
        </Group>
        <ul className={classes.lines}>
          {order.products.map((line) => (
            <li key={line.lineId}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" className={classes.wrap}>
                  {t('marketCart.checkout.lineQuantity', { count: line.units, name: line.wineDisplayName })}
                </Text>
                <Text size="sm" className={classes.money}>
                  {formatMoney(line.total, order.currency, locale)}
                </Text>
              </Group>
            </li>
          ))}
        </ul>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={700}>
            {t('marketCart.confirmation.total', {
              count: order.units,
              bottles: formatCount(order.units, locale),
            })}
          </Text>
          <Text size="sm" fw={700} className={classes.money}>
            {formatMoney(order.totalCost, order.currency, locale)}
          </Text>
        </Group>
        {order.exchangeRate && (
          <Text size="xs" c="dimmed" data-testid="order-rate">
            {t('marketCart.confirmation.converted', {
              from: order.exchangeRate.from,
              to: order.exchangeRate.to,
              rate: formatDecimal(order.exchangeRate.nokPerUnit, locale, 4, 2),
              date: formatDay(order.exchangeRate.date, locale),
            })}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {order.deliveryDate
            ? t('marketCart.confirmation.expected', { date: formatDay(order.deliveryDate, locale) })
            : t('marketCart.confirmation.expectedLater')}
        </Text>
      </Stack>
    </Paper>
  );
}
