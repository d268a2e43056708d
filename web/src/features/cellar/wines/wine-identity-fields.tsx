import { currentYear, MAIN_CATEGORIES, VINTAGE_MIN } from '@kork/shared';
import { Select, type SelectProps, SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { numberText } from '../../../lib/number-text';

/** What `form.getInputProps(path)` gives a field: value, change handler, error. */
type InputProps = (
  path:
    | 'wineName'
    | 'producerName'
    | 'vintage'
    | 'bottleSize'
    | 'country'
    | 'region'
    | 'drinkingWindowFrom'
    | 'drinkingWindowTo',
) => GetInputPropsReturnType;

/**
 * A custom wine's own facts — name, producer, vintage, bottle size, style, country, region — as the add
 * form and the detail drawer both show them. `styleProps` lets each say how its style select behaves.
 */
export function CustomWineFields({
  inputProps,
  styleProps,
  autoFocus = false,
}: {
  inputProps: InputProps;
  styleProps: Partial<SelectProps>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const styleOptions = MAIN_CATEGORIES.map((style) => ({
    value: style,
    label: t(`wine.categories.${style}`),
  }));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label={t('cellarWines.fields.wineName')}
        required
        data-autofocus={autoFocus || undefined}
        {...inputProps('wineName')}
      />
      <TextInput label={t('cellarWines.fields.producerName')} {...inputProps('producerName')} />
      <NumberField
        label={t('cellarWines.fields.vintage')}
        description={t('cellarWines.fields.vintageHint', { min: VINTAGE_MIN, max: currentYear() + 1 })}
        decimals={0}
        {...inputProps('vintage')}
      />
      <NumberField
        label={t('cellarWines.fields.bottleSize')}
        description={t('cellarWines.fields.bottleSizeHint', { example: numberText(0.75, currentLocale()) })}
        decimals={3}
        required
        {...inputProps('bottleSize')}
      />
      <Select label={t('cellarWines.fields.style')} data={styleOptions} {...styleProps} />
      <TextInput label={t('cellarWines.fields.country')} {...inputProps('country')} />
      <TextInput label={t('cellarWines.fields.region')} {...inputProps('region')} />
    </SimpleGrid>
  );
}

/** The owner's own drinking window, from and until (years). */
export function DrinkingWindowFields({ inputProps }: { inputProps: InputProps }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <NumberField
        label={t('cellarWines.fields.drinkingWindowFrom')}
        decimals={0}
        {...inputProps('drinkingWindowFrom')}
      />
      <NumberField
        label={t('cellarWines.fields.drinkingWindowTo')}
        description={t('cellarWines.fields.drinkingWindowToHint')}
        decimals={0}
        {...inputProps('drinkingWindowTo')}
      />
    </SimpleGrid>
  );
}
