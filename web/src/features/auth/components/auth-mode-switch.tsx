import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { withAuthParams } from '../redirect';
import classes from './auth-mode-switch.module.css';

/**
 * The two modes of SPEC §2, log in and register, as two links that look like a segmented switch: each
 * mode is its own address, so the browser's back button and shared links keep working. A `redirect`
 * travels along, so registering first does not lose where the person was going.
 */
export function AuthModeSwitch({ mode }: { mode: 'login' | 'registration' }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <nav aria-label={t('auth.mode.label')} className={classes.switch}>
      <Link
        to={withAuthParams('/sign-in', search)}
        className={classes.option}
        aria-current={mode === 'login' ? 'page' : undefined}
      >
        {t('auth.mode.login')}
      </Link>
      <Link
        to={withAuthParams('/registration', search)}
        className={classes.option}
        aria-current={mode === 'registration' ? 'page' : undefined}
      >
        {t('auth.mode.registration')}
      </Link>
    </nav>
  );
}
