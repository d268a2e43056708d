import {
  type CurrencyCode,
  ORDER_LIMITS,
  ORDER_TYPES,
  type Order,
  OrderInput,
  OrderUpdate,
  SETTABLE_ORDER_STATUSES,
  wineDisplayName,
} from '@kork/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field';
import { currentLocale } from '../../i18n/i18n';
import { apiFieldErrors, errorMessage, schemaErrors, translateMessage } from '../../lib/form-schema';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notify';
import { minorText, moneyTextError, schemaMoney, schemaNumber } from '../../lib/number-text';
import { useVocabulary } from '../../lib/wine-text';
import { orderCatalogueQuery, orderCellarWinesQuery } from './api/order-reads';
import { useCreateOrder, useUpdateOrder } from './api/orders';
import {
  emptyOrder,
  MAX_ORDER_LINES,
  type OrderFormValues,
  type OrderLineValues,
  orderValues,
  toOrderInput,
  toOrderUpdate,
} from './order-lines';
import classes from './orders-page.module.css';

interface OrderFormProps {
  opened: boolean;
  onClose: () => void;
  onSaved?: (order: Order) => void;
  userId: string;
  currency: CurrencyCode;
  /** The order to edit; a new order without it. */
  order?: Order;
}

/** "New order" or editing one; full screen on phones, mounted only while open. */
export function OrderForm({ opened, onClose, ...rest }: OrderFormProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={rest.order ? t('ordersPage.form.editTitle') : t('ordersPage.form.title')}
      fullScreen={phone}
      size="xl"
      closeButtonProps={{ 'aria-label': t('ordersPage.detail.close') }}
    >
      {opened && <OrderFormBody {...rest} onDone={onClose} />}
    </Modal>
  );
}

let lineKeys = 0;

