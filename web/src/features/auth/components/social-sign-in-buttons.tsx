import { Alert, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle, IconUserCheck } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { endSession } from '../../../lib/session';
import { useConfig } from '../../config/api/get-config';
import { requestCredential } from '../provider-sdk';
import { withAuthParams } from '../redirect';
import {
  completeSocialSignIn,
  holdCredentialForSignUp,
  providerConfigured,
  providerFailureMessage,
  type SocialCredential,
  type SocialOutcome,
  type SocialProvider,
} from '../social-sign-in';
import { useCompleteLogin } from '../use-complete-login';

const PROVIDERS: {
  provider: SocialProvider;
  label: 'auth.social.google' | 'auth.social.apple';
  icon: ReactNode;
}[] = [
  { provider: 'google', label: 'auth.social.google', icon: <IconBrandGoogle size={18} aria-hidden /> },
  { provider: 'apple', label: 'auth.social.apple', icon: <IconBrandApple size={18} aria-hidden /> },
];

type Problem = { kind: 'not-registered' | 'failed'; message: string; credential?: SocialCredential };

interface SocialSignInButtonsProps {
  /**
   * On the registration screen: someone not registered yet goes on signing up there with this credential.
   * Elsewhere the screen says so and offers registration, taking the credential along.
   */
  onNotRegistered?: (credential: SocialCredential) => void;
}

/**
 * "Continue with Google / Apple". Someone with an account is signed in; a deactivated account is asked
 * "Reactivate your account?" as with a password. A provider this deployment has no client id for is
 * shown but cannot be pressed, and says why: its button stays focusable (aria-disabled, not disabled)
 * so keyboard and screen-reader users get the same explanation as the tooltip gives a mouse.
 */
export function SocialSignInButtons({ onNotRegistered }: SocialSignInButtonsProps) {
  const { t } = useTranslation();
  const noticeId = useId();
  const [search] = useSearchParams();
  const completeLogin = useCompleteLogin();
  const signIn = useConfig()?.signIn;
  const [busy, setBusy] = useState<SocialProvider>();
  const [problem, setProblem] = useState<Problem>();
  const [reactivation, setReactivation] = useState<SocialCredential>();
  const unconfigured = signIn
    ? PROVIDERS.filter(({ provider }) => !providerConfigured(signIn, provider))
    : [];

  function settle(outcome: SocialOutcome, credential: SocialCredential) {
    if (outcome.kind === 'signed-in') {
      completeLogin(outcome.result);
      return;
    }
    if (outcome.kind === 'deactivated') {
      setReactivation(credential);
      return;
    }
    if (outcome.kind === 'not-registered' && onNotRegistered) {
      onNotRegistered(credential);
      return;
    }
    endSession();
    if (outcome.kind !== 'silent') setProblem({ ...outcome, credential });
  }

  async function start(provider: SocialProvider) {
    if (!signIn) return;
    setProblem(undefined);
    setReactivation(undefined);
    setBusy(provider);
    try {
      const credential = await requestCredential(provider, signIn).catch(() => undefined);
      if (!credential) {
        setProblem({ kind: 'failed', message: providerFailureMessage(provider) });
        return;
      }
      settle(await completeSocialSignIn(credential), credential);
    } finally {
      setBusy(undefined);
    }
  }

  async function reactivate(credential: SocialCredential) {
    setBusy(credential.provider);
    try {
      setReactivation(undefined);
      settle(await completeSocialSignIn(credential, { reactivate: true }), credential);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <Stack gap="xs">
      {reactivation && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconUserCheck size={18} aria-hidden />}
          title={t('auth.signIn.reactivate.title')}
          role="alertdialog"
          aria-label={t('auth.signIn.reactivate.title')}
        >
          <Text size="sm">{t('auth.signIn.reactivate.text')}</Text>
          <Group gap="xs" mt="sm">
            <Button size="xs" radius="xl" onClick={() => reactivate(reactivation)}>
              {t('auth.signIn.reactivate.confirm')}
            </Button>
            <Button size="xs" radius="xl" variant="default" onClick={() => setReactivation(undefined)}>
              {t('auth.signIn.reactivate.cancel')}
            </Button>
          </Group>
        </Alert>
      )}
      {PROVIDERS.map(({ provider, label, icon }) => {
        // Until the configuration has loaded, the buttons wait without a word.
        const configured = providerConfigured(signIn, provider);
        const explained = signIn !== undefined && !configured;
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
            aria-describedby={explained ? noticeId : undefined}
            onClick={(event) => {
              if (!configured || busy) {
                event.preventDefault();
                return;
              }
              void start(provider);
            }}
          >
            {t(label)}
          </Button>
        );
        return explained ? (
          <Tooltip
            key={provider}
            label={t('auth.social.notConfigured', { provider: t(`auth.social.name.${provider}`) })}
          >
            {button}
          </Tooltip>
        ) : (
          <div key={provider}>{button}</div>
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
              onClick={() => problem.credential && holdCredentialForSignUp(problem.credential)}
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
