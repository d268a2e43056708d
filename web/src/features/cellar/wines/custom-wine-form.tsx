import {
  type CellarLocation,
  type CellarWine,
  type CurrencyCode,
  CustomCellarWineInput,
  type MainCategory,
} from '@kork/shared';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, errorMessage, schemaErrors } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { createOwnWine } from '../api/create-own-wine';
import {
  initialStock,
  type NumberValue,
  StockFields,
  type StockValues,
  stockInput,
  toFormErrors,
  withoutEmpty,
} from './add-wine-fields';
import { inputNumber } from './money';
import { CustomWineFields, DrinkingWindowFields } from './wine-identity-fields';

/** The usual bottle: what most custom wines are, so most people never touch the field. */
const DEFAULT_BOTTLE_SIZE = 0.75;

interface CustomWineValues extends StockValues {
  wineName: string;
  producerName: string;
  vintage: NumberValue;
  bottleSize: NumberValue;
  mainCategoryId: string;
  country: string;
  region: string;
  drinkingWindowFrom: NumberValue;
  drinkingWindowTo: NumberValue;
}

function text(value: string): string | undefined {
  return value.trim() || undefined;
}

/**
 * The form as `CustomCellarWineInput` reads it. There is no suggested drinking window: that is the
 * catalogue's, and custom wines never have one (SPEC §5); the owner's own window is allowed.
 */
function toInput(values: CustomWineValues, currency: CurrencyCode) {
  return {
    source: 'CUSTOM' as const,
    wineName: values.wineName,
    producerName: text(values.producerName),
    // An empty vintage is a non-vintage wine (NV).
    vintage: inputNumber(values.vintage),
    bottleSize: inputNumber(values.bottleSize),
    mainCategoryId: (values.mainCategoryId || undefined) as MainCategory | undefined,
    country: text(values.country),
    region: text(values.region),
    drinkingWindowFrom: inputNumber(values.drinkingWindowFrom) ?? undefined,
    drinkingWindowTo: inputNumber(values.drinkingWindowTo) ?? undefined,
    ...stockInput(values, currency),
  };
}

export function CustomWineForm({
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
  const form = useForm<CustomWineValues>({
    mode: 'controlled',
    initialValues: {
      wineName: '',
      producerName: '',
      vintage: '',
      bottleSize: DEFAULT_BOTTLE_SIZE,
      mainCategoryId: '',
      country: '',
      region: '',
      drinkingWindowFrom: '',
      drinkingWindowTo: '',
      ...initialStock(defaultLocation),
    },
    validate: (values) => toFormErrors(schemaErrors(CustomCellarWineInput, toInput(values, currency))),
  });

  const submit = form.onSubmit(async (values) => {
    const input = toInput(values, currency);
    try {
      const created = await createOwnWine(
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
        <StockFields form={form} locations={locations} currency={currency} />
        <DrinkingWindowFields inputProps={form.getInputProps} />
        <Group justify="flex-end">
          <Button type="submit" radius="xl" loading={form.submitting}>
            {t('cellarWines.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
