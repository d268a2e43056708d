import { ORDER_STATUSES, ORDER_TYPES, type Order, type OrderStatus, type OrderType } from '@kork/shared';
import {
  Alert,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { formatDay } from '../../lib/format-day';
import { formatMoney } from '../../lib/money';
import { CellarOwnerPage } from '../cellar/cellar-owner-page';
import { useCellarSettings, useLocations } from '../sales/sales-shared';
import { type OrdersFilter, useOrders } from './api/orders';
import { ImporterPanel } from './importer-panel';
import { SupplierStateBadge, supplierOf } from './marketplace-info';
import { OrderStatusBadge } from './order-badges';
import { OrderDetail } from './order-detail';
import { OrderForm } from './order-form';
import classes from './orders-page.module.css';

export const ORDERS_PATH = '/wine-cellar/orders';
const PAGE_SIZE = 25;

/** The cellar's orders (SPEC §3 Order): the list by status, an order's lines, receiving, importers. */
export function OrdersPage() {
  const { t } = useTranslation();
  return (
    <CellarOwnerPage
      title={t('ordersPage.title')}
      path={ORDERS_PATH}
      signedOut={t('ordersPage.signedOut')}
      signIn={t('ordersPage.signIn')}
    >
      {(userId) => <OrdersOverview key={userId} userId={userId} />}
    </CellarOwnerPage>
  );
}

/** "12 of 20 received" or "20 bottles". */
function useUnitsText() {
  const { t } = useTranslation();
  return (order: Order) =>
    order.receivedUnits > 0
      ? t('ordersPage.receivedOf', { received: order.receivedUnits, count: order.units })
      : t('ordersPage.bottles', { count: order.units });
}

function OrdersOverview({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const unitsText = useUnitsText();
  const [statuses, setStatuses] = useState<string[]>([]);
  const [type, setType] = useState<OrderType | null>(null);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string>();

  const filter: OrdersFilter = useMemo(
    () => ({
      page,
      resultsPerPage: PAGE_SIZE,
      ...(statuses.length > 0 ? { status: statuses } : {}),
      ...(type ? { type } : {}),
      ...(term ? { search: term } : {}),
    }),
    [page, statuses, type, term],
  );
  const orders = useOrders(userId, filter);
  const cellar = useCellarSettings(userId);
  const locations = useLocations(userId);
  const rows = orders.data?.rows ?? [];
  const count = orders.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const filtered = statuses.length > 0 || type !== null || term !== '';
  const money = (order: Order) => formatMoney(order.totalCost, order.currency, locale);

  return (
    <div className={classes.page}>
      <header className={classes.intro}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <div className={classes.heading}>
            <Title order={1} className={classes.title}>
              {t('ordersPage.title')}
            </Title>
            <Text c="dimmed">{t('ordersPage.intro')}</Text>
          </div>
          <Button
            radius="xl"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {t('ordersPage.create')}
          </Button>
        </Group>
      </header>

      <Paper
        withBorder
        radius="md"
        p="sm"
        mb="md"
        component="section"
        aria-label={t('ordersPage.filters.label')}
      >
        <Group gap={6} mb="sm" role="group" aria-label={t('ordersPage.filters.status')}>
          {ORDER_STATUSES.map((status) => {
            const on = statuses.includes(status);
            return (
              <Button
                key={status}
                size="compact-sm"
                radius="xl"
                variant={on ? 'filled' : 'default'}
                aria-pressed={on}
                onClick={() => {
                  setStatuses((current) =>
                    on ? current.filter((value) => value !== status) : [...current, status],
                  );
                  setPage(1);
                }}
              >
                {t('ordersPage.filters.statusCount', {
                  status: t(`ordersPage.statuses.${status}`),
                  count: orders.data?.byStatus[status as OrderStatus] ?? 0,
                })}
              </Button>
            );
          })}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="search"
            label={t('ordersPage.filters.search')}
            placeholder={t('ordersPage.filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            label={t('ordersPage.filters.type')}
            placeholder={t('ordersPage.filters.allTypes')}
            clearable
            data={ORDER_TYPES.map((value) => ({ value, label: t(`ordersPage.types.${value}`) }))}
            value={type}
            onChange={(value) => {
              setType(value as OrderType | null);
              setPage(1);
            }}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
      </Paper>

      {orders.isError && !orders.data && (
        <Alert color="red" title={t('ordersPage.loadError')}>
          <Button variant="light" size="xs" onClick={() => void orders.refetch()}>
            {t('ordersPage.retry')}
          </Button>
        </Alert>
      )}
      {orders.isPending && (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      )}
      {orders.data && rows.length === 0 && (
        <div className={classes.empty}>
          <Text fw={600}>{filtered ? t('ordersPage.noMatch') : t('ordersPage.empty.title')}</Text>
          {!filtered && <Text c="dimmed">{t('ordersPage.empty.text')}</Text>}
        </div>
      )}
      {rows.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={720} className={classes.table}>
            <Table highlightOnHover verticalSpacing="xs">
              <Table.Caption>{t('ordersPage.caption', { count })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ordersPage.columns.orderDate')}</Table.Th>
                  <Table.Th>{t('ordersPage.columns.orderId')}</Table.Th>
                  <Table.Th>{t('ordersPage.columns.type')}</Table.Th>
                  <Table.Th>{t('ordersPage.columns.supplier')}</Table.Th>
                  <Table.Th>{t('ordersPage.columns.status')}</Table.Th>
                  <Table.Th ta="right">{t('ordersPage.columns.units')}</Table.Th>
                  <Table.Th ta="right">{t('ordersPage.columns.totalCost')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      <UnstyledButton className={classes.link} onClick={() => setOpenId(order.id)}>
                        {formatDay(order.orderDate, locale)}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td className={classes.wrap}>{order.orderId ?? '–'}</Table.Td>
                    <Table.Td>{t(`ordersPage.types.${order.type}`)}</Table.Td>
                    <Table.Td className={classes.wrap}>{supplierOf(order) ?? ''}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <OrderStatusBadge status={order.status} />
                        <SupplierStateBadge order={order} />
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" className={classes.numbers}>
                      {unitsText(order)}
                    </Table.Td>
                    <Table.Td ta="right" className={classes.money}>
                      {money(order)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ul className={classes.cards} aria-label={t('ordersPage.listLabel')}>
            {rows.map((order) => (
              <li key={order.id}>
                <UnstyledButton className={classes.card} onClick={() => setOpenId(order.id)}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="sm" fw={600} className={classes.wrap}>
                      {formatDay(order.orderDate, locale)}
                      {order.orderId ? ` · ${order.orderId}` : ''}
                    </Text>
                    <OrderStatusBadge status={order.status} />
                  </Group>
                  <Text size="xs" c="dimmed" className={classes.wrap}>
                    {[t(`ordersPage.types.${order.type}`), supplierOf(order)].filter(Boolean).join(' · ')}
                  </Text>
                  <SupplierStateBadge order={order} />
                  <Group justify="space-between" gap="xs">
                    <Text size="sm">{unitsText(order)}</Text>
                    <Text size="sm" fw={700} className={classes.money}>
                      {money(order)}
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <Group justify="center" mt="md">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': t(`ordersPage.pagination.${control}`) })}
                getItemProps={(item) => ({ 'aria-label': t('ordersPage.pagination.page', { page: item }) })}
              />
            </Group>
          )}
          <Text size="xs" c="dimmed" mt="xs">
            {t('ordersPage.count', { count })}
          </Text>
        </>
      )}

      <ImporterPanel userId={userId} />

      <OrderForm
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(order) => setOpenId(order.id)}
        userId={userId}
        currency={cellar.data?.baseCurrency ?? orders.data?.currency ?? 'NOK'}
      />
      <OrderDetail
        orderId={openId}
        onClose={() => setOpenId(undefined)}
        userId={userId}
        locations={locations.data ?? []}
        currency={cellar.data?.baseCurrency ?? orders.data?.currency ?? 'NOK'}
      />
    </div>
  );
}
