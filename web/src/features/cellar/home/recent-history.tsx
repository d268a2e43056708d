import type { HistoryEntry } from '@kork/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HistoryActionBadge } from '../history/history-action-badge';
import { formatDateTime } from '../history/history-format';
import classes from './dashboard.module.css';
import { DashboardPanel } from './dashboard-panel';

/** The latest changes in brief; the history page has the details and filters. */
export function RecentHistory({ entries }: { entries: HistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  return (
    <DashboardPanel
      title={t('cellarReview.home.recent.title')}
      more={{ to: '/wine-cellar/history', label: t('cellarReview.home.recent.seeAll') }}
    >
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('cellarReview.home.recent.empty')}
        </Text>
      ) : (
        <ul className={classes.list}>
          {entries.map((entry) => (
            <li key={entry.id} className={classes.historyItem}>
              <HistoryActionBadge action={entry.action} />
              <Text size="sm" fw={600} className={classes.historyWine}>
                {entry.wineDisplayName}
              </Text>
              <Text size="xs" c="dimmed" className={classes.historyMeta}>
                <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.resolvedLanguage)}</time> ·{' '}
                {entry.actorName}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
