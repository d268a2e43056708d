import { type CellarLocation, type CurrencyCode, UNCATEGORIZED } from '@kork/shared';
import { NumberInput, type NumberInputProps, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalsOf, inputNumber, inputToMinor } from './money';
import { treeOptions } from './tree-options';
import { TreeSelect } from './tree-select';

/** NumberInput gives '' while a field is empty, and a number once something is typed. */
export type NumberValue = number | string;

/** The fields both ways of adding a wine share: how many, where, and what it cost. */
export interface StockValues {
  quantity: NumberValue;
  /** A location id or `uncategorized`. */
  location: string;
  purchasePriceWovat: NumberValue;
  sellingPrice: NumberValue;
}

export function initialStock(location: string | undefined): StockValues {
  return { quantity: 1, location: location ?? UNCATEGORIZED, purchasePriceWovat: '', sellingPrice: '' };
}

/** The stock fields as the API takes them: money in minor units, Uncategorized as no location. */
export function stockInput(values: StockValues, currency: CurrencyCode) {
  return {
    quantity: inputNumber(values.quantity),
    locationId: values.location === UNCATEGORIZED ? null : values.location,
    purchasePriceWovat: inputToMinor(values.purchasePriceWovat, currency) ?? undefined,
    sellingPrice: inputToMinor(values.sellingPrice, currency) ?? undefined,
  };
}

/** A body without the keys that hold nothing, so the request carries only what was given. */
export function withoutEmpty<T extends Record<string, unknown>>(body: T): T {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined && value !== ''),
  ) as T;
}

/** The cellar's locations as a select, sub-locations indented, "Uncategorized" first. */
export function LocationSelect({
  locations,
  value,
  onChange,
  error,
}: {
  locations: CellarLocation[];
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const options = useMemo(() => treeOptions(locations), [locations]);
  const leading = useMemo(() => [{ value: UNCATEGORIZED, label: t('cellarWines.add.uncategorized') }], [t]);
  return (
    <TreeSelect
      label={t('cellarWines.fields.location')}
      leading={leading}
      options={options}
      value={value}
      onChange={(next) => onChange(next ?? UNCATEGORIZED)}
      allowDeselect={false}
      searchable
      error={error}
    />
  );
}

/**
 * A money field in the cellar's currency: as many decimals as the currency has minor units, written with
 * the decimal comma in Norwegian.
 */
export function MoneyInput(props: NumberInputProps & { currency: CurrencyCode }) {
  const { currency, ...rest } = props;
  const { i18n } = useTranslation();
  const decimals = decimalsOf(currency);
  return (
    <NumberInput
      allowNegative={false}
      decimalScale={decimals}
      fixedDecimalScale={decimals > 0}
      decimalSeparator={i18n.resolvedLanguage === 'nb' ? ',' : '.'}
      {...rest}
    />
  );
}

export function StockFields<V extends StockValues>({
  form,
  locations,
  currency,
}: {
  form: UseFormReturnType<V>;
  locations: CellarLocation[];
  currency: CurrencyCode;
}) {
  const { t } = useTranslation();
  const location = form.getInputProps('location');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <NumberInput
        label={t('cellarWines.fields.quantity')}
        allowNegative={false}
        allowDecimal={false}
        required
        {...form.getInputProps('quantity')}
      />
      <LocationSelect
        locations={locations}
        value={location.value as string}
        onChange={location.onChange}
        error={location.error}
      />
      <MoneyInput
        currency={currency}
        label={t('cellarWines.fields.purchasePriceWovat', { currency })}
        {...form.getInputProps('purchasePriceWovat')}
      />
      <MoneyInput
        currency={currency}
        label={t('cellarWines.fields.sellingPrice', { currency })}
        {...form.getInputProps('sellingPrice')}
      />
    </SimpleGrid>
  );
}

/** The schema and the API name the location `locationId`; the form calls its field `location`. */
export function toFormErrors(errors: Record<string, string>): Record<string, string> {
  const { locationId, ...rest } = errors;
  return locationId ? { ...rest, location: locationId } : rest;
}
