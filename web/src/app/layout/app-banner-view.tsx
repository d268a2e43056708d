import { Button, CloseButton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { appStoreForDevice } from '../../lib/links';
import classes from './app-banner.module.css';

export default function AppBannerView({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <section className={classes.banner} aria-label={t('appBanner.label')}>
      <span className={classes.mark} aria-hidden="true">
        <Logo tone="light" size={32} withWordmark={false} />
      </span>
      <div className={classes.copy}>
        <Text fw={700} size="sm" className={classes.title}>
          {t('appBanner.title')}
        </Text>
        <Text size="xs" className={classes.text}>
          {t('appBanner.text')}
        </Text>
      </div>
      <Button
        component="a"
        href={appStoreForDevice(navigator.userAgent)}
        target="_blank"
        rel="noopener noreferrer"
        size="compact-sm"
        radius="xl"
        className={classes.get}
      >
        {t('appBanner.getApp')}
      </Button>
      <CloseButton
        aria-label={t('appBanner.close')}
        title={t('appBanner.close')}
        onClick={onClose}
        className={classes.close}
      />
    </section>
  );
}
