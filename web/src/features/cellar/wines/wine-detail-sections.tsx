import {
  type CellarWine,
  type DutyRatesResponse,
  LIMITS,
  POS_NAME_MAX,
  PRICE_FORMATS,
  stockCost,
  surcharge,
  type WineListCategory,
} from '@kork/shared';
import { Fieldset, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { formatPercent } from '../../../lib/format-number';
import { formatMoney } from '../../../lib/money';
import { minorText } from '../../../lib/number-text';
import { MoneyInput } from './add-wine-fields';
import classes from './cellar-wines-page.module.css';
import { AlcoholInput, ContainerSelect, IncludesDutiesSwitch } from './duty-fields';
import { drinkingWindowText } from './inventory-cell';
import { treeOptions } from './tree-options';
import { TreeSelect } from './tree-select';
import type { DetailForm as Form } from './wine-detail-tabs';
import { otherPurchasePrice, totalAfter, typedDutyInclusive, typedMinor } from './wine-edit-values';
import { CustomWineFields, DrinkingWindowFields } from './wine-identity-fields';

/**
 * The sections of the wine detail drawer that are plain fields of its one form: prices, wine list, a
 * custom wine's own facts, point of sale and notes. Each tab shows one or more of them.
 */

export function WineSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('cellarWines.detail.wine')} radius="md">
      <CustomWineFields
        inputProps={form.getInputProps}
        styleProps={{ allowDeselect: false, ...form.getInputProps('mainCategoryId') }}
      />
    </Fieldset>
  );
}

export function PricesSection({
  form,
  wine,
  vat,
  rates,
}: {
  form: Form;
  wine: CellarWine;
  vat: number;
  /** Today's duty rates, once the price ex VAT is typed without duties. */
  rates: DutyRatesResponse | undefined;
}) {
  const { t } = useTranslation();
  const { currency } = wine;
  const values = form.values;
  const locale = currentLocale();
  // Mark-up and cost follow what is typed, with the same math the API uses when it saves; an amount the
  // form refuses (negative, no number) shows none rather than a figure the save would never give.
  const amount = (text: string) => {
    const minor = typedMinor(text, currency, locale);
    return minor !== null && minor >= 0 ? minor : null;
  };
  const markUp = surcharge(amount(values.sellingPrice), amount(values.purchasePriceWvat));
  const bottles = totalAfter(values, wine, locale);
  const cost =
    bottles !== null && bottles >= 0 ? stockCost(bottles, amount(values.purchasePriceWovat)) : null;
  const none = t('cellarWines.fields.none');
  const converted = typedDutyInclusive(values, wine, locale, rates);

  // Typing one purchase price fills the other by the style's VAT; the typed one stays as typed.
  const purchaseInput = (field: 'purchasePriceWovat' | 'purchasePriceWvat') => {
    const other = field === 'purchasePriceWovat' ? 'purchasePriceWvat' : 'purchasePriceWovat';
    const props = form.getInputProps(field);
    return {
      ...props,
      onChange: (value: string) => {
        props.onChange(value);
        // A price typed without duties gives the price with VAT from the price with them.
        const next = { ...form.getValues(), [field]: value };
        const converted =
          field === 'purchasePriceWovat' ? typedDutyInclusive(next, wine, locale, rates) : undefined;
        if (converted && !converted.ok) return;
        const basis = converted?.ok ? minorText(converted.price, currency, locale) : value;
        form.setFieldValue(
          other,
          otherPurchasePrice(field, basis, form.getValues()[other], vat, currency, locale),
        );
      },
    };
  };

  return (
    <Fieldset legend={t('cellarWines.detail.prices')} radius="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Stack gap={6}>
          <MoneyInput
            currency={currency}
            label={t('cellarWines.fields.purchasePriceWovat', { currency })}
            {...purchaseInput('purchasePriceWovat')}
          />
          <IncludesDutiesSwitch
            switchProps={form.getInputProps('includesDuties', { type: 'checkbox' })}
            converted={converted?.ok ? converted : undefined}
            currency={currency}
          />
        </Stack>
        <MoneyInput
          currency={currency}
          label={t('cellarWines.fields.purchasePriceWvat', { currency })}
          description={t('cellarWines.detail.vatHint', { vat: formatPercent(vat, locale) })}
          {...purchaseInput('purchasePriceWvat')}
        />
        <MoneyInput
          currency={currency}
          label={t('cellarWines.fields.sellingPrice', { currency })}
          {...form.getInputProps('sellingPrice')}
        />
        <Switch
          label={t('cellarWines.fields.sellingPriceLocked')}
          description={t('cellarWines.fields.sellingPriceLockedHint')}
          className={classes.switchField}
          {...form.getInputProps('sellingPriceLocked', { type: 'checkbox' })}
        />
        <MoneyInput
          currency={currency}
          label={t('cellarWines.fields.marketValue', { currency })}
          {...form.getInputProps('marketValue')}
        />
        <MoneyInput
          currency={currency}
          label={t('cellarWines.fields.pricePerGlass', { currency })}
          {...form.getInputProps('pricePerGlass')}
        />
        <NumberField
          label={t('cellarWines.fields.glassSize')}
          description={t('cellarWines.fields.glassSizeHint', { max: LIMITS.glassSizeMaxCl })}
          decimals={1}
          {...form.getInputProps('glassSize')}
        />
        <AlcoholInput {...form.getInputProps('alcohol')} />
        <ContainerSelect
          value={values.container}
          onChange={(value) => form.setFieldValue('container', value as typeof values.container)}
          error={form.errors.container}
        />
      </SimpleGrid>
      <dl className={classes.readOnly}>
        <div>
          <dt>{t('cellarWines.fields.surcharge')}</dt>
          <dd>{markUp == null ? none : formatPercent(markUp, locale)}</dd>
        </div>
        <div>
          <dt>{t('cellarWines.fields.cost')}</dt>
          <dd>{cost == null ? none : formatMoney(cost, currency, locale)}</dd>
        </div>
      </dl>
    </Fieldset>
  );
}

