import { LogInInput } from '@kork/shared';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { apiFieldErrors, errorMessage, schemaValidator } from '../../../lib/form-schema';
import { logIn } from '../api/log-in';
import { safeRedirectPath } from '../redirect';
import { useCompleteLogin } from '../use-complete-login';
import { ResendVerification } from './resend-verification';

interface SignInValues {
  email: string;
  password: string;
}

type Failure = { message: string; unverifiedEmail?: string };

/** What the person typed for a deactivated account, kept while they answer "Reactivate your account?". */
type Reactivation = { email: string; password: string };

/**
 * E-mail and password. The API's answers are shown as it words them (SPEC §8: "Password or email you
 * entered is incorrect"); an address not yet confirmed gets "send the link again" right there, and a
 * deactivated account is asked "Reactivate your account?" (SPEC §4): confirming signs in and reactivates it.
 */
export function SignInForm() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const completeLogin = useCompleteLogin();
  const [failure, setFailure] = useState<Failure>();
  const [reactivation, setReactivation] = useState<Reactivation>();
  const [reactivating, setReactivating] = useState(false);
  const form = useForm<SignInValues>({
    mode: 'controlled',
    initialValues: { email: search.get('email') ?? '', password: '' },
    validate: schemaValidator(LogInInput),
    validateInputOnBlur: ['email'],
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    setReactivation(undefined);
    try {
      const result = await logIn({
        email: values.email.trim(),
        password: values.password,
        // Only a path of this app goes to the API, which refuses anything else.
        redirect_uri: safeRedirectPath(search.get('redirect_uri')),
      });
      completeLogin(result);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ACCOUNT_DEACTIVATED') {
        setReactivation({ email: values.email.trim(), password: values.password });
        return;
      }
      if (error instanceof ApiError && error.code === 'VALIDATION') form.setErrors(apiFieldErrors(error));
      setFailure({
        message: errorMessage(error),
        unverifiedEmail:
          error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED' ? values.email.trim() : undefined,
      });
    }
  });

  async function reactivate(account: Reactivation) {
    setReactivating(true);
    try {
      const result = await logIn({
        ...account,
        redirect_uri: safeRedirectPath(search.get('redirect_uri')),
        reactivate: true,
      });
      setReactivation(undefined);
      completeLogin(result);
    } catch (error) {
      setReactivation(undefined);
      setFailure({ message: errorMessage(error) });
    } finally {
      setReactivating(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
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
              <Button size="xs" radius="xl" loading={reactivating} onClick={() => reactivate(reactivation)}>
                {t('auth.signIn.reactivate.confirm')}
              </Button>
              <Button size="xs" radius="xl" variant="default" onClick={() => setReactivation(undefined)}>
                {t('auth.signIn.reactivate.cancel')}
              </Button>
            </Group>
          </Alert>
        )}
        {failure && (
          <Alert color="wine" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            <Text size="sm">{failure.message}</Text>
            {failure.unverifiedEmail && (
              <ResendVerification email={failure.unverifiedEmail} size="xs" mt="sm" />
            )}
          </Alert>
        )}
        <TextInput
          type="email"
          label={t('auth.fields.email')}
          autoComplete="username"
          inputMode="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('auth.fields.password')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('auth.fields.togglePassword') }}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/password-recovery" size="sm">
            {t('auth.signIn.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" radius="xl" loading={form.submitting}>
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
