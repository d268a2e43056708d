import { EmailInput } from '@kork/shared';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, schemaValidator } from '../../../../lib/form-schema';
import { notify } from '../../../../lib/notify';
import { requestPasswordRecovery } from '../../api/request-password-recovery';
import { sendVerificationMail } from '../../api/send-verification-mail';

interface RequestRecoveryFormProps {
  /** `password-recovery` mails a reset link; `verify` mails a new verification link. */
  purpose: 'password-recovery' | 'verify';
  initialEmail?: string;
}

/**
 * Asks for an address and mails a link to it. The answer never says whether the address has an
 * account (the API answers the same either way), so neither does this screen.
 */
export function RequestRecoveryForm({ purpose, initialEmail = '' }: RequestRecoveryFormProps) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: initialEmail },
    validate: schemaValidator(EmailInput),
  });

  const submit = form.onSubmit(async ({ email }) => {
    const address = email.trim();
    try {
      if (purpose === 'verify') await sendVerificationMail(address);
      else await requestPasswordRecovery(address);
      setSentTo(address);
      if (purpose === 'verify') notify.success(t('auth.verification.sent', { email: address }));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  if (sentTo) {
    return (
      <Alert color="green.9" variant="light" icon={<IconMailCheck size={20} aria-hidden />} role="status">
        <Text size="sm">
          {purpose === 'verify'
            ? t('auth.verification.sent', { email: sentTo })
            : t('auth.passwordRecovery.sent', { email: sentTo })}
        </Text>
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          type="email"
          label={t('auth.fields.email')}
          autoComplete="email"
          inputMode="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" radius="xl" size="md" loading={form.submitting}>
          {purpose === 'verify' ? t('auth.verification.resend') : t('auth.passwordRecovery.submit')}
        </Button>
      </Stack>
    </form>
  );
}
