import { Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthFrame } from './components/auth-frame';
import { AuthModeSwitch } from './components/auth-mode-switch';
import { SignInForm } from './components/sign-in-form';
import { SocialSignInButtons } from './components/social-sign-in-buttons';
import { withAuthParams } from './redirect';

export function SignInPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <AuthFrame
      title={t('auth.signIn.title')}
      description={t('auth.signIn.description')}
      footer={
        <Text size="sm">
          {t('auth.signIn.noAccount')}{' '}
          <Link to={withAuthParams('/registration', search)}>{t('auth.signIn.register')}</Link>
        </Text>
      }
    >
      <AuthModeSwitch mode="login" />
      <Stack gap="lg" mt="xs">
        <SignInForm />
        <Divider label={t('auth.social.or')} labelPosition="center" />
        <SocialSignInButtons />
      </Stack>
    </AuthFrame>
  );
}
