import { type CellarLocation, type CurrencyCode, UNCATEGORIZED } from '@kork/shared';
import { SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField, type NumberFieldProps } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { translateMessage } from '../../../lib/form-schema';
import { moneyDecimals, moneyTextError, schemaMoney, schemaNumber } from '../../../lib/number-text';
import { treeOptions } from './tree-options';
import { TreeSelect } from './tree-select';

/**
 * The fields both ways of adding a wine share: how many, where, and what it cost. Numbers are the text
 * typed (components/number-field.tsx), read in the page's language when the form is checked or sent.
 */
export interface StockValues {
  quantity: string;
  /** A location id or `uncategorized`. */
  location: string;
  purchasePriceWovat: string;
  sellingPrice: string;
}

export function initialStock(location: string | undefined): StockValues {
  return { quantity: '1', location: location ?? UNCATEGORIZED, purchasePriceWovat: '', sellingPrice: '' };
}

/**
 * The stock fields as the API takes them: money in minor units, Uncategorized as no location. Text that is
 * no number (or money with more decimals than the currency has) is NaN, which the schema refuses; nothing
 * is rounded or clamped.
 */
export function stockInput(values: StockValues, currency: CurrencyCode) {
  const locale = currentLocale();
  return {
    quantity: schemaNumber(values.quantity, locale),
    locationId: values.location === UNCATEGORIZED ? null : values.location,
    purchasePriceWovat: schemaMoney(values.purchasePriceWovat, currency, locale) ?? undefined,
    sellingPrice: schemaMoney(values.sellingPrice, currency, locale) ?? undefined,
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
 * A money field in the cellar's currency, typed the page's way ("125,50" in Norwegian). More decimals than
 * the currency has says "Too many decimals" here, whatever the form's schema says of the amount, since
 * that is lost once the amount is minor units.
 */
export function MoneyInput({ currency, error, ...rest }: NumberFieldProps & { currency: CurrencyCode }) {
  const decimals = moneyError(rest.value, currency);
  return <NumberField decimals={moneyDecimals(currency)} error={decimals ?? error} {...rest} />;
}

function moneyError(value: string | null | undefined, currency: CurrencyCode): string | undefined {
  const key = moneyTextError(value ?? '', currency, currentLocale());
  return key && translateMessage(key);
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
      <NumberField
        label={t('cellarWines.fields.quantity')}
        decimals={0}
        min={1}
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
