import { LIMITS } from '@kork/shared';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../../components/new-password-fields';
import { latestBirthDate, type RegistrationValues } from '../../registration-form';

/**
 * Step 1: who is registering: e-mail, password (with its strength), name and date of birth (18+). With
 * Google or Apple (`social`) the provider gives the address and there is no password.
 */
export function BasicInfoStep({
  form,
  social = false,
}: {
  form: UseFormReturnType<RegistrationValues>;
  social?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {!social && (
        <>
          <TextInput
            type="email"
            label={t('auth.fields.email')}
            autoComplete="email"
            inputMode="email"
            required
            {...form.getInputProps('email')}
          />
          <NewPasswordFields
            label={t('auth.fields.password')}
            password={form.getInputProps('password')}
            confirmPassword={form.getInputProps('confirmPassword')}
            value={form.values.password}
          />
        </>
      )}
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
      </SimpleGrid>
      <TextInput
        type="date"
        label={t('account.fields.birthDate')}
        description={t('account.fields.birthDateHint')}
        autoComplete="bday"
        required
        max={latestBirthDate(LIMITS.minimumAge)}
        {...form.getInputProps('birthDate')}
      />
    </Stack>
  );
}
