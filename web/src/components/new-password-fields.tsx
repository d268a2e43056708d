import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from './password-strength-meter';

interface NewPasswordFieldsProps {
  /** "Password" when registering, "New password" when changing or resetting it. */
  label: string;
  password: GetInputPropsReturnType;
  confirmPassword: GetInputPropsReturnType;
  /** The password typed so far, for the strength meter. */
  value: string;
}

/** A new password with its rule, strength meter and repeat field: registration, reset and profile alike. */
export function NewPasswordFields({ label, password, confirmPassword, value }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const meterId = useId();
  const toggle = { 'aria-label': t('auth.fields.togglePassword') };
  return (
    <>
      <div>
        <PasswordInput
          label={label}
          description={t('auth.fields.passwordHint')}
          autoComplete="new-password"
          required
          aria-describedby={meterId}
          visibilityToggleButtonProps={toggle}
          {...password}
        />
        <PasswordStrengthMeter password={value} id={meterId} />
      </div>
      <PasswordInput
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={toggle}
        {...confirmPassword}
      />
    </>
  );
}
