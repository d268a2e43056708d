import {
  type CellarLocation,
  type ContainerType,
  type CurrencyCode,
  type DutyRatesResponse,
  UNCATEGORIZED,
} from '@kork/shared';
import { SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField, type NumberFieldProps } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { translateMessage } from '../../../lib/form-schema';
import { formatPercent } from '../../../lib/format-number';
import { moneyDecimals, moneyTextError, schemaMoney, schemaNumber } from '../../../lib/number-text';
import { AlcoholInput, ContainerSelect, IncludesDutiesSwitch } from './duty-fields';
import { DUTY_MISSING_KEYS, type DutyBasis, type DutyInclusive, dutyInclusivePrice } from './duty-price';
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
  /** Whether the typed purchase price includes the duties (as importers quote); off: the importer's net price. */
  includesDuties: boolean;
  sellingPrice: string;
  /** For the duties (docs/duties.md): percent by volume as typed, and the container, empty for none. */
  alcohol: string;
  container: ContainerType | '';
}

export function initialStock(location: string | undefined): StockValues {
  return {
    quantity: '1',
    location: location ?? UNCATEGORIZED,
    purchasePriceWovat: '',
    includesDuties: true,
    sellingPrice: '',
    alcohol: '',
    container: '',
  };
}

/** What the duties of the wine being added go by: its size and style, and the alcohol and container typed. */
/**
 * What the duties of the wine being added go by, besides what is typed: its size and style, and for a
 * catalogue wine the catalogue's alcohol and container, used while the owner types none of their own.
 */
export type WineDutyBasis = Pick<DutyBasis, 'bottleSize' | 'category'> &
  Partial<Pick<DutyBasis, 'alcohol' | 'container'>>;

/**
 * The price typed without duties with them added, by today's rates; nothing while the price is not
 * typed "without duties" or is no amount.
 */
export function dutyInclusive(
  values: StockValues,
  currency: CurrencyCode,
  basis: WineDutyBasis,
  rates: DutyRatesResponse | undefined,
): DutyInclusive | undefined {
  if (values.includesDuties) return undefined;
  const locale = currentLocale();
  const net = schemaMoney(values.purchasePriceWovat, currency, locale);
  if (net === null || Number.isNaN(net) || net < 0) return undefined;
  const alcohol = schemaNumber(values.alcohol, locale) ?? basis.alcohol;
  return dutyInclusivePrice(
    net,
    { ...basis, alcohol, container: values.container || basis.container },
    rates,
  );
}

/** What a price typed without duties still needs (the alcohol first), as the price field's message. */
export function dutyPriceErrors(
  values: StockValues,
  currency: CurrencyCode,
  basis: WineDutyBasis,
  rates: DutyRatesResponse | undefined,
  t: (key: (typeof DUTY_MISSING_KEYS)[keyof typeof DUTY_MISSING_KEYS]) => string,
): Record<string, string> {
  const result = dutyInclusive(values, currency, basis, rates);
  if (!result || result.ok) return {};
  return { purchasePriceWovat: t(DUTY_MISSING_KEYS[result.missing]) };
}

/**
 * The stock fields as the API takes them: money in minor units, Uncategorized as no location. Text that is
 * no number (or money with more decimals than the currency has) is NaN, which the schema refuses; nothing
 * is rounded or clamped.
 */
export function stockInput(
  values: StockValues,
  currency: CurrencyCode,
  basis?: WineDutyBasis,
  rates?: DutyRatesResponse,
) {
  const locale = currentLocale();
  // A price typed without duties is sent with them (the cellar keeps prices with duties).
  const converted = basis ? dutyInclusive(values, currency, basis, rates) : undefined;
  const typed = schemaMoney(values.purchasePriceWovat, currency, locale) ?? undefined;
  return {
    quantity: schemaNumber(values.quantity, locale),
    locationId: values.location === UNCATEGORIZED ? null : values.location,
    purchasePriceWovat: converted?.ok ? converted.price : typed,
    sellingPrice: schemaMoney(values.sellingPrice, currency, locale) ?? undefined,
    alcohol: schemaNumber(values.alcohol, locale) ?? undefined,
    container: values.container || undefined,
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
  basis,
  rates,
}: {
  form: UseFormReturnType<V>;
  locations: CellarLocation[];
  currency: CurrencyCode;
  basis: WineDutyBasis;
  /** Today's duty rates, once asked for (the price typed without duties). */
  rates: DutyRatesResponse | undefined;
}) {
  const { t } = useTranslation();
  const location = form.getInputProps('location');
  const values = form.values as StockValues;
  const converted = dutyInclusive(values, currency, basis, rates);
  const container = form.getInputProps('container');
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
      <Stack gap={6}>
        <MoneyInput
          currency={currency}
          label={t('cellarWines.fields.purchasePriceWovat', { currency })}
          {...form.getInputProps('purchasePriceWovat')}
        />
        <IncludesDutiesSwitch
          switchProps={form.getInputProps('includesDuties', { type: 'checkbox' })}
          converted={converted}
          currency={currency}
        />
      </Stack>
      <MoneyInput
        currency={currency}
        label={t('cellarWines.fields.sellingPrice', { currency })}
        {...form.getInputProps('sellingPrice')}
      />
      <AlcoholInput
        {...form.getInputProps('alcohol')}
        placeholder={
          basis?.alcohol === undefined
            ? undefined
            : t('cellarWines.duties.catalogueAlcohol', {
                alcohol: formatPercent(basis.alcohol, currentLocale(), 2),
              })
        }
      />
      <ContainerSelect
        value={container.value as string}
        onChange={container.onChange}
        error={container.error}
      />
    </SimpleGrid>
  );
}

/** The schema and the API name the location `locationId`; the form calls its field `location`. */
export function toFormErrors(errors: Record<string, string>): Record<string, string> {
  const { locationId, ...rest } = errors;
  return locationId ? { ...rest, location: locationId } : rest;
}
