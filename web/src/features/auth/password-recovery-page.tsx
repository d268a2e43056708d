import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthFrame } from './components/auth-frame';
import { RequestRecoveryForm } from './components/recovery/request-recovery-form';
import { ResetPasswordForm } from './components/recovery/reset-password-form';
import { VerifyEmailView } from './components/recovery/verify-email-view';

/**
 * /password-recovery serves the two mailed flows SPEC §2 names, told apart by `flow`: `verify` (confirm
 * the address and sign in) and `password-recovery` (choose a new password). Without a token it asks for
 * the address to mail a reset link to.
 */
export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const flow = search.get('flow');
  const token = search.get('token');
  const footer = (
    <Text size="sm">
      <Link to="/sign-in">{t('auth.passwordRecovery.backToSignIn')}</Link>
    </Text>
  );

  if (token && flow === 'verify') {
    return (
      <AuthFrame title={t('auth.verification.title')} footer={footer}>
        <VerifyEmailView token={token} />
      </AuthFrame>
    );
  }
  if (token && (flow === 'password-recovery' || flow === null)) {
    return (
      <AuthFrame
        title={t('auth.passwordRecovery.resetTitle')}
        description={t('auth.passwordRecovery.resetDescription')}
        footer={footer}
      >
        <ResetPasswordForm token={token} />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame
      title={t('auth.passwordRecovery.title')}
      description={t('auth.passwordRecovery.description')}
      footer={footer}
    >
      <RequestRecoveryForm purpose="password-recovery" initialEmail={search.get('email') ?? ''} />
    </AuthFrame>
  );
}
