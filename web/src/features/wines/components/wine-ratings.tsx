import type { WineRatings as Ratings } from '@kork/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPoints, useRatingText } from '../../../lib/wine-text';
import classes from './wine-ratings.module.css';

function RatingItem({ label, points, count }: { label: string; points: number | null; count: string }) {
  const { t, i18n } = useTranslation();
  const ratingText = useRatingText();
  return (
    <div className={classes.item}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value}>
        {points === null ? (
          <Text c="dimmed">{t('wine.ratings.none')}</Text>
        ) : (
          <>
            <span className={classes.points}>{formatPoints(points, i18n.resolvedLanguage)}</span>{' '}
            <Text component="span" fw={600}>
              {ratingText(points)}
            </Text>
          </>
        )}
        <Text size="sm" c="dimmed">
          {count}
        </Text>
      </dd>
    </div>
  );
}

/** The experts' and the community's ratings, each with how many notes it stands on, kept apart. */
export function WineRatings({ ratings }: { ratings: Ratings }) {
  const { t } = useTranslation();
  return (
    <dl className={classes.grid} aria-label={t('wine.ratings.label')}>
      <RatingItem
        label={t('wine.ratings.expert')}
        points={ratings.expertRating}
        count={t('wine.ratings.expertCount', { count: ratings.expertCount })}
      />
      <RatingItem
        label={t('wine.ratings.community')}
        points={ratings.communityRating}
        count={t('wine.ratings.communityCount', { count: ratings.communityCount })}
      />
    </dl>
  );
}