export function WineListSection({ form, categories }: { form: Form; categories: WineListCategory[] }) {
  const { t } = useTranslation();
  const options = useMemo(() => treeOptions(categories), [categories]);
  const leading = useMemo(() => [{ value: '', label: t('cellarWines.fields.noCategory') }], [t]);
  const category = form.getInputProps('wineListCategoryId');
  const priceFormats = PRICE_FORMATS.map((format) => ({
    value: format,
    label: t(`cellarWines.priceFormats.${format}`),
  }));
  return (
    <Fieldset legend={t('cellarWines.detail.wineList')} radius="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TreeSelect
          label={t('cellarWines.fields.wineListCategory')}
          leading={leading}
          options={options}
          allowDeselect={false}
          value={category.value as string}
          onChange={(value) => category.onChange(value ?? '')}
          error={category.error}
        />
        <Select
          label={t('cellarWines.fields.priceFormat')}
          data={priceFormats}
          allowDeselect={false}
          {...form.getInputProps('priceFormat')}
        />
        <TextInput
          label={t('cellarWines.fields.customListWineName')}
          {...form.getInputProps('customListWineName')}
        />
        <TextInput
          label={t('cellarWines.fields.customListProducerName')}
          {...form.getInputProps('customListProducerName')}
        />
        <Switch
          label={t('cellarWines.fields.showBottleSizeInList')}
          className={classes.switchField}
          {...form.getInputProps('showBottleSizeInList', { type: 'checkbox' })}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

export function PosSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  const hint = t('cellarWines.fields.posHint', { max: POS_NAME_MAX });
  return (
    <Fieldset legend={t('cellarWines.detail.pos')} radius="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {/* maxLength stops typing at the limit receipt printers fit; the schema checks pasted text too. */}
        <TextInput
          label={t('cellarWines.fields.posName')}
          description={hint}
          maxLength={POS_NAME_MAX}
          {...form.getInputProps('posName')}
        />
        <TextInput
          label={t('cellarWines.fields.posGlassName')}
          description={hint}
          maxLength={POS_NAME_MAX}
          {...form.getInputProps('posGlassName')}
        />
        <TextInput label={t('cellarWines.fields.productId')} {...form.getInputProps('productId')} />
        <TextInput label={t('cellarWines.fields.supplier')} {...form.getInputProps('supplier')} />
      </SimpleGrid>
    </Fieldset>
  );
}

export function NotesSection({ form, wine }: { form: Form; wine: CellarWine }) {
  const { t } = useTranslation();
  const suggested = drinkingWindowText(t, wine.suggestedDrinkingWindowFrom, wine.suggestedDrinkingWindowTo);
  return (
    <Fieldset legend={t('cellarWines.detail.notes')} radius="md">
      <Stack gap="md">
        <Textarea
          label={t('cellarWines.fields.purchaseNote')}
          rows={3}
          {...form.getInputProps('purchaseNote')}
        />
        <Textarea
          label={t('cellarWines.fields.privateNote')}
          rows={3}
          {...form.getInputProps('privateNote')}
        />
        <DrinkingWindowFields inputProps={form.getInputProps} />
        {/* Only catalogue wines have one (SPEC §5); it is the catalogue's, so it is shown, not edited. */}
        {suggested && (
          <Text size="sm" c="dimmed">
            {t('cellarWines.fields.suggestedWindow', { window: suggested })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NumberField label={t('cellarWines.fields.rating')} {...form.getInputProps('rating')} />
          <TextInput
            label={t('cellarWines.fields.newCategorisation')}
            {...form.getInputProps('newCategorisation')}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}
