import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessage } from '../../../../lib/form-schema';
import { ResendVerification } from '../resend-verification';

/**
 * Step 4: registering does not sign in (SPEC §4). The person confirms their address from the mail first;
 * a link that never came can be sent again from here.
 */
export function CheckEmailStep({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="green.9" variant="light" icon={<IconMailCheck size={20} aria-hidden />} role="status">
        <Text size="sm" fw={600}>
          {translateMessage('accountCreated')}
        </Text>
        <Text size="sm" mt={4}>
          {t('auth.registration.checkEmail.sentTo', { email })}
        </Text>
      </Alert>
      <Text size="sm" c="dimmed">
        {t('auth.registration.checkEmail.noMail')}
      </Text>
      <Group gap="sm">
        <ResendVerification email={email} />
        <Button
          component={Link}
          to={`/sign-in?email=${encodeURIComponent(email)}`}
          variant="subtle"
          radius="xl"
        >
          {t('auth.registration.checkEmail.signIn')}
        </Button>
      </Group>
    </Stack>
  );
}
