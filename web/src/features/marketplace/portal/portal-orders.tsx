import type { SupplierOrderView } from '@kork/shared';
import { Alert, Anchor, Badge, Button, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-schema';
import { formatPrice } from '../../../lib/wine-text';
import { SupplierOrderAnswer } from '../supplier-order-answer';
import classes from './portal.module.css';
import { useAnswerPortalOrder, usePortalOrder, usePortalOrders, WAITING_COLOR } from './portal-queries';

type Opened = { ownerId: string; orderId: string };

/** The importer's inbox: orders waiting for its answer first, then those it answered; each opens its answer form. */
export function PortalOrders() {
  const [opened, setOpened] = useState<Opened | null>(null);
  if (opened) return <PortalOrder {...opened} onBack={() => setOpened(null)} />;
  return (
    <Stack gap="xl">
      <OrderList state="waiting" onOpen={setOpened} />
      <OrderList state="answered" onOpen={setOpened} />
    </Stack>
  );
}

function OrderList({ state, onOpen }: { state: 'waiting' | 'answered'; onOpen: (order: Opened) => void }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const orders = usePortalOrders(state, page);
  const headingId = `portal-orders-${state}`;
  const pages = Math.max(1, Math.ceil((orders.data?.count ?? 0) / 20));
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId} fz="h3">
          {t(`supplierPortal.orders.${state}`)}
          {orders.data ? ` (${orders.data.count})` : ''}
        </Title>
        {orders.isError && !orders.data && (
          <Alert color="red.9" variant="outline">
            <Group justify="space-between">
              <Text size="sm">{errorMessage(orders.error)}</Text>
              <Button variant="default" size="xs" onClick={() => void orders.refetch()}>
                {t('supplierPortal.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {!orders.data && !orders.isError && <Skeleton height={80} />}
        {orders.data?.rows.length === 0 && <Text c="dimmed">{t(`supplierPortal.orders.none.${state}`)}</Text>}
        {orders.data && orders.data.rows.length > 0 && (
          <ul className={classes.orders} aria-busy={orders.isFetching}>
            {orders.data.rows.map((order) => (
              <OrderRow key={`${order.ownerId}/${order.orderId}`} order={order} date={date} onOpen={onOpen} />
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav aria-label={t('supplierPortal.orders.pages', { state: t(`supplierPortal.orders.${state}`) })}>
            <Pagination
              getControlProps={(control) => ({ 'aria-label': t(`supplierPortal.pagination.${control}`) })}
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              siblings={1}
              boundaries={1}
            />
          </nav>
        )}
      </Stack>
    </section>
  );
}

function OrderRow({
  order,
  date,
  onOpen,
}: {
  order: SupplierOrderView;
  date: Intl.DateTimeFormat;
  onOpen: (order: Opened) => void;
}) {
  const { t, i18n } = useTranslation();
  const bottles = order.lines.reduce((sum, line) => sum + line.units, 0);
  return (
    <li className={classes.order} data-testid="portal-order">
      <div>
        <Text fw={600}>{order.buyerName}</Text>
        <Text size="sm" c="dimmed">
          {date.format(new Date(order.placedAt))} ·{' '}
          {t('supplierPortal.orders.summary', { count: order.lines.length, bottles })} ·{' '}
          {formatPrice(order.totalCost / 100, order.currency, i18n.resolvedLanguage)}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap">
        <Badge
          variant="outline"
          radius="sm"
          tt="none"
          color={order.supplierState === 'waiting' ? WAITING_COLOR : 'teal.9'}
        >
          {t(`supplierPortal.orders.state.${order.supplierState}`)}
        </Badge>
        <Button
          size="xs"
          variant={order.supplierState === 'waiting' ? 'filled' : 'default'}
          aria-label={t('supplierPortal.orders.openOf', { name: order.buyerName })}
          onClick={() => onOpen({ ownerId: order.ownerId, orderId: order.orderId })}
        >
          {order.supplierState === 'waiting'
            ? t('supplierPortal.orders.answer')
            : t('supplierPortal.orders.open')}
        </Button>
      </Group>
    </li>
  );
}

function PortalOrder({ ownerId, orderId, onBack }: Opened & { onBack: () => void }) {
  const { t } = useTranslation();
  const order = usePortalOrder(ownerId, orderId);
  const answer = useAnswerPortalOrder(ownerId, orderId);
  return (
    <Stack gap="md">
      <Anchor component="button" type="button" size="sm" onClick={onBack} w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('supplierPortal.orders.back')}
        </Group>
      </Anchor>
      {order.isError && (
        <Alert color="red.9" variant="outline">
          {errorMessage(order.error)}
        </Alert>
      )}
      {!order.data && !order.isError && <Skeleton height={300} />}
      {order.data && <SupplierOrderAnswer view={order.data} onAnswer={answer} />}
    </Stack>
  );
}
