import type { User } from '@kork/shared';
import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryProvider } from '../../../lib/query-client';
import { userStatisticQuery } from '../api/get-user-statistic';
import classes from './statistic-summary.module.css';

const COUNTS = ['tastingNotes', 'ratings', 'cellarWines', 'wineLists'] as const;

/** What the person has done on Kork, and since when. */
export function StatisticSummary({ user }: { user: User }) {
  return (
    <QueryProvider>
      <Summary user={user} />
    </QueryProvider>
  );
}

function Summary({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const result = useQuery(userStatisticQuery(user.id));
  // `undefined` while it loads, `null` when it could not be fetched.
  const statistic = result.isError ? null : result.data;
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
