import { Fieldset, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BindField, TastingLocationValues } from '../../../components/account-fields/account-values';
import { InstagramField, LinkField } from '../../../components/account-fields/profile-fields';
import { NumberField } from '../../../components/number-field';
import { currentLocale } from '../../../i18n/i18n';
import { numberText } from '../../../lib/number-text';
import { PinPicker } from '../../maps/pin-picker';

interface TastingLocationFieldsProps {
  field: BindField<TastingLocationValues>;
  /** Registration: the name and address must be given (marked, and checked by the form). */
  required?: boolean;
}

/**
 * A business's tasting location (SPEC §2 restaurant profile setup): whether its wine lists are public,
 * name, address and position (a pin on a map, found by search or placed by hand, and its coordinates), bio, Instagram, website, booking and menu links and organization number.
 * Logo, cover image, country and currency are placed by the screen, beside these.
 */
export function TastingLocationFields({ field, required = false }: TastingLocationFieldsProps) {
  const { t } = useTranslation();
  const lat = field('tastingLocationLat');
  const lng = field('tastingLocationLong');
  return (
    <Stack gap="md">
      <Switch
        label={t('account.fields.wineListPublic')}
        description={t('account.fields.wineListPublicHint')}
        {...field('tastingLocationIsWineListPublic', { type: 'checkbox' })}
      />
      <TextInput
        label={t('account.fields.locationName')}
        autoComplete="organization"
        withAsterisk={required}
        {...field('tastingLocationName')}
      />
      <Fieldset legend={t('account.fields.location')} variant="filled" radius="md">
        <Stack gap="sm">
          <TextInput
            label={t('account.fields.address')}
            autoComplete="street-address"
            withAsterisk={required}
            {...field('tastingLocationAddress')}
          />
          <PinPicker
            latText={lat.value ?? ''}
            lngText={lng.value ?? ''}
            address={String(field('tastingLocationAddress').value ?? '')}
            name={String(field('tastingLocationName').value ?? '')}
            onPick={(position) => {
              // The fields show the pin's position as text in the page's language ("59,9094" in Norwegian).
              lat.onChange(numberText(position.lat, currentLocale(), 6));
              lng.onChange(numberText(position.lng, currentLocale(), 6));
            }}
          />
          <SimpleGrid cols={2} spacing="sm">
            <NumberField
              label={t('account.fields.latitude')}
              min={-90}
              max={90}
              {...field('tastingLocationLat')}
            />
            <NumberField
              label={t('account.fields.longitude')}
              min={-180}
              max={180}
              {...field('tastingLocationLong')}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Textarea
        label={t('account.fields.locationBio')}
        autosize
        minRows={3}
        maxRows={8}
        {...field('tastingLocationBio')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <InstagramField field={field} name="tastingLocationInstagramUsername" />
        <LinkField field={field} name="tastingLocationWebUrl" label={t('account.fields.website')} />
        <LinkField field={field} name="tastingLocationBookingUrl" label={t('account.fields.bookingLink')} />
        <LinkField field={field} name="tastingLocationMenuUrl" label={t('account.fields.menuLink')} />
      </SimpleGrid>
      <TextInput
        label={t('account.fields.organizationNumber')}
        description={t('account.fields.organizationNumberHint')}
        inputMode="numeric"
        maxLength={9}
        {...field('organizationNumber')}
      />
    </Stack>
  );
}
