import type { WineEvent } from '@kork/shared';
import { Alert, Anchor, Button, Container, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/form-schema';
import { QueryProvider } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { eventsQuery } from './api/event-queries';
import { eventKeys } from './api/events';
import { EventCard } from './browse/event-card';
import {
  EVENTS_PER_PAGE,
  type EventFilters,
  filtersFromParams,
  isFiltered,
  paramsFromFilters,
  queryFromFilters,
} from './browse/event-filters';
import { EventFiltersBar } from './browse/event-filters-bar';
import classes from './browse/events.module.css';
import { eventPath } from './event-text';
import { LazyEventEditorDialog } from './lazy-editor';

/** SPEC §2 /events: upcoming and past wine events, searchable and filtered, for everyone. */
export function EventsPage() {
  return (
    <QueryProvider>
      <Events />
    </QueryProvider>
  );
}

function Events() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  usePageTitle(t('wineEvents.title'));
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const query = useMemo(() => queryFromFilters(filters), [filters]);
  // The editor's code is fetched the first time someone opens it, then stays mounted.
  const [editorLoaded, setEditorLoaded] = useState(false);
  const [creating, setCreating] = useState(false);

  const result = useQuery({ ...eventsQuery(query, session.status), placeholderData: keepPreviousData });

  const change = useCallback(
    (update: Partial<EventFilters>) => {
      setParams(
        (current) => {
          // The router renders a navigation as a transition, so under load the params of the last render
          // can lag the address bar: two filters chosen in quick succession must both stay.
          const live =
            window.location.pathname === pathname ? new URLSearchParams(window.location.search) : current;
          const next = { ...filtersFromParams(live), ...update };
          if (!('page' in update)) next.page = 1;
          return paramsFromFilters(next);
        },
        // Typing in the search box does not fill the history; choosing a filter does.
        { replace: 'search' in update && Object.keys(update).length === 1 },
      );
    },
    [setParams, pathname],
  );

  const goTo = (page: number) => {
    change({ page });
    window.scrollTo({ top: 0 });
  };

  const saved = (event: WineEvent) => {
    setCreating(false);
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    navigate(eventPath(event.id));
  };

  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / EVENTS_PER_PAGE)) : 1;
  const numbers = new Intl.NumberFormat(locale);

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <div className={classes.header}>
          <div className={classes.headerText}>
            <Title order={1}>{t('wineEvents.title')}</Title>
            <Text mt={4}>{t('wineEvents.intro')}</Text>
          </div>
          {session.status === 'authenticated' ? (
            <Button
              radius="xl"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => {
                setEditorLoaded(true);
                setCreating(true);
              }}
            >
              {t('wineEvents.create')}
            </Button>
          ) : session.status === 'anonymous' ? (
            <Anchor component={Link} to={`/sign-in?redirect=${encodeURIComponent('/events')}`} fw={600}>
              {t('wineEvents.signInToCreate')}
            </Anchor>
          ) : null}
        </div>

        <EventFiltersBar filters={filters} cities={data?.cities ?? []} onChange={change} />

        {result.isError && !data ? (
          <Alert color="red" variant="light" role="alert" title={t('wineEvents.error')}>
            <Text size="sm">{errorMessage(result.error)}</Text>
            <Button variant="default" size="xs" mt="sm" onClick={() => void result.refetch()}>
              {t('wineEvents.retry')}
            </Button>
          </Alert>
        ) : !data ? (
          <div className={classes.grid} aria-busy="true">
            {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
              <Skeleton key={key} height={280} radius="md" />
            ))}
          </div>
        ) : (
          <>
            <Text aria-live="polite" data-testid="events-count">
              {t('wineEvents.count', { count: data.count, formatted: numbers.format(data.count) })}
            </Text>
            {data.rows.length === 0 ? (
              <EmptyState filters={filters} />
            ) : (
              <ul className={classes.grid} aria-busy={result.isFetching}>
                {data.rows.map((event) => (
                  <li key={event.id}>
                    <EventCard event={event} />
                  </li>
                ))}
              </ul>
            )}
            {pages > 1 && (
              <nav aria-label={t('wineEvents.pages')}>
                <Pagination
                  total={pages}
                  value={Math.min(filters.page, pages)}
                  onChange={goTo}
                  siblings={1}
                  boundaries={1}
                  getControlProps={(control) => ({
                    'aria-label': t(`wineEvents.pagination.${control}`),
                  })}
                />
              </nav>
            )}
          </>
        )}
      </Stack>

      {editorLoaded && (
        <Suspense fallback={null}>
          <LazyEventEditorDialog opened={creating} onClose={() => setCreating(false)} onSaved={saved} />
        </Suspense>
      )}
    </Container>
  );
}

function EmptyState({ filters }: { filters: EventFilters }) {
  const { t } = useTranslation();
  const [title, text] = isFiltered(filters)
    ? [t('wineEvents.empty.noMatchTitle'), t('wineEvents.empty.noMatchText')]
    : filters.when === 'past'
      ? [t('wineEvents.empty.pastTitle'), t('wineEvents.empty.pastText')]
      : [t('wineEvents.empty.upcomingTitle'), t('wineEvents.empty.upcomingText')];
  return (
    <div className={classes.empty} data-testid="events-empty">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {text}
      </Text>
    </div>
  );
}
