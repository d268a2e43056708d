import { useTranslation } from 'react-i18next';
import classes from './logo.module.css';

interface LogoProps {
  /** `light` for dark backgrounds (hero, footer), `dark` for the page background. */
  tone?: 'light' | 'dark';
  size?: number;
  /** The mark alone, where the name is said next to it anyway. */
  withWordmark?: boolean;
}

/** The cork mark and the wordmark. Decorative parts are hidden; the product name is the readable text. */
export function Logo({ tone = 'dark', size = 30, withWordmark = true }: LogoProps) {
  const { t } = useTranslation('shell');
  return (
    <span className={classes.logo} data-tone={tone}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" className={classes.tile} />
        <g transform="rotate(-12 32 32)">
          <rect x="20" y="12" width="24" height="40" rx="6" fill="#e3c08f" />
          <rect x="20" y="12" width="24" height="8" rx="4" fill="#c99a5e" />
          <circle cx="27" cy="28" r="1.8" fill="#a97a44" />
          <circle cx="36" cy="33" r="1.5" fill="#a97a44" />
          <circle cx="29" cy="40" r="1.6" fill="#a97a44" />
          <circle cx="37" cy="45" r="1.3" fill="#a97a44" />
          <rect x="20" y="44" width="24" height="8" rx="4" fill="#8c2a45" opacity="0.85" />
        </g>
      </svg>
      {withWordmark && (
        <span className={classes.word} style={{ fontSize: size * 0.8 }}>
          {t('app.name')}
        </span>
      )}
    </span>
  );
}
