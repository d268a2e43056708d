import { CURRENCIES, WINE_LEVELS } from '@kork/shared';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAt, IconWorldWww } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { countryOptions } from '../../lib/countries';
import type { BindField, ProfileValues } from './account-values';

interface FieldProps<V> {
  field: BindField<V>;
}

/**
 * Binds a Select to a text value where '' means "nothing chosen": Mantine's Select says so with `null`,
 * and would otherwise offer to clear an empty field.
 */
function selectProps<V>(field: BindField<V>, name: keyof V & string) {
  const props = field(name);
  return {
    ...props,
    value: (props.value as string | undefined) || null,
    onChange: (value: string | null) => props.onChange(value ?? ''),
  };
}

export function CountryField({ field }: FieldProps<Pick<ProfileValues, 'country'>>) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('account.fields.country')}
      placeholder={t('account.fields.countryPlaceholder')}
      data={countryOptions(currentLocale())}
      searchable
      clearable
      nothingFoundMessage={t('account.fields.nothingFound')}
      autoComplete="country"
      {...selectProps(field, 'country')}
    />
  );
}

/** The currency prices are shown in; the same list as the navbar's selector (SPEC §3). */
export function CurrencyField({ field }: FieldProps<Pick<ProfileValues, 'viewCurrency'>>) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('account.fields.viewCurrency')}
      data={CURRENCIES.map((c) => ({
        value: c.code,
        label: t('currency.option', { code: c.code, symbol: c.symbol }),
      }))}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('account.fields.nothingFound')}
      {...selectProps(field, 'viewCurrency')}
    />
  );
}

export function WineLevelField({ field }: FieldProps<Pick<ProfileValues, 'wineLevel'>>) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('account.fields.wineLevel')}
      placeholder={t('account.fields.wineLevelPlaceholder')}
      data={WINE_LEVELS.map((level) => ({ value: level, label: t(`account.wineLevel.${level}`) }))}
      clearable
      {...selectProps(field, 'wineLevel')}
    />
  );
}

export function InstagramField<V>({ field, name }: FieldProps<V> & { name: keyof V & string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('account.fields.instagram')}
      description={t('account.fields.instagramHint')}
      placeholder={t('account.fields.instagramPlaceholder')}
      leftSection={<IconAt size={16} aria-hidden />}
      autoCapitalize="none"
      spellCheck={false}
      {...field(name)}
    />
  );
}

export function LinkField<V>({
  field,
  name,
  label,
}: FieldProps<V> & { name: keyof V & string; label: string }) {
  return (
    <TextInput
      type="url"
      inputMode="url"
      label={label}
      placeholder="https://"
      leftSection={<IconWorldWww size={16} aria-hidden />}
      autoCapitalize="none"
      spellCheck={false}
      {...field(name)}
    />
  );
}

/**
 * A person's own profile (SPEC §2 private user profile setup; importers use it too): country, wine
 * level, bio, Instagram, website and currency. The picture and the newsletter are placed by the screen.
 * `currency` replaces the form's currency field: the profile page shows the navbar's own control there,
 * since the currency is one setting saved the moment it is chosen.
 */
export function ProfileFields({ field, currency }: FieldProps<ProfileValues> & { currency?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <CountryField field={field} />
        <WineLevelField field={field} />
      </SimpleGrid>
      <Textarea
        label={t('account.fields.bio')}
        placeholder={t('account.fields.bioPlaceholder')}
        autosize
        minRows={3}
        maxRows={8}
        {...field('bio')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <InstagramField field={field} name="instagramUrl" />
        <LinkField field={field} name="webUrl" label={t('account.fields.website')} />
      </SimpleGrid>
      {currency ?? <CurrencyField field={field} />}
    </Stack>
  );
}
