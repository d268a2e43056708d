import { type CellarLocation, type CellarWine, type Order, ReceiveInput, UNCATEGORIZED } from '@kork/shared';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field';
import { currentLocale } from '../../i18n/i18n';
import { errorMessage, schemaErrors } from '../../lib/form-schema';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notify';
import { schemaNumber } from '../../lib/number-text';
import { locationNames } from '../sales/sales-shared';
import { orderCellarWineQuery } from './api/order-reads';
import { useReceiveOrder } from './api/orders';
import { allOutstanding, outstanding, receivePreview, type StockBefore } from './order-lines';
import classes from './orders-page.module.css';

interface ReceiveModalProps {
  opened: boolean;
  onClose: () => void;
  userId: string;
  order: Order;
  locations: CellarLocation[];
}

/** "Receive": into one location, everything outstanding or some bottles per line, with the new purchase prices shown first. */
export function ReceiveModal({ opened, onClose, ...rest }: ReceiveModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('ordersPage.receive.title')}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t('ordersPage.detail.close') }}
    >
      {opened && <ReceiveBody {...rest} onDone={onClose} />}
    </Modal>
  );
}

function ReceiveBody({
  userId,
  order,
  locations,
  onDone,
}: Omit<ReceiveModalProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const receive = useReceiveOrder(userId);
  const open = order.products.filter((line) => outstanding(line) > 0);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [mode, setMode] = useState<'all' | 'lines'>('all');
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(open.map((line) => [line.lineId, String(outstanding(line))])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  const wineIds = [...new Set(open.flatMap((line) => (line.ownWineId ? [line.ownWineId] : [])))];
  const wines = useQueries({ queries: wineIds.map((id) => orderCellarWineQuery(userId, id)) });
  const stock = new Map<string, StockBefore>();
  wines.forEach((query, index) => {
    const wine = query.data as CellarWine | undefined;
    const id = wineIds[index];
    if (wine && id) stock.set(id, { quantity: wine.quantity, purchasePriceWovat: wine.purchasePriceWovat });
  });
  const stockKnown = wines.every((query) => query.data !== undefined);

  const names = useMemo(() => locationNames(locations), [locations]);
  const locationOptions = [
    ...locations
      .map((location) => ({ value: location.id, label: names.get(location.id) ?? location.name }))
      .sort((a, b) => a.label.localeCompare(b.label, locale)),
    { value: UNCATEGORIZED, label: t('ordersPage.receive.uncategorized') },
  ];

  const plan = new Map<string, number>();
  if (mode === 'all') for (const [lineId, units] of allOutstanding(open)) plan.set(lineId, units);
  else
    for (const line of open) {
      const value = schemaNumber(typed[line.lineId] ?? '', locale);
      if (value !== null && Number.isInteger(value) && value > 0) plan.set(line.lineId, value);
    }
  const preview = receivePreview(open, plan, stock);

  async function confirm() {
    setFailure(undefined);
    const input = {
      locationId: locationId ?? undefined,
      // Decided on this version of the order: a receipt sent twice (a double tap, a retry) arrives once.
      version: order.version,
      ...(mode === 'lines'
        ? {
            lines: open
              .map((line) => ({
                lineId: line.lineId,
                units: schemaNumber(typed[line.lineId] ?? '', locale) ?? undefined,
              }))
              .filter((line) => line.units !== 0 && line.units !== undefined),
          }
        : {}),
    };
    const found = schemaErrors(ReceiveInput, input);
    // The schema numbers the lines sent (empty ones are left out): each message goes to the line it is about.
    input.lines?.forEach((sent, index) => {
      const rule = found[`lines.${index}.units`];
      if (rule === undefined) return;
      delete found[`lines.${index}.units`];
      found[`line.${sent.lineId}`] = rule;
    });
    for (const line of open) {
      const units = schemaNumber(typed[line.lineId] ?? '', locale);
      if (mode === 'lines' && !found[`line.${line.lineId}`] && units !== null && units > outstanding(line))
        found[`line.${line.lineId}`] = t('ordersPage.receive.tooMany', { count: outstanding(line) });
    }
    if (mode === 'lines' && (input.lines?.length ?? 0) === 0) found.lines = t('ordersPage.receive.nothing');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const after = await receive.mutateAsync({ orderId: order.id, input: input as ReceiveInput });
      notify.success(
        after.status === 'received' ? t('ordersPage.receive.doneAll') : t('ordersPage.receive.donePart'),
      );
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  const lineError = (lineId: string) => errors[`line.${lineId}`];

  return (
    <Stack gap="md">
      <Select
        label={t('ordersPage.receive.location')}
        placeholder={t('ordersPage.receive.locationPlaceholder')}
        data={locationOptions}
        value={locationId}
        onChange={setLocationId}
        searchable
        error={errors.locationId}
        comboboxProps={{ withinPortal: true }}
      />
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(value) => setMode(value as 'all' | 'lines')}
        data={[
          { value: 'all', label: t('ordersPage.receive.all') },
          { value: 'lines', label: t('ordersPage.receive.someLines') },
        ]}
      />
      {errors.lines && (
        <Text c="red.8" size="sm" role="alert">
          {errors.lines}
        </Text>
      )}
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ordersPage.detail.wine')}</Table.Th>
              <Table.Th ta="right">{t('ordersPage.receive.units')}</Table.Th>
              <Table.Th ta="right">{t('ordersPage.receive.newCost')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {open.map((line, index) => {
              const result = preview[index];
              return (
                <Table.Tr key={line.lineId} data-testid="receive-line">
                  <Table.Td className={classes.wrap}>
                    {line.wineDisplayName}
                    <Text size="xs" c="dimmed">
                      {t('ordersPage.receive.outstanding', {
                        count: outstanding(line),
                        cost: formatMoney(line.unitCost, order.currency, locale),
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" miw={96}>
                    {mode === 'all' ? (
                      outstanding(line)
                    ) : (
                      <NumberField
                        aria-label={t('ordersPage.receive.unitsOf', { name: line.wineDisplayName })}
                        decimals={0}
                        description={null}
                        value={typed[line.lineId] ?? ''}
                        onChange={(text) => setTyped((current) => ({ ...current, [line.lineId]: text }))}
                        error={lineError(line.lineId)}
                        size="xs"
                      />
                    )}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.money} data-testid="receive-average">
                    {result?.averageCost === undefined || !stockKnown
                      ? '–'
                      : formatMoney(result.averageCost, order.currency, locale)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {t('ordersPage.receive.costHint')}
      </Text>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" radius="xl" onClick={onDone}>
          {t('ordersPage.cancel')}
        </Button>
        <Button radius="xl" loading={receive.isPending} onClick={() => void confirm()}>
          {t('ordersPage.receive.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
