import {
  type Cellar,
  type CellarLocation,
  type CellarWine,
  type CurrencyCode,
  SALE_LIMITS,
  SaleInput,
  todayIso,
} from '@kork/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Collapse,
  Group,
  Loader,
  Modal,
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
import { IconChevronDown, IconChevronUp, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field';
import { currentLocale } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { apiFieldErrors, errorMessage, schemaErrors, translateMessage } from '../../lib/form-schema';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notify';
import { minorText, moneyTextError, schemaNumber } from '../../lib/number-text';
import { useCreateSale } from './api/sales';
import { saleWinePickQuery } from './api/sales-reads';
import {
  availableAt,
  canAddSaleLine,
  emptySale,
  lineTotal,
  newLine,
  placementId,
  type SaleFormValues,
  type SaleWine,
  saleTotal,
  startingUnitPrice,
  toSaleInput,
} from './sale-lines';
import classes from './sales-page.module.css';
import { locationName, locationNames } from './sales-shared';

interface SaleFormProps {
  opened: boolean;
  onClose: () => void;
  userId: string;
  cellar: Cellar | undefined;
  locations: CellarLocation[];
}

/** "Record sale": full screen on phones; the form is mounted only while open, so each sale starts empty. */
export function SaleForm({ opened, onClose, ...rest }: SaleFormProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('salesPage.form.title')}
      fullScreen={phone}
      size="xl"
      closeButtonProps={{ 'aria-label': t('salesPage.form.close') }}
    >
      {opened && <SaleFormBody {...rest} onDone={onClose} />}
    </Modal>
  );
}

function toSaleWine(wine: CellarWine): SaleWine {
  return {
    id: wine.id,
    wineDisplayName: wine.wineDisplayName,
    quantity: wine.quantity,
    placements: wine.placements,
    sellingPrice: wine.sellingPrice,
    pricePerGlass: wine.pricePerGlass,
    bottleSize: wine.bottleSize,
    glassSize: wine.glassSize,
  };
}

let lineKeys = 0;

