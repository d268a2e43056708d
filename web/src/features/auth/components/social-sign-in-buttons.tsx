import { MESSAGES } from '@kork/shared';
import { Alert, Button, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLocale } from '../../../i18n/i18n';
import { endSession } from '../../../lib/session';
import { requestCredential } from '../provider-sdk';
import { withAuthParams } from '../redirect';
import { completeSocialSignIn, providerConfigured, type SocialProvider } from '../social-sign-in';
import { useCompleteLogin } from '../use-complete-login';

const PROVIDERS: {
  provider: SocialProvider;
  label: 'auth.social.google' | 'auth.social.apple';
  icon: ReactNode;
}[] = [
  { provider: 'google', label: 'auth.social.google', icon: <IconBrandGoogle size={18} aria-hidden /> },
  { provider: 'apple', label: 'auth.social.apple', icon: <IconBrandApple size={18} aria-hidden /> },
];

type Problem = { kind: 'not-registered' | 'failed'; message: string };

/**
 * "Continue with Google / Apple". A provider without a client id in this build is shown but cannot be
 * pressed, and says why: its button stays focusable (aria-disabled, not disabled) so keyboard and
 * screen-reader users get the same explanation as the tooltip gives a mouse.
 */
export function SocialSignInButtons() {
  const { t } = useTranslation();
  const noticeId = useId();
  const [search] = useSearchParams();
  const completeLogin = useCompleteLogin();
  const [busy, setBusy] = useState<SocialProvider>();
  const [problem, setProblem] = useState<Problem>();
  const unconfigured = PROVIDERS.filter(({ provider }) => !providerConfigured(provider));

  async function signIn(provider: SocialProvider) {
    setProblem(undefined);
    setBusy(provider);
    try {
      const credential = await requestCredential(provider).catch(() => undefined);
      if (!credential) {
        setProblem({
          kind: 'failed',
          message:
            provider === 'apple'
              ? MESSAGES.appleLoginFailed[currentLocale()]
              : MESSAGES.socialLoginFailed[currentLocale()],
        });
        return;
      }
      const outcome = await completeSocialSignIn(credential);
      if (outcome.kind === 'signed-in') {
        completeLogin(outcome.result);
        return;
      }
      endSession();
      if (outcome.kind !== 'silent') setProblem(outcome);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <Stack gap="xs">
      {PROVIDERS.map(({ provider, label, icon }) => {
        const configured = providerConfigured(provider);
        const button = (
          <Button
            key={provider}
            variant="default"
            radius="xl"
            size="md"
            fullWidth
            leftSection={icon}
            loading={busy === provider}
            data-disabled={!configured || undefined}
            aria-disabled={!configured || undefined}
            aria-describedby={configured ? undefined : noticeId}
            onClick={(event) => {
              if (!configured) {
                event.preventDefault();
                return;
              }
              void signIn(provider);
            }}
          >
            {t(label)}
          </Button>
        );
        return configured ? (
          <div key={provider}>{button}</div>
        ) : (
          <Tooltip
            key={provider}
            label={t('auth.social.notConfigured', { provider: t(`auth.social.name.${provider}`) })}
          >
            {button}
          </Tooltip>
        );
      })}
      {unconfigured.length > 0 && (
        <Text id={noticeId} size="xs" c="dimmed">
          {unconfigured.length === PROVIDERS.length
            ? t('auth.social.noneConfigured')
            : t('auth.social.notConfigured', {
                provider: t(`auth.social.name.${unconfigured[0]?.provider ?? 'google'}`),
              })}
        </Text>
      )}
      {problem && (
        <Alert color="wine" variant="light" role="alert">
          <Text size="sm">{problem.message}</Text>
          {problem.kind === 'not-registered' && (
            <Button
              component={Link}
              to={withAuthParams('/registration', search)}
              size="xs"
              radius="xl"
              mt="xs"
            >
              {t('auth.social.register')}
            </Button>
          )}
        </Alert>
      )}
    </Stack>
  );
}
