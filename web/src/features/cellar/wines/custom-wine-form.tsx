import {
  type CellarLocation,
  type CellarWine,
  CellarWineUpdate,
  type CurrencyCode,
  type DutyRatesResponse,
  type MainCategory,
  NewCellarWineInput,
} from '@kork/shared';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { apiFieldErrors, errorMessage, schemaErrors } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { numberText, schemaNumber } from '../../../lib/number-text';
import { QueryProvider } from '../../../lib/query-client';
import { createCellarWine } from '../api/create-cellar-wine';
import { dutyRatesQuery } from '../api/wine-cost-queries';
import {
  dutyPriceErrors,
  initialStock,
  StockFields,
  type StockValues,
  stockInput,
  toFormErrors,
  type WineDutyBasis,
  withoutEmpty,
} from './add-wine-fields';
import { CustomWineFields, DrinkingWindowFields } from './wine-identity-fields';

/** The usual bottle: what most custom wines are, so most people never touch the field. */
const DEFAULT_BOTTLE_SIZE = 0.75;

/** The form: numbers are the text typed, read in the page's language when checked or sent. */
interface CustomWineValues extends StockValues {
  wineName: string;
  producerName: string;
  vintage: string;
  bottleSize: string;
  mainCategoryId: string;
  country: string;
  region: string;
  drinkingWindowFrom: string;
  drinkingWindowTo: string;
}

function text(value: string): string | undefined {
  return value.trim() || undefined;
}

/**
 * The form as `CustomCellarWineInput` reads it. There is no suggested drinking window: that is the
 * catalogue's, and custom wines never have one (SPEC §5); the owner's own window is allowed.
 */
function toInput(values: CustomWineValues, currency: CurrencyCode, rates?: DutyRatesResponse) {
  const locale = currentLocale();
  return {
    source: 'CUSTOM' as const,
    wineName: values.wineName,
    producerName: text(values.producerName),
    // An empty vintage is a non-vintage wine (NV).
    vintage: schemaNumber(values.vintage, locale),
    bottleSize: schemaNumber(values.bottleSize, locale),
    mainCategoryId: (values.mainCategoryId || undefined) as MainCategory | undefined,
    country: text(values.country),
    region: text(values.region),
    drinkingWindowFrom: schemaNumber(values.drinkingWindowFrom, locale) ?? undefined,
    drinkingWindowTo: schemaNumber(values.drinkingWindowTo, locale) ?? undefined,
    ...stockInput(values, currency, dutyBasisOf(values), rates),
  };
}

/** The wine's size and style as typed: what its duties go by. */
function dutyBasisOf(values: CustomWineValues): WineDutyBasis {
  const size = schemaNumber(values.bottleSize, currentLocale());
  return {
    bottleSize: size === null || Number.isNaN(size) ? null : size,
    category: (values.mainCategoryId || undefined) as MainCategory | undefined,
  };
}

/**
 * What the API would refuse, by its own rules for a new wine (`NewCellarWineInput`: at least one bottle).
 * The drinking window is compared on its own too, so it is said even while another field is wrong.
 */
function customWineErrors(
  values: CustomWineValues,
  currency: CurrencyCode,
  rates: DutyRatesResponse | undefined,
  t: Parameters<typeof dutyPriceErrors>[4],
) {
  const input = toInput(values, currency, rates);
  const window = schemaErrors(CellarWineUpdate, {
    drinkingWindowFrom: input.drinkingWindowFrom,
    drinkingWindowTo: input.drinkingWindowTo,
  });
  return toFormErrors({
    ...window,
    ...schemaErrors(NewCellarWineInput, input),
    ...dutyPriceErrors(values, currency, dutyBasisOf(values), rates, t),
  });
}

type CustomWineFormProps = Parameters<typeof CustomWine>[0];

export function CustomWineForm(props: CustomWineFormProps) {
  return (
    <QueryProvider>
      <CustomWine {...props} />
    </QueryProvider>
  );
}

function CustomWine({
  userId,
  currency,
  locations,
  defaultLocation,
  onAdded,
}: {
  userId: string;
  currency: CurrencyCode;
  locations: CellarLocation[];
  defaultLocation: string | undefined;
  onAdded: (wine: CellarWine) => void;
}) {
  const { t } = useTranslation();
  // Today's duty rates, asked for once a price is typed without duties; the checks read the latest.
  const rates = useRef<DutyRatesResponse>(undefined);
  const form = useForm<CustomWineValues>({
    mode: 'controlled',
    initialValues: {
      wineName: '',
      producerName: '',
      vintage: '',
      bottleSize: numberText(DEFAULT_BOTTLE_SIZE, currentLocale()),
      mainCategoryId: '',
      country: '',
      region: '',
      drinkingWindowFrom: '',
      drinkingWindowTo: '',
      ...initialStock(defaultLocation),
    },
    validate: (values) => customWineErrors(values, currency, rates.current, t),
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });

  const ratesQuery = useQuery({ ...dutyRatesQuery(), enabled: !form.values.includesDuties });
  rates.current = ratesQuery.data;

  const submit = form.onSubmit(async (values) => {
    const input = toInput(values, currency, rates.current);
    try {
      const created = await createCellarWine(
        userId,
        withoutEmpty({
          ...input,
          wineName: input.wineName.trim(),
          // The validator turned empty numbers down already; these keep the types honest.
          vintage: input.vintage,
          bottleSize: input.bottleSize ?? DEFAULT_BOTTLE_SIZE,
          quantity: input.quantity ?? 1,
        }),
      );
      notify.success(t('cellarWines.add.added', { name: created?.wineDisplayName ?? input.wineName }));
      onAdded(created);
    } catch (error) {
      form.setErrors(toFormErrors(apiFieldErrors(error)));
      notify.error(errorMessage(error));
    }
  });

  const style = form.getInputProps('mainCategoryId');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <CustomWineFields
          inputProps={form.getInputProps}
          autoFocus
          styleProps={{
            clearable: true,
            value: (style.value as string) || null,
            onChange: (value) => style.onChange(value ?? ''),
            error: style.error,
          }}
        />
        <StockFields
          form={form}
          locations={locations}
          currency={currency}
          basis={dutyBasisOf(form.values)}
          rates={ratesQuery.data}
        />
        <DrinkingWindowFields inputProps={form.getInputProps} />
        <Group justify="flex-end">
          <Button
            type="submit"
            radius="xl"
            loading={form.submitting}
            disabled={Object.values(form.errors).some(Boolean)}
          >
            {t('cellarWines.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