function SaleFormBody({
  userId,
  cellar,
  locations,
  onDone,
}: Omit<SaleFormProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const code: CurrencyCode = cellar?.baseCurrency ?? 'NOK';
  const glassSize = cellar?.defaultGlassSize ?? 15;
  const create = useCreateSale(userId);
  const names = useMemo(() => locationNames(locations), [locations]);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [peopleOpen, setPeopleOpen] = useState(wide);
  const [refusal, setRefusal] = useState<string>();
  const peopleId = useId();

  const form = useForm<SaleFormValues>({
    initialValues: emptySale(),
    validate: (values) => {
      const errors: Record<string, string> = schemaErrors(SaleInput, toSaleInput(values, code, locale));
      values.products.forEach((line, index) => {
        const decimals = moneyTextError(line.unitPrice, code, locale);
        if (decimals) errors[`products.${index}.unitPrice`] = translateMessage(decimals);
      });
      return errors;
    },
  });
  const values = form.getValues();
  const total = saleTotal(values.products, code, locale);
  const money = (minor: number) => formatMoney(minor, code, locale);
  const where = (id: string | null) =>
    locationName(names, id, t('salesPage.uncategorized'), t('salesPage.unknownLocation'));

  const submit = form.onSubmit(async (formValues) => {
    setRefusal(undefined);
    try {
      await create.mutateAsync(toSaleInput(formValues, code, locale) as SaleInput);
      notify.success(t('salesPage.form.recorded'));
      onDone();
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      // The reason stays beside the form, and everything typed stays where it is.
      setRefusal(error instanceof ApiError ? translateMessage(error.message) : errorMessage(error));
    }
  });

  function addWine(wine: CellarWine) {
    lineKeys += 1;
    form.insertListItem('products', newLine(toSaleWine(wine), `line-${lineKeys}`, glassSize, code, locale));
    setRefusal(undefined);
  }

  const partyFields = (who: 'customer' | 'contactPerson') => (
    <fieldset className={classes.fieldset}>
      <legend>
        <Text fw={600} size="sm">
          {t(`salesPage.form.${who}`)}
        </Text>
      </legend>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          label={t('salesPage.form.firstName')}
          maxLength={SALE_LIMITS.nameMax}
          autoComplete="off"
          {...form.getInputProps(`${who}.firstName`)}
        />
        <TextInput
          label={t('salesPage.form.lastName')}
          maxLength={SALE_LIMITS.nameMax}
          autoComplete="off"
          {...form.getInputProps(`${who}.lastName`)}
        />
        <TextInput
          label={t('salesPage.form.phone')}
          type="tel"
          maxLength={SALE_LIMITS.phoneMax}
          autoComplete="off"
          {...form.getInputProps(`${who}.phone`)}
        />
        <TextInput
          label={t('salesPage.form.email')}
          type="email"
          maxLength={SALE_LIMITS.emailMax}
          autoComplete="off"
          {...form.getInputProps(`${who}.email`)}
        />
      </SimpleGrid>
      <Textarea
        mt="xs"
        label={t('salesPage.form.address')}
        autosize
        minRows={1}
        maxLength={SALE_LIMITS.addressMax}
        {...form.getInputProps(`${who}.address`)}
      />
    </fieldset>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="date"
            label={t('salesPage.form.date')}
            max={todayIso()}
            {...form.getInputProps('date')}
          />
          <TextInput
            label={t('salesPage.form.distributor')}
            maxLength={SALE_LIMITS.textMax}
            {...form.getInputProps('distributor')}
          />
          <TextInput
            label={t('salesPage.form.storeForDelivery')}
            maxLength={SALE_LIMITS.textMax}
            {...form.getInputProps('storeForDelivery')}
          />
        </SimpleGrid>

        <div>
          <UnstyledButton
            onClick={() => setPeopleOpen((open) => !open)}
            aria-expanded={peopleOpen}
            aria-controls={peopleId}
            className={classes.toggle}
          >
            <Group gap={6} wrap="nowrap">
              {peopleOpen ? (
                <IconChevronUp size={16} aria-hidden />
              ) : (
                <IconChevronDown size={16} aria-hidden />
              )}
              <Text fw={600} size="sm">
                {t('salesPage.form.people')}
              </Text>
            </Group>
          </UnstyledButton>
          <Collapse expanded={peopleOpen} id={peopleId}>
            <Stack gap="sm" mt="xs">
              {partyFields('customer')}
              {partyFields('contactPerson')}
            </Stack>
          </Collapse>
        </div>

        <section aria-labelledby="sale-products-title">
          <Title order={2} size="h5" id="sale-products-title" mb="xs">
            {t('salesPage.form.products')}
          </Title>
          {canAddSaleLine(values.products) && <WinePicker userId={userId} onPick={addWine} />}
          {typeof form.errors.products === 'string' && (
            <Text c="red.8" size="sm" mt="xs" role="alert">
              {form.errors.products}
            </Text>
          )}
          <ul className={classes.lines} aria-label={t('salesPage.form.lines')} style={{ marginTop: 8 }}>
            {values.products.map((line, index) => {
              const lineValue = lineTotal(line, code, locale);
              const available = availableAt(line.wine.placements, line.locationId);
              const unitsTyped = schemaNumber(line.units, locale);
              const tooMany = unitsTyped !== null && unitsTyped > available;
              const options = line.wine.placements
                .filter((placement) => placement.quantity > 0)
                .map((placement) => ({
                  value: placementId(placement),
                  label: t('salesPage.form.locationOption', {
                    name: where(placement.locationId),
                    count: placement.quantity,
                  }),
                }));
              if (!options.some((option) => option.value === line.locationId))
                options.push({ value: line.locationId, label: where(line.locationId) });
              return (
                <li key={line.key} className={classes.line} data-testid="sale-line">
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Text fw={600} size="sm" className={classes.wrap}>
                      {line.wine.wineDisplayName}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('salesPage.form.removeLine', { name: line.wine.wineDisplayName })}
                      onClick={() => form.removeListItem('products', index)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                  <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt={4}>
                    <NumberField
                      label={t('salesPage.form.units')}
                      decimals={0}
                      description={t('salesPage.form.available', { count: available })}
                      {...form.getInputProps(`products.${index}.units`)}
                      error={
                        form.errors[`products.${index}.units`] ??
                        (tooMany ? t('salesPage.form.moreThanAvailable') : undefined)
                      }
                    />
                    <NumberField
                      label={line.byGlass ? t('salesPage.form.bottleIncome') : t('salesPage.form.unitPrice')}
                      decimals={2}
                      suffix={code}
                      {...form.getInputProps(`products.${index}.unitPrice`)}
                    />
                    <Select
                      label={t('salesPage.form.location')}
                      data={options}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                      {...form.getInputProps(`products.${index}.locationId`)}
                    />
                  </SimpleGrid>
                  <Group justify="space-between" mt="xs" gap="xs">
                    <Checkbox
                      label={t('salesPage.form.byGlass')}
                      checked={line.byGlass}
                      onChange={(event) => {
                        const byGlass = event.currentTarget.checked;
                        form.setFieldValue(`products.${index}.byGlass`, byGlass);
                        const price = startingUnitPrice(line.wine, byGlass, glassSize);
                        if (price !== undefined)
                          form.setFieldValue(`products.${index}.unitPrice`, minorText(price, code, locale));
                      }}
                    />
                    <Text size="sm" className={classes.money} data-testid="sale-line-total">
                      {t('salesPage.form.lineTotal')}: {lineValue === null ? '–' : money(lineValue)}
                    </Text>
                  </Group>
                </li>
              );
            })}
          </ul>
        </section>

        <Textarea
          label={t('salesPage.form.note')}
          autosize
          minRows={2}
          maxLength={SALE_LIMITS.noteMax}
          {...form.getInputProps('note')}
        />

        <Group justify="space-between" align="center" gap="sm">
          <Text fw={700} className={classes.money} data-testid="sale-total">
            {t('salesPage.form.total')}: {money(total.total)}
            {total.complete ? '' : ' *'}
          </Text>
          <Button type="submit" radius="xl" loading={create.isPending}>
            {t('salesPage.form.submit')}
          </Button>
        </Group>
        {refusal && (
          <Alert color="red" role="alert" title={t('salesPage.form.refused')}>
            {refusal}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

/** Finds a wine of the cellar with bottles and adds it as a line. */
function WinePicker({ userId, onPick }: { userId: string; onPick: (wine: CellarWine) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const found = useQuery({ ...saleWinePickQuery(userId, term), enabled: term.length >= 2 });
  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label={t('salesPage.form.findWine')}
        placeholder={t('salesPage.form.findWinePlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={found.isFetching ? <Loader size="xs" /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {term.length >= 2 && found.data && (
        <ul className={classes.results} aria-label={t('salesPage.form.results')}>
          {found.data.rows.length === 0 && (
            <li>
              <Text size="sm" c="dimmed">
                {t('salesPage.form.noResults')}
              </Text>
            </li>
          )}
          {found.data.rows.map((wine) => (
            <li key={wine.id}>
              <UnstyledButton
                className={classes.result}
                onClick={() => {
                  onPick(wine);
                  setSearch('');
                }}
                aria-label={t('salesPage.form.addWine', { name: wine.wineDisplayName })}
              >
                <Text size="sm" fw={600} className={classes.wrap}>
                  {wine.wineDisplayName}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('salesPage.bottles', { count: wine.quantity })}
                  {wine.sellingPrice !== undefined &&
                    ` · ${formatMoney(wine.sellingPrice, wine.currency, currentLocale())}`}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
