import { MESSAGES, PasswordResetInput } from '@kork/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '../../../../components/new-password-fields';
import { currentLocale } from '../../../../i18n/i18n';
import { ApiError } from '../../../../lib/api-client';
import { apiFieldErrors, errorMessage, schemaValidator } from '../../../../lib/form-schema';
import { notify } from '../../../../lib/notify';
import { resetPassword } from '../../api/reset-password';
import { RequestRecoveryForm } from './request-recovery-form';

/**
 * A new password from a mailed link (`flow=password-recovery`). Afterwards the person signs in with it;
 * a used or old link says so and offers a new one.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [invalidLink, setInvalidLink] = useState<string>();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaValidator(
      PasswordResetInput,
      (values: { password: string; confirmPassword: string }) => ({
        ...values,
        token,
      }),
    ),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await resetPassword({ token, ...values });
      notify.success(MESSAGES.passwordChanged[currentLocale()]);
      navigate('/sign-in', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_TOKEN') {
        setInvalidLink(error.message);
        return;
      }
      form.setErrors(apiFieldErrors(error));
      notify.error(errorMessage(error));
    }
  });

  if (invalidLink) {
    return (
      <Stack gap="md">
        <Alert color="wine" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          <Text size="sm">{invalidLink}</Text>
        </Alert>
        <Text size="sm">{t('auth.passwordRecovery.newLink')}</Text>
        <RequestRecoveryForm purpose="password-recovery" />
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NewPasswordFields
          label={t('auth.fields.newPassword')}
          password={form.getInputProps('password')}
          confirmPassword={form.getInputProps('confirmPassword')}
          value={form.values.password}
        />
        <Button type="submit" radius="xl" size="md" loading={form.submitting}>
          {t('auth.passwordRecovery.save')}
        </Button>
      </Stack>
    </form>
  );
}
