import { hasTastingLocation, UpdateProfileInput, type User } from '@kork/shared';
import { Button, Checkbox, Group, SimpleGrid, Stack, TagsInput, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  PROFILE_FIELDS,
  type ProfileValues,
  profileValuesOf,
  TASTING_LOCATION_FIELDS,
  type TastingLocationValues,
  tastingLocationValuesOf,
  toProfileInput,
} from '../../../components/account-fields/account-values';
import { ProfileFields } from '../../../components/account-fields/profile-fields';
import { apiFieldErrors, errorMessage, schemaValidator } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { updateViewer } from '../../../lib/session';
import { CurrencySelect } from '../../config/components/currency-select';
import { updateUser } from '../api/update-user';
import classes from './settings-section.module.css';
import { TastingLocationFields } from './tasting-location-fields';

/** The favorite stores rule of the shared schema: at most 20 (SPEC §2 favorite stores). */
const MAX_FAVORITE_STORES = 20;

interface ProfileFormValues extends ProfileValues, TastingLocationValues {
  firstName: string;
  lastName: string;
  jobTitle: string;
  location: string;
  favoriteStores: string[];
}

function valuesOf(user: User): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    jobTitle: user.jobTitle ?? '',
    location: user.location ?? '',
    favoriteStores: user.favoriteStores,
    ...profileValuesOf(user),
    ...tastingLocationValuesOf(user),
  };
}

/** The fields this person's type has: tasting-location fields only for the types with a tasting location. */
function changesOf(values: ProfileFormValues, user: User): Record<string, unknown> {
  const fields: string[] = [
    'firstName',
    'lastName',
    'jobTitle',
    'location',
    'favoriteStores',
    // The currency is saved on its own, the moment it is chosen (the navbar's control, shown here too).
    ...PROFILE_FIELDS.filter((field) => field !== 'viewCurrency'),
  ];
  if (hasTastingLocation(user.userType)) fields.push(...TASTING_LOCATION_FIELDS);
  const picked = Object.fromEntries(fields.map((field) => [field, values[field as keyof ProfileFormValues]]));
  return toProfileInput(picked);
}

/** Every profile field of SPEC §3 for the signed-in person, saved together, checked with UpdateProfileInput. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(user),
    validate: schemaValidator(UpdateProfileInput, (values: ProfileFormValues) => changesOf(values, user)),
  });
  const withLocation = hasTastingLocation(user.userType);

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await updateUser(user.id, changesOf(values, user));
      updateViewer(saved);
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      notify.success(t('profile.saved'));
    } catch (error) {
      form.setErrors(apiFieldErrors(error));
      notify.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xl">
        <section className={classes.section} aria-labelledby="profile-about">
          <Title order={2} size="h3" id="profile-about" className={classes.heading}>
            {t('profile.sections.about')}
          </Title>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                label={t('account.fields.firstName')}
                autoComplete="given-name"
                required
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label={t('account.fields.lastName')}
                autoComplete="family-name"
                required
                {...form.getInputProps('lastName')}
              />
              <TextInput
                label={t('account.fields.jobTitle')}
                autoComplete="organization-title"
                {...form.getInputProps('jobTitle')}
              />
              <TextInput label={t('account.fields.place')} {...form.getInputProps('location')} />
            </SimpleGrid>
            <ProfileFields field={form.getInputProps} currency={<CurrencySelect variant="field" />} />
            <TagsInput
              label={t('account.fields.favoriteStores')}
              description={t('account.fields.favoriteStoresHint', { max: MAX_FAVORITE_STORES })}
              placeholder={t('account.fields.favoriteStoresPlaceholder')}
              maxTags={MAX_FAVORITE_STORES}
              clearable
              {...form.getInputProps('favoriteStores')}
            />
            <Checkbox
              label={t('account.fields.newsletter')}
              {...form.getInputProps('newsletter', { type: 'checkbox' })}
            />
          </Stack>
        </section>

        {withLocation && (
          <section className={classes.section} aria-labelledby="profile-location">
            <Title order={2} size="h3" id="profile-location" className={classes.heading}>
              {t('profile.sections.tastingLocation')}
            </Title>
            <TastingLocationFields field={form.getInputProps} />
          </section>
        )}

        <Group justify="flex-end">
          <Button
            variant="default"
            radius="xl"
            disabled={!form.isDirty() || form.submitting}
            onClick={() => form.reset()}
          >
            {t('profile.undo')}
          </Button>
          <Button type="submit" radius="xl" loading={form.submitting}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
