import { LIMITS } from '@kork/shared';
import { PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from '../../../../components/password-strength-meter';
import { latestBirthDate, type RegistrationValues } from '../../registration-form';

/** Step 1: who is registering: e-mail, password (with its strength), name and date of birth (18+). */
export function BasicInfoStep({ form }: { form: UseFormReturnType<RegistrationValues> }) {
  const { t } = useTranslation();
  const meterId = useId();
  return (
    <Stack gap="md">
      <TextInput
        type="email"
        label={t('auth.fields.email')}
        autoComplete="email"
        inputMode="email"
        required
        {...form.getInputProps('email')}
      />
      <div>
        <PasswordInput
          label={t('auth.fields.password')}
          description={t('auth.fields.passwordHint')}
          autoComplete="new-password"
          required
          aria-describedby={meterId}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.fields.togglePassword') }}
          {...form.getInputProps('password')}
        />
        <PasswordStrengthMeter password={form.values.password} id={meterId} />
      </div>
      <PasswordInput
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={{ 'aria-label': t('auth.fields.togglePassword') }}
        {...form.getInputProps('confirmPassword')}
      />
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
