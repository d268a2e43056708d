import { useTranslation } from 'react-i18next';
import { AuthFrame } from './components/auth-frame';

/** /auth/…: the links in verification and sign-in e-mails and the social sign-in returns land here. */
export function AuthPage() {
  const { t } = useTranslation();
  return <AuthFrame title={t('auth.link.title')} description={t('auth.link.description')} />;
}
