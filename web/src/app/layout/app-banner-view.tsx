import { CloseIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { appStoreForDevice } from '../../lib/links';
import classes from './app-banner.module.css';

/**
 * The banner itself. It paints with the shell, so its two controls are plain elements styled as the
 * theme's compact round button and close button rather than the button components.
 */
export default function AppBannerView({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <section className={classes.banner} aria-label={t('appBanner.label')}>
      <span className={classes.mark} aria-hidden="true">
        <Logo tone="light" size={32} withWordmark={false} />
      </span>
      <div className={classes.copy}>
        <p className={classes.title}>{t('appBanner.title')}</p>
        <p className={classes.text}>{t('appBanner.text')}</p>
      </div>
      <a
        href={appStoreForDevice(navigator.userAgent)}
        target="_blank"
        rel="noopener noreferrer"
        className={`mantine-focus-auto mantine-active ${classes.get}`}
      >
        {t('appBanner.getApp')}
      </a>
      <button
        type="button"
        aria-label={t('appBanner.close')}
        title={t('appBanner.close')}
        onClick={onClose}
        className={`mantine-focus-auto mantine-active ${classes.close}`}
      >
        <CloseIcon aria-hidden />
      </button>
    </section>
  );
}
