import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthFrame } from './components/auth-frame';

export function SignInPage() {
  const { t } = useTranslation();
  return (
    <AuthFrame
      title={t('auth.signIn.title')}
      description={t('auth.signIn.description')}
      footer={
        <Text size="sm">
          {t('auth.signIn.noAccount')} <Link to="/registration">{t('auth.signIn.register')}</Link>
          {' · '}
          <Link to="/password-recovery">{t('auth.signIn.forgot')}</Link>
        </Text>
      }
    />
  );
}
