import { MESSAGES, UpdateProfileInput, type User } from '@kork/shared';
import { Button, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { apiFieldErrors, errorMessage, schemaValidator } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { startSession } from '../../../lib/session';
import { changePassword } from '../api/change-password';
import classes from './settings-section.module.css';

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { currentPassword: '', password: '', confirmPassword: '' };

/** Change password: the current one, the new one with its strength, and the new one again. */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaValidator(UpdateProfileInput),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      startSession(await changePassword(user, values));
      form.reset();
      notify.success(MESSAGES.passwordChanged[currentLocale()]);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION') {
        form.setErrors(apiFieldErrors(error));
        return;
      }
      notify.error(errorMessage(error));
    }
  });

  return (
    <section className={classes.section} aria-labelledby="profile-password">
      <Title order={2} size="h3" id="profile-password" className={classes.heading}>
        {t('profile.sections.password')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={420}>
          <PasswordInput
            label={t('auth.fields.currentPassword')}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('auth.fields.togglePassword') }}
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields
            label={t('auth.fields.newPassword')}
            password={form.getInputProps('password')}
            confirmPassword={form.getInputProps('confirmPassword')}
            value={form.values.password}
          />
          <Group>
            <Button type="submit" radius="xl" loading={form.submitting}>
              {t('profile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
