import type { CellarLocation, CellarWine, CurrencyCode, HistoryEntry } from '@kork/shared';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../../i18n/i18n';
import { formatCount } from '../../../lib/format-number';
import { QueryProvider } from '../../../lib/query-client';
import { RestorePriceAction } from '../../pricing/restore-price-button';
import { wineHistoryQuery } from '../api/cellar-queries';
import { HistoryActionBadge } from '../history/history-action-badge';
import { HistoryChange } from '../history/history-change';
import { formatDateTime } from '../history/history-format';
import classes from './wine-history-tab.module.css';

/** The newest entries the drawer lists; the history page has the rest. */
export const WINE_HISTORY_SIZE = 20;

const HISTORY_PATH = '/wine-cellar/history';

/**
 * This wine's entries, newest first. Fetched again when the wine changes (a save or a move writes a new
 * entry: its `updatedAt` is part of the key), and on "Try again" after a failure.
 */
function useWineHistory(userId: string, wine: CellarWine) {
  return useQuery(wineHistoryQuery(userId, wine.id, wine.updatedAt, WINE_HISTORY_SIZE));
}

interface WineHistoryProps {
  userId: string;
  wine: CellarWine;
  locations: CellarLocation[];
  baseCurrency: CurrencyCode | undefined;
}

/** The history tab: a compact list (when, who, what, the change) that fits the drawer's width. */
export function WineHistory(props: WineHistoryProps) {
  return (
    <QueryProvider>
      <History {...props} />
    </QueryProvider>
  );
}

function History({ userId, wine, locations, baseCurrency }: WineHistoryProps) {
  const { t } = useTranslation();
  const history = useWineHistory(userId, wine);
  const locationNames = useMemo(
    () => new Map(locations.map((location) => [location.id, location.name])),
    [locations],
  );

  if (!history.data && !history.isError) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('cellarReview.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={56} radius="sm" />
        ))}
      </Stack>
    );
  }

  if (!history.data) {
    return (
      <Alert color="red" variant="light" radius="md" role="alert" title={t('cellarReview.history.loadError')}>
        <Button size="xs" radius="xl" variant="light" color="red" onClick={() => void history.refetch()}>
          {t('cellarReview.retry')}
        </Button>
      </Alert>
    );
  }

  const { rows, count } = history.data;
  if (rows.length === 0) {
    return (
      <Stack align="center" gap="xs" className={classes.empty}>
        <IconHistory size={32} stroke={1.4} aria-hidden className={classes.emptyIcon} />
        <Text fw={700}>{t('cellarReview.history.empty.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('cellarWines.detail.history.empty')}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <ol
        className={classes.list}
        aria-label={t('cellarWines.detail.history.label', { name: wine.wineDisplayName })}
      >
        {rows.map((entry) => (
          <HistoryItem
            key={entry.id}
            userId={userId}
            entry={entry}
            locationNames={locationNames}
            baseCurrency={baseCurrency}
          />
        ))}
      </ol>
      {count > rows.length && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('cellarWines.detail.history.more', {
              shown: formatCount(rows.length, currentLocale()),
              total: formatCount(count, currentLocale()),
            })}
          </Text>
          <Anchor component={Link} to={HISTORY_PATH} size="sm">
            {t('cellarWines.detail.history.seeAll')}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}

function HistoryItem({
  userId,
  entry,
  locationNames,
  baseCurrency,
}: {
  userId: string;
  entry: HistoryEntry;
  locationNames: ReadonlyMap<string, string>;
  baseCurrency: CurrencyCode | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li className={classes.item}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <HistoryActionBadge action={entry.action} />
        <Text size="xs" c="dimmed" ta="end">
          <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.resolvedLanguage)}</time>
          <br />
          {t('cellarWines.detail.history.by', { name: entry.actorName })}
        </Text>
      </Group>
      <HistoryChange entry={entry} locationNames={locationNames} baseCurrency={baseCurrency} />
      <RestorePriceAction userId={userId} entry={entry} />
    </li>
  );
}
