import { Button, type ButtonProps } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form-schema';
import { notify } from '../../../lib/notify';
import { sendVerificationMail } from '../api/send-verification-mail';

interface ResendVerificationProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  email: string;
}

/**
 * "Send the link again": a new verification mail to `email`. The API answers the same whether or not
 * the address has an account, so the toast says that a link is on its way, not that the account exists.
 */
export function ResendVerification({ email, ...buttonProps }: ResendVerificationProps) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  return (
    <Button
      variant="light"
      radius="xl"
      leftSection={<IconMailForward size={16} aria-hidden />}
      {...buttonProps}
      loading={sending}
      onClick={async () => {
        setSending(true);
        try {
          await sendVerificationMail(email);
          notify.success(t('auth.verification.sent', { email }));
        } catch (error) {
          notify.error(errorMessage(error));
        } finally {
          setSending(false);
        }
      }}
    >
      {t('auth.verification.resend')}
    </Button>
  );
}
