import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthFrame } from './components/auth-frame';

export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  return (
    <AuthFrame
      title={t('auth.passwordRecovery.title')}
      description={t('auth.passwordRecovery.description')}
      footer={
        <Text size="sm">
          <Link to="/sign-in">{t('auth.passwordRecovery.backToSignIn')}</Link>
        </Text>
      }
    />
  );
}
