import type { CellarLocation, CurrencyCode } from '@kork/shared';
import { Alert, Button, Drawer, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPackageImport, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { currentLocale } from '../../i18n/i18n';
import { formatDay } from '../../lib/format-day';
import { formatCount, formatDecimal } from '../../lib/format-number';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notify';
import { DutiesNote } from '../marketplace/suppliers/duties-note';
import { useDeleteOrder, useOrder } from './api/orders';
import { LineAnswer, MarketplaceFacts, SupplierStateBadge, supplierOf } from './marketplace-info';
import { OrderStatusBadge } from './order-badges';
import { lineDutiesFigure, OrderDutiesTotal } from './order-duties';
import { OrderForm } from './order-form';
import { outstanding } from './order-lines';
import classes from './orders-page.module.css';
import { ReceiveModal } from './receive-modal';

interface OrderDetailProps {
  orderId: string | undefined;
  onClose: () => void;
  userId: string;
  locations: CellarLocation[];
  currency: CurrencyCode;
}

type Dialog = 'edit' | 'delete' | 'receive';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" className={classes.wrap}>
        {children}
      </Text>
    </div>
  );
}

/** One order: its lines with what has arrived, and editing, deleting and receiving it. */
export function OrderDetail({ orderId, onClose, userId, locations, currency }: OrderDetailProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const order = useOrder(userId, orderId);
  const remove = useDeleteOrder(userId);
  const [dialog, setDialog] = useState<Dialog>();
  const data = order.data;
  const canReceive =
    data !== undefined && data.status !== 'cancelled' && data.products.some((line) => outstanding(line) > 0);

  return (
    <>
      <Drawer
        opened={orderId !== undefined && dialog === undefined}
        onClose={onClose}
        position="right"
        size={phone ? '100%' : 'lg'}
        title={
          data
            ? t('ordersPage.detail.title', { name: data.orderId ?? formatDay(data.orderDate, locale) })
            : t('ordersPage.detail.loading')
        }
        closeButtonProps={{ 'aria-label': t('ordersPage.detail.close') }}
      >
        {order.isPending && <Skeleton height={160} aria-busy="true" />}
        {order.isError && <Alert color="red">{t('ordersPage.detail.loadError')}</Alert>}
        {data && (
          <Stack gap="md">
            <Group gap="sm" data-testid="order-status">
              <OrderStatusBadge status={data.status} />
              <SupplierStateBadge order={data} />
              <Text size="sm">{t(`ordersPage.types.${data.type}`)}</Text>
            </Group>
            <Group gap="lg" align="flex-start">
              <Fact label={t('ordersPage.columns.orderDate')}>{formatDay(data.orderDate, locale)}</Fact>
              {data.deliveryDate && (
                <Fact label={t('ordersPage.form.deliveryDate')}>{formatDay(data.deliveryDate, locale)}</Fact>
              )}
              {supplierOf(data) && <Fact label={t('ordersPage.columns.supplier')}>{supplierOf(data)}</Fact>}
              <Fact label={t('ordersPage.form.source')}>{t(`ordersPage.sources.${data.source}`)}</Fact>
            </Group>
            <section aria-labelledby="order-detail-lines">
              <Title order={3} size="h6" id="order-detail-lines" mb={4}>
                {t('ordersPage.form.products')}
              </Title>
              <Table.ScrollContainer minWidth={460}>
                <Table verticalSpacing={6} fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('ordersPage.detail.wine')}</Table.Th>
                      <Table.Th ta="right">{t('ordersPage.detail.ordered')}</Table.Th>
                      <Table.Th ta="right">{t('ordersPage.detail.received')}</Table.Th>
                      <Table.Th ta="right">{t('ordersPage.detail.outstanding')}</Table.Th>
                      <Table.Th ta="right">{t('ordersPage.form.unitCost')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.products.map((line) => (
                      <Table.Tr key={line.lineId} data-testid="order-line">
                        <Table.Td className={classes.wrap}>
                          {line.wineDisplayName}
                          {data.marketplace && <LineAnswer line={line} info={data.marketplace} />}
                        </Table.Td>
                        <Table.Td ta="right">{formatCount(line.units, locale)}</Table.Td>
                        <Table.Td ta="right">{formatCount(line.received, locale)}</Table.Td>
                        <Table.Td ta="right">{formatCount(outstanding(line), locale)}</Table.Td>
                        <Table.Td ta="right" className={classes.money}>
                          {formatMoney(line.unitCost, data.currency, locale)}
                          <br />
                          <DutiesNote
                            duties={lineDutiesFigure(line.duties, data.currency, locale)}
                            label="perBottle"
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Text size="sm" ta="right" fw={700} mt={4} className={classes.money}>
                {t('ordersPage.detail.total', { amount: formatMoney(data.totalCost, data.currency, locale) })}
              </Text>
              {data.duties && <OrderDutiesTotal duties={data.duties} currency={data.currency} />}
              {data.exchangeRate && (
                <Text size="xs" c="dimmed" ta="right" data-testid="order-rate">
                  {t('ordersPage.detail.converted', {
                    from: data.exchangeRate.from,
                    to: data.exchangeRate.to,
                    rate: formatDecimal(data.exchangeRate.nokPerUnit, locale, 4, 2),
                    date: formatDay(data.exchangeRate.date, locale),
                  })}
                </Text>
              )}
            </section>
            {data.marketplace && <MarketplaceFacts order={data} info={data.marketplace} />}
            {data.note && (
              <Fact label={t('ordersPage.form.note')}>
                <span style={{ whiteSpace: 'pre-line' }}>{data.note}</span>
              </Fact>
            )}
            <Text size="xs" c="dimmed">
              {t('ordersPage.detail.createdBy', { name: data.createdByName })}
            </Text>
            <Group gap="xs">
              {canReceive && (
                <Button
                  radius="xl"
                  leftSection={<IconPackageImport size={16} aria-hidden />}
                  onClick={() => setDialog('receive')}
                >
                  {t('ordersPage.receive.open')}
                </Button>
              )}
              <Button
                radius="xl"
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setDialog('edit')}
              >
                {t('ordersPage.detail.edit')}
              </Button>
              <Button
                radius="xl"
                variant="outline"
                color="red.9"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDialog('delete')}
              >
                {t('ordersPage.detail.delete')}
              </Button>
            </Group>
          </Stack>
        )}
      </Drawer>
      {data && (
        <>
          <OrderForm
            opened={dialog === 'edit'}
            onClose={() => setDialog(undefined)}
            userId={userId}
            currency={currency}
            order={data}
          />
          <ReceiveModal
            opened={dialog === 'receive'}
            onClose={() => setDialog(undefined)}
            userId={userId}
            order={data}
            locations={locations}
          />
          <ConfirmModal
            opened={dialog === 'delete'}
            onClose={() => setDialog(undefined)}
            title={t('ordersPage.detail.deleteTitle')}
            confirmLabel={t('ordersPage.detail.deleteConfirm')}
            onConfirm={async () => {
              await remove.mutateAsync(data.id);
              notify.success(t('ordersPage.detail.deleted'));
              setDialog(undefined);
              onClose();
            }}
          >
            <Text>{t('ordersPage.detail.deleteText')}</Text>
          </ConfirmModal>
        </>
      )}
    </>
  );
}
