import type { User } from '@kork/shared';
import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserStatistic } from '../api/get-user-statistic';
import classes from './statistic-summary.module.css';

const COUNTS = ['tastingNotes', 'ratings', 'cellarWines', 'wineLists'] as const;

/** What the person has done on Kork, and since when. */
export function StatisticSummary({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const statistic = useUserStatistic(user.id);
  const since = new Intl.DateTimeFormat(i18n.resolvedLanguage, { year: 'numeric', month: 'long' }).format(
    new Date(statistic?.memberSince ?? user.createdAt),
  );
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);

  return (
    <div>
      <dl className={classes.grid} aria-busy={statistic === undefined || undefined}>
        {COUNTS.map((key) => (
          <div key={key} className={classes.item}>
            <dt className={classes.label}>{t(`profile.statistic.${key}`)}</dt>
            <dd className={classes.value}>
              {statistic === undefined ? (
                <Skeleton height={28} width={40} />
              ) : statistic === null ? (
                '–'
              ) : (
                number.format(statistic[key])
              )}
            </dd>
          </div>
        ))}
      </dl>
      <Text size="sm" c="dimmed" mt="sm">
        {t('profile.statistic.memberSince', { date: since })}
      </Text>
    </div>
  );
}
