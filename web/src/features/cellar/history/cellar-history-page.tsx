import type { HistoryEntry } from '@kork/shared';
import { Alert, Button, Group, Loader, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../lib/format-day';
import { QueryProvider } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { RestorePriceAction } from '../../pricing/restore-price-button';
import { CARDS_QUERY } from '../wines/cards-query';
import classes from './cellar-history-page.module.css';
import { HistoryCards } from './history-cards';
import { HistoryFiltersBar } from './history-filters';
import { HistoryTable } from './history-table';
import { useHistory, useHistoryContext } from './use-history';
import { HISTORY_PAGE_SIZE, hasActiveFilters, useHistoryFilters } from './use-history-filters';

export const CELLAR_HISTORY_PATH = '/wine-cellar/history';

/** The cellar's history (SPEC §3): every change to every wine, newest first, filtered through the URL. */
export function CellarHistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('cellarReview.history.title'));
  const session = useSession();

  return (
    <div className={classes.page}>
      <header className={classes.intro}>
        <Title order={1} className={classes.title}>
          {t('cellarReview.history.title')}
        </Title>
        <Text size="lg" className={classes.lead}>
          {t('cellarReview.history.intro')}
        </Text>
      </header>
      {session.status === 'loading' && <HistorySkeleton />}
      {session.status === 'anonymous' && (
        <Text>
          {t('cellarReview.signedOut')}{' '}
          <Link to={`/sign-in?redirect=${encodeURIComponent(CELLAR_HISTORY_PATH)}`}>
            {t('cellarReview.signIn')}
          </Link>
        </Text>
      )}
      {session.status === 'authenticated' && (
        // Keyed by the person so a different sign-in never sees someone else's history.
        <QueryProvider>
          <CellarHistory key={session.user.id} userId={session.user.id} />
        </QueryProvider>
      )}
    </div>
  );
}

function CellarHistory({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const [filters, setFilters] = useHistoryFilters();
  const history = useHistory(userId, filters);
  const context = useHistoryContext(userId);
  const count = history.page?.count ?? 0;
  const more = history.page?.more === true;
  const searchedBackTo = history.page?.searchedBackTo;
  // Each page reads only as far back as it needs, and one entry more: with more to come, the count
  // says "at least" and reaches into the next page, so its number shows.
  const pages = Math.max(1, Math.ceil(count / HISTORY_PAGE_SIZE));
  const filtered = hasActiveFilters(filters);
  const pastTheEnd = !history.loading && history.page?.rows.length === 0 && filters.page > 1;
  const actions = (entry: HistoryEntry) => <RestorePriceAction userId={userId} entry={entry} />;

  // A page beyond the last (an old link, or entries gone since) shows the last page instead.
  useEffect(() => {
    if (pastTheEnd) setFilters({ page: pages }, { replace: true });
  }, [pastTheEnd, pages, setFilters]);

  return (
    <Stack gap="lg">
      <HistoryFiltersBar filters={filters} onChange={setFilters} />

      {history.error !== undefined && (
        <Alert
          color="red"
          variant="light"
          radius="md"
          role="alert"
          title={t('cellarReview.history.loadError')}
        >
          <Button size="xs" radius="xl" variant="light" color="red" onClick={history.retry}>
            {t('cellarReview.retry')}
          </Button>
        </Alert>
      )}

      {!history.page && history.loading && <HistorySkeleton />}

      {history.page && history.page.rows.length === 0 && !history.loading && !pastTheEnd && (
        <EmptyHistory
          filtered={filtered}
          onClear={() => setFilters({ actions: [], search: '', from: '', to: '' })}
        />
      )}

      {history.page && history.page.rows.length > 0 && (
        <div aria-busy={history.loading} className={classes.results}>
          <Group justify="space-between" align="center" mb="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {more
                ? t('cellarReview.history.countAtLeast', { count })
                : t('cellarReview.history.count', { count })}
            </Text>
            {history.loading && <Loader size="xs" aria-label={t('cellarReview.loading')} />}
          </Group>
          {cards ? (
            <HistoryCards
              entries={history.page.rows}
              actions={actions}
              locationNames={context.locationNames}
              baseCurrency={context.baseCurrency}
              label={t('cellarReview.history.caption', { page: filters.page, pages })}
              locale={i18n.resolvedLanguage}
            />
          ) : (
            <HistoryTable
              entries={history.page.rows}
              actions={actions}
              locationNames={context.locationNames}
              baseCurrency={context.baseCurrency}
              caption={t('cellarReview.history.caption', { page: filters.page, pages })}
            />
          )}
        </div>
      )}

      {searchedBackTo && (
        <Text size="sm" c="dimmed" role="note">
          {t('cellarReview.history.searchedBackTo', {
            date: formatDay(searchedBackTo),
          })}
        </Text>
      )}

      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={Math.min(filters.page, pages)}
            onChange={(page) => {
              setFilters({ page });
              window.scrollTo({ top: 0 });
            }}
            getControlProps={(control) => ({ 'aria-label': t(`cellarReview.pagination.${control}`) })}
            getItemProps={(page) => ({ 'aria-label': t('cellarReview.pagination.page', { page }) })}
            // A phone shows the first, the current and the last page, so the row fits 360 px.
            siblings={cards ? 0 : 1}
            size={cards ? 'sm' : 'md'}
          />
        </Group>
      )}
    </Stack>
  );
}

/** A cellar with no history yet, or filters that match nothing (with the way out). */
function EmptyHistory({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" className={classes.empty}>
      <IconHistory size={36} stroke={1.4} aria-hidden className={classes.emptyIcon} />
      {filtered ? (
        <>
          <Text fw={700}>{t('cellarReview.history.noMatch.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('cellarReview.history.noMatch.text')}
          </Text>
          <Button variant="light" radius="xl" mt="xs" onClick={onClear}>
            {t('cellarReview.history.filters.clear')}
          </Button>
        </>
      ) : (
        <>
          <Text fw={700}>{t('cellarReview.history.empty.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('cellarReview.history.empty.text')}
          </Text>
          <Button component={Link} to="/wine-cellar/wines" radius="xl" mt="xs">
            {t('cellarReview.history.empty.link')}
          </Button>
        </>
      )}
    </Stack>
  );
}

function HistorySkeleton() {
  return (
    <Stack gap="xs" aria-busy="true">
      {[0, 1, 2, 3, 4].map((row) => (
        <Skeleton key={row} height={44} radius="sm" />
      ))}
    </Stack>
  );
}
