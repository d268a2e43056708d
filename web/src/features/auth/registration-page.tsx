import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthFrame } from './components/auth-frame';

export function RegistrationPage() {
  const { t } = useTranslation();
  return (
    <AuthFrame
      title={t('auth.registration.title')}
      description={t('auth.registration.description')}
      footer={
        <Text size="sm">
          {t('auth.registration.haveAccount')} <Link to="/sign-in">{t('auth.registration.signIn')}</Link>
        </Text>
      }
    />
  );
}
