import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import classes from './public-wine-list.module.css';

/** While the list loads: the shape of its top and first wines, in the list's colours. */
export function WineListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={classes.state} aria-busy="true">
      <span className={classes.visuallyHidden} role="status">
        {t('wineListPublic.loading')}
      </span>
      <div className={classes.placeholder} style={{ width: '40%' }} />
      <div className={classes.placeholder} style={{ width: '70%', height: '2em' }} />
      <div className={classes.placeholder} />
      <div className={classes.placeholder} />
      <div className={classes.placeholder} />
    </div>
  );
}

/**
 * A list that is private or does not exist (404, or no id at all), or that could not be fetched: said
 * kindly, in the list's look, with a way on.
 */
export function WineListProblem({
  error,
  onRetry,
  embedded = false,
}: {
  error: unknown;
  onRetry: () => void;
  embedded?: boolean;
}) {
  const { t } = useTranslation();
  // No id, or a 404 (private or unknown): not found. Anything else failed and may work again.
  const failed = error !== undefined && !(error instanceof ApiError && error.status === 404);
  if (embedded && !failed) {
    return (
      <div className={classes.state}>
        <p className={classes.stateText}>{t('wineListPublic.embed.notFound')}</p>
      </div>
    );
  }
  return (
    <div className={classes.state}>
      <h1 className={classes.stateTitle}>
        {failed ? t('wineListPublic.error.title') : t('wineListPublic.notFound.title')}
      </h1>
      <p className={classes.stateText}>
        {failed ? t('wineListPublic.error.text') : t('wineListPublic.notFound.text')}
      </p>
      <div className={classes.links}>
        {failed && (
          <button type="button" className={classes.linkButton} data-primary onClick={onRetry}>
            {t('wineListPublic.error.retry')}
          </button>
        )}
        {!embedded && (
          <Link to="/feed" className={classes.linkButton} data-primary={failed ? undefined : true}>
            {t('wineListPublic.notFound.toFeed')}
          </Link>
        )}
      </div>
    </div>
  );
}
