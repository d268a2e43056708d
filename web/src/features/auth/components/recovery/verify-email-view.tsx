import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/form-schema';
import { verifyEmail } from '../../api/verify-email';
import { useCompleteLogin } from '../../use-complete-login';
import { RequestRecoveryForm } from './request-recovery-form';

/**
 * The link in the verification mail (`flow=verify`): it confirms the address and signs the person in
 * (SPEC §4). A used or expired link says so and offers a new one.
 */
export function VerifyEmailView({ token }: { token: string }) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    let current = true;
    verifyEmail(token).then(
      (result) => {
        if (current) completeLogin(result, t('auth.verification.verified'));
      },
      (error: unknown) => {
        if (current) setFailure(errorMessage(error));
      },
    );
    return () => {
      current = false;
    };
  }, [token, completeLogin, t]);

  if (!failure) {
    return (
      <Stack align="center" gap="sm" py="lg" role="status">
        <Loader color="wine" aria-hidden />
        <Text>{t('auth.verification.checking')}</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Alert color="wine" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        <Text size="sm">{failure}</Text>
      </Alert>
      <Text size="sm">{t('auth.verification.newLink')}</Text>
      <RequestRecoveryForm purpose="verify" />
    </Stack>
  );
}