function OrderFormBody({
  userId,
  currency,
  order,
  onSaved,
  onDone,
}: Omit<OrderFormProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const create = useCreateOrder(userId);
  const update = useUpdateOrder(userId);
  const [failure, setFailure] = useState<string>();
  const productsLocked = order !== undefined && order.receivedUnits > 0;
  const statusLocked =
    order !== undefined && (order.status === 'received' || order.status === 'partlyReceived');

  const form = useForm<OrderFormValues>({
    initialValues: order ? orderValues(order, currency, locale) : emptyOrder(),
    validate: (values) => {
      const errors: Record<string, string> = order
        ? schemaErrors(OrderUpdate, toOrderUpdate(values, order, currency, locale))
        : schemaErrors(OrderInput, toOrderInput(values, currency, locale));
      values.products.forEach((line, index) => {
        const decimals = moneyTextError(line.unitCost, currency, locale);
        if (decimals) errors[`products.${index}.unitCost`] = translateMessage(decimals);
      });
      return errors;
    },
  });
  const values = form.getValues();
  const total = values.products.reduce((sum, line) => {
    const units = schemaNumber(line.units, locale);
    const cost = schemaMoney(line.unitCost, currency, locale);
    return units !== null && cost !== null && !Number.isNaN(units) && !Number.isNaN(cost)
      ? sum + units * cost
      : sum;
  }, 0);

  const submit = form.onSubmit(async (formValues) => {
    setFailure(undefined);
    try {
      const saved = order
        ? await update.mutateAsync({
            orderId: order.id,
            changes: toOrderUpdate(formValues, order, currency, locale) as OrderUpdate,
          })
        : await create.mutateAsync(toOrderInput(formValues, currency, locale) as OrderInput);
      notify.success(order ? t('ordersPage.form.saved') : t('ordersPage.form.created'));
      onDone();
      onSaved?.(saved);
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      setFailure(errorMessage(error));
    }
  });

  function addLine(line: Omit<OrderLineValues, 'key' | 'units'>) {
    lineKeys += 1;
    form.insertListItem('products', { ...line, key: `new-${lineKeys}`, units: '1' });
  }

  const statusOptions = SETTABLE_ORDER_STATUSES.map((value) => ({
    value,
    label: t(`ordersPage.statuses.${value}`),
  }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('ordersPage.form.type')}
            data={ORDER_TYPES.map((value) => ({ value, label: t(`ordersPage.types.${value}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('type')}
          />
          <TextInput
            label={t('ordersPage.form.orderId')}
            maxLength={ORDER_LIMITS.orderIdMax}
            {...form.getInputProps('orderId')}
          />
          {statusLocked ? (
            <TextInput
              label={t('ordersPage.form.status')}
              value={t(`ordersPage.statuses.${order.status}`)}
              readOnly
              description={t('ordersPage.form.statusFollows')}
            />
          ) : (
            <Select
              label={t('ordersPage.form.status')}
              data={statusOptions}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('status')}
            />
          )}
          <TextInput
            label={t('ordersPage.form.supplier')}
            maxLength={ORDER_LIMITS.supplierMax}
            {...form.getInputProps('supplier')}
          />
          <TextInput
            type="date"
            label={t('ordersPage.form.orderDate')}
            {...form.getInputProps('orderDate')}
          />
          <TextInput
            type="date"
            label={t('ordersPage.form.deliveryDate')}
            {...form.getInputProps('deliveryDate')}
          />
        </SimpleGrid>

        <section aria-labelledby="order-products-title">
          <Title order={2} size="h5" id="order-products-title" mb="xs">
            {t('ordersPage.form.products')}
          </Title>
          {productsLocked ? (
            <Text size="sm" c="dimmed" mb="xs">
              {t('ordersPage.form.productsLocked')}
            </Text>
          ) : (
            values.products.length < MAX_ORDER_LINES && (
              <ProductPicker userId={userId} currency={currency} onPick={addLine} />
            )
          )}
          {typeof form.errors.products === 'string' && (
            <Text c="red.8" size="sm" mt="xs" role="alert">
              {form.errors.products}
            </Text>
          )}
          <ul className={classes.lines} aria-label={t('ordersPage.form.lines')} style={{ marginTop: 8 }}>
            {values.products.map((line, index) => (
              <li key={line.key} className={classes.line} data-testid="order-form-line">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <div className={classes.grow}>
                    <Text fw={600} size="sm" className={classes.wrap}>
                      {line.name}
                    </Text>
                    {line.wineId && (
                      <Text size="xs" c="dimmed">
                        {t('ordersPage.form.fromCatalogue')}
                      </Text>
                    )}
                    {form.errors[`products.${index}.ownWineId`] && (
                      <Text size="xs" c="red.8">
                        {form.errors[`products.${index}.ownWineId`]}
                      </Text>
                    )}
                  </div>
                  {!productsLocked && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('ordersPage.form.removeLine', { name: line.name })}
                      onClick={() => form.removeListItem('products', index)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
                <SimpleGrid cols={{ base: 2 }} spacing="xs" mt={4}>
                  <NumberField
                    label={t('ordersPage.form.units')}
                    decimals={0}
                    description={null}
                    disabled={productsLocked}
                    {...form.getInputProps(`products.${index}.units`)}
                  />
                  <NumberField
                    label={t('ordersPage.form.unitCost')}
                    decimals={2}
                    suffix={currency}
                    description={null}
                    disabled={productsLocked}
                    {...form.getInputProps(`products.${index}.unitCost`)}
                  />
                </SimpleGrid>
              </li>
            ))}
          </ul>
        </section>

        <Textarea
          label={t('ordersPage.form.note')}
          autosize
          minRows={2}
          maxLength={ORDER_LIMITS.noteMax}
          {...form.getInputProps('note')}
        />
        <Group justify="space-between" align="center" gap="sm">
          <Text fw={700} className={classes.money}>
            {t('ordersPage.form.total', { amount: formatMoney(total, currency, locale) })}
          </Text>
          <Button type="submit" radius="xl" loading={create.isPending || update.isPending}>
            {order ? t('ordersPage.form.save') : t('ordersPage.form.submit')}
          </Button>
        </Group>
        {failure && (
          <Alert color="red" role="alert" title={t('ordersPage.form.refused')}>
            {failure}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** Adds a line: a wine of the cellar, or a catalogue wine that joins the cellar when it arrives. */
function ProductPicker({
  userId,
  currency,
  onPick,
}: {
  userId: string;
  currency: CurrencyCode;
  onPick: (line: Omit<OrderLineValues, 'key' | 'units'>) => void;
}) {
  const { t } = useTranslation();
  const vocabulary = useVocabulary();
  const locale = currentLocale();
  const [source, setSource] = useState<'cellar' | 'catalogue'>('cellar');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const cellar = useQuery({
    ...orderCellarWinesQuery(userId, term),
    enabled: source === 'cellar' && term.length >= 2,
  });
  const catalogue = useQuery({
    ...orderCatalogueQuery(term),
    enabled: source === 'catalogue' && term.length >= 2,
  });
  const busy = source === 'cellar' ? cellar.isFetching : catalogue.isFetching;
  const results =
    source === 'cellar'
      ? (cellar.data?.rows ?? []).map((wine) => ({
          id: wine.id,
          name: wine.wineDisplayName,
          facts: t('ordersPage.bottles', { count: wine.quantity }),
          pick: () =>
            onPick({
              ownWineId: wine.id,
              name: wine.wineDisplayName,
              unitCost: minorText(wine.purchasePriceWovat, currency, locale),
            }),
        }))
      : (catalogue.data?.rows ?? []).map((wine) => {
          const name = [wineDisplayName({ wineName: wine.name, producerName: wine.producer }), wine.vintage]
            .filter(Boolean)
            .join(' ');
          return {
            id: wine.id,
            name,
            facts: [wine.producer, vocabulary('country', wine.country)].filter(Boolean).join(' · '),
            pick: () => onPick({ wineId: wine.id, name, unitCost: '' }),
          };
        });
  const ready = term.length >= 2 && (source === 'cellar' ? cellar.data : catalogue.data);

  return (
    <Stack gap="xs">
      <SegmentedControl
        value={source}
        onChange={(value) => setSource(value as 'cellar' | 'catalogue')}
        data={[
          { value: 'cellar', label: t('ordersPage.form.fromCellar') },
          { value: 'catalogue', label: t('ordersPage.form.fromCatalogueTab') },
        ]}
      />
      <TextInput
        type="search"
        label={
          source === 'cellar' ? t('ordersPage.form.findCellarWine') : t('ordersPage.form.findCatalogueWine')
        }
        placeholder={t('ordersPage.form.findPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={busy ? <Loader size="xs" /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {ready && (
        <ul className={classes.results} aria-label={t('ordersPage.form.results')}>
          {results.length === 0 && (
            <li>
              <Text size="sm" c="dimmed">
                {t('ordersPage.form.noResults')}
              </Text>
            </li>
          )}
          {results.map((result) => (
            <li key={result.id}>
              <UnstyledButton
                className={classes.result}
                aria-label={t('ordersPage.form.addWine', { name: result.name })}
                onClick={() => {
                  result.pick();
                  setSearch('');
                }}
              >
                <Text size="sm" fw={600} className={classes.wrap}>
                  {result.name}
                </Text>
                {result.facts && (
                  <Text size="xs" c="dimmed">
                    {result.facts}
                  </Text>
                )}
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
