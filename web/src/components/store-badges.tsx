import { VisuallyHidden } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { APP_STORE_URL, GOOGLE_PLAY_URL } from '../lib/links';
import classes from './store-badges.module.css';

interface BadgeProps {
  href: string;
  label: string;
  kicker: string;
  store: string;
  icon: 'apple' | 'google';
}

const WIDTH = 168;
const HEIGHT = 46;

/** A store badge drawn here (no third-party artwork); screen readers hear the hidden label, not the drawing. */
function StoreBadge({ href, label, kicker, store, icon }: BadgeProps) {
  const Icon = icon === 'apple' ? IconBrandApple : IconBrandGooglePlay;
  return (
    <a href={href} className={classes.badge} target="_blank" rel="noopener noreferrer">
      <VisuallyHidden>{label}</VisuallyHidden>
      <svg
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        aria-hidden="true"
        focusable="false"
      >
        <rect x="0.5" y="0.5" width={WIDTH - 1} height={HEIGHT - 1} rx="9" fill="#0f0a0b" stroke="#a69a94" />
        <Icon x={12} y={9} width={28} height={28} stroke={1.6} color="#ffffff" />
        <text
          x="48"
          y="18"
          fill="#ffffff"
          fontSize="9"
          letterSpacing="0.4"
          fontFamily="system-ui, sans-serif"
        >
          {kicker}
        </text>
        <text x="47" y="35" fill="#ffffff" fontSize="16" fontWeight="600" fontFamily="system-ui, sans-serif">
          {store}
        </text>
      </svg>
    </a>
  );
}

export function StoreBadges() {
  const { t } = useTranslation();
  return (
    <div className={classes.row}>
      <StoreBadge
        href={APP_STORE_URL}
        label={t('storeBadges.appStoreLabel')}
        kicker={t('storeBadges.appStoreKicker')}
        store={t('storeBadges.appStoreName')}
        icon="apple"
      />
      <StoreBadge
        href={GOOGLE_PLAY_URL}
        label={t('storeBadges.googlePlayLabel')}
        kicker={t('storeBadges.googlePlayKicker')}
        store={t('storeBadges.googlePlayName')}
        icon="google"
      />
    </div>
  );
}
