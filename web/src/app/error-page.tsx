import { IconGlassOff, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { SUPPORT_EMAIL } from '../lib/links';
import { usePageTitle } from '../lib/use-page-title';
import classes from './status-page.module.css';

/**
 * What a person sees when a screen fails to load or throws (SPEC §2, §8). It is part of the entry bundle,
 * not a lazy page, because a failed download is one of the things it has to cover.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  usePageTitle(t('errorPage.title'));

  useEffect(() => {
    console.error('[app] a screen failed', error);
  }, [error]);

  return (
    <div className={classes.root} role="alert">
      <div className={classes.card}>
        <span className={classes.icon} aria-hidden="true">
          <IconGlassOff size={36} stroke={1.5} />
        </span>
        {/* Plain elements styled as the theme's Title and Text: this page is part of the first load. */}
        <h1 className={classes.heading}>{t('errorPage.title')}</h1>
        <p className={classes.lead}>{t('errorPage.text')}</p>
        {/* A plain button: the error page is in the first load, and Mantine's Button would bring its loader
            and transitions along. */}
        <button type="button" className={classes.refresh} onClick={() => window.location.reload()}>
          <IconRefresh size={18} aria-hidden />
          {t('errorPage.refresh')}
        </button>
        <p className={`${classes.contact} ${classes.small}`}>
          {t('errorPage.contact')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
      </div>
    </div>
  );
}
