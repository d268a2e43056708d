import { Alert, Button, Text } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SocialSignUpNoticeProps {
  provider: 'google' | 'apple';
  email?: string | undefined;
  /** Back to registering with an address and a password. */
  onLeave: () => void;
}

/** Says whose Google or Apple account the new Kork account is made with, and offers the other way. */
export function SocialSignUpNotice({ provider, email, onLeave }: SocialSignUpNoticeProps) {
  const { t } = useTranslation();
  const name = t(`auth.social.name.${provider}`);
  const Icon = provider === 'google' ? IconBrandGoogle : IconBrandApple;
  return (
    <Alert
      color="wine"
      variant="light"
      icon={<Icon size={18} aria-hidden />}
      title={t('auth.social.signUp.title', { provider: name })}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {email
          ? t('auth.social.signUp.as', { provider: name, email })
          : t('auth.social.signUp.asUnknown', { provider: name })}
      </Text>
      <Button variant="subtle" size="compact-sm" mt="xs" px={0} onClick={onLeave}>
        {t('auth.social.signUp.leave')}
      </Button>
    </Alert>
  );
}
