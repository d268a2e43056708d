import { Checkbox, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  CountryField,
  CurrencyField,
  ProfileFields,
} from '../../../../components/account-fields/profile-fields';
import { ImagePicker } from '../../../../components/image-picker';
import { TastingLocationFields } from '../../../profile/components/tasting-location-fields';
import {
  type RegistrationImages,
  type RegistrationValues,
  withTastingLocation,
} from '../../registration-form';

interface ProfileStepProps {
  form: UseFormReturnType<RegistrationValues>;
  images: RegistrationImages;
  onImage: (field: keyof RegistrationImages, file: File | null) => void;
}

/**
 * Step 3: the profile of the chosen type (SPEC §2). Restaurants, bars, hotels, stores, producers and
 * wholesalers set up their tasting location, its name and address required; private users and importers
 * their own profile.
 */
export function ProfileStep({ form, images, onImage }: ProfileStepProps) {
  const { t } = useTranslation();
  const field = form.getInputProps;
  const newsletter = (
    <Checkbox
      label={t('account.fields.newsletter')}
      {...form.getInputProps('newsletter', { type: 'checkbox' })}
    />
  );

  if (!withTastingLocation(form.values.userType)) {
    return (
      <Stack gap="md">
        <ImagePicker
          label={t('account.fields.profileImage')}
          file={images.profileImage}
          onChange={(file) => onImage('profileImage', file)}
        />
        <ProfileFields field={field} />
        {newsletter}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <ImagePicker
          label={t('account.fields.logo')}
          shape="logo"
          file={images.tastingLocationLogo}
          onChange={(file) => onImage('tastingLocationLogo', file)}
        />
        <ImagePicker
          label={t('account.fields.coverImage')}
          shape="cover"
          file={images.tastingLocationImage}
          onChange={(file) => onImage('tastingLocationImage', file)}
        />
      </SimpleGrid>
      <TastingLocationFields field={field} required />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <CountryField field={field} />
        <CurrencyField field={field} />
      </SimpleGrid>
      {newsletter}
    </Stack>
  );
}
