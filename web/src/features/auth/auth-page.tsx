import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthFrame } from './components/auth-frame';

/** /auth/…: the authentication paths of SPEC §2 (returns from providers) land here. */
export function AuthPage() {
  const { t } = useTranslation();
  return (
    <AuthFrame title={t('auth.link.title')} description={t('auth.link.description')}>
      <Button component={Link} to="/feed" radius="xl" size="md" variant="light" mt="sm">
        {t('auth.backHome')}
      </Button>
    </AuthFrame>
  );
}
