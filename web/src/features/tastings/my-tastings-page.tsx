import { MAIN_CATEGORIES, type MainCategory } from '@kork/shared';
import {
  Alert,
  Button,
  Container,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconNotebook, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryProvider } from '../../lib/query-client';
import { useViewer } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { tastingKeys, userTastingsQuery } from './api/tasting-queries';
import { TastingNoteCard } from './components/tasting-note-card';
import { useNoteEditing } from './components/use-note-editing';
import {
  isFiltered,
  MAX_SEARCH_LENGTH,
  type MyTastingsSearch,
  POINT_RANGE_KEYS,
  type PointRange,
  queryOf,
  readSearch,
  writeSearch,
} from './my-tastings-filters';

export const MY_TASTINGS_PATH = '/my-tastings';
const PER_PAGE = 20;
const SNIPPET = 220;
/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

/**
 * My tastings: every note the signed-in person wrote, published and private, the newest tasting first,
 * 20 a page, each with its wine and the way to change or delete it. A search over the wines and the
 * notes' words, the wine's style and a range of points narrow the list; the address keeps all of it.
 */
export function MyTastingsPage() {
  return (
    <QueryProvider>
      <MyTastings />
    </QueryProvider>
  );
}

function MyTastings() {
  const { t } = useTranslation();
  usePageTitle(t('myTastings.title'));
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const { page } = search;
  const [typed, setTyped] = useState(search.q);
  const query = queryOf(search);
  const client = useQueryClient();
  const notes = useQuery({
    ...userTastingsQuery(viewer?.id ?? '', { page, resultsPerPage: PER_PAGE, ...query }),
    enabled: viewer !== null,
  });
  const shown = notes.data;
  const editing = useNoteEditing({
    viewerId: viewer?.id,
    onChanged: () => void client.invalidateQueries({ queryKey: tastingKeys.user(viewer?.id ?? '') }),
  });
  const pageIsEmpty = shown !== undefined && shown.rows.length === 0;
  const filtered = isFiltered(search);
  const change = useCallback(
    (next: Partial<MyTastingsSearch>, replace = false) =>
      setParams(writeSearch({ ...readSearch(params), page: 1, ...next }), { replace }),
    [params, setParams],
  );

  // The search runs once typing pauses; the address keeps the words.
  const sentQ = useRef(search.q);
  useEffect(() => {
    if (typed === search.q) return;
    const timer = setTimeout(() => {
      sentQ.current = typed;
      change({ q: typed }, true);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search.q, change]);
  // Back and forward bring other words into the address: the field shows them.
  useEffect(() => {
    if (search.q === sentQ.current) return;
    sentQ.current = search.q;
    setTyped(search.q);
  }, [search.q]);

  // Deleting the last note of the last page leaves it empty: show the page before instead.
  useEffect(() => {
    if (pageIsEmpty && page > 1) change({ page: page - 1 }, true);
  }, [pageIsEmpty, page, change]);

  if (!viewer) {
    // The route lets only signed-in people in; a session that ends here offers the way back.
    return (
      <Container size={880} py={48}>
        <Text>
          {t('myTastings.signedOut')}{' '}
          <Link to={`/sign-in?redirect=${encodeURIComponent(MY_TASTINGS_PATH)}`}>{t('nav.signIn')}</Link>
        </Text>
      </Container>
    );
  }

  const pages = shown ? Math.max(1, Math.ceil(shown.count / PER_PAGE)) : 1;

  return (
    <Container size={880} py={{ base: 'lg', sm: 48 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} c="wine.9">
            {t('myTastings.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('myTastings.lead')}
          </Text>
        </div>

        <Group gap="sm" align="flex-end" wrap="wrap" role="search">
          <TextInput
            style={{ flex: '1 1 240px' }}
            label={t('wineLover.myTastings.search')}
            placeholder={t('wineLover.myTastings.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            maxLength={MAX_SEARCH_LENGTH}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Select
            style={{ flex: '1 1 150px' }}
            label={t('wineLover.myTastings.style')}
            placeholder={t('wineLover.myTastings.allStyles')}
            data={MAIN_CATEGORIES.map((value) => ({ value, label: t(`wine.categories.${value}`) }))}
            value={search.style ?? null}
            onChange={(value) => change({ style: (value as MainCategory | null) ?? undefined })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            style={{ flex: '1 1 150px' }}
            label={t('wineLover.myTastings.points')}
            placeholder={t('wineLover.myTastings.anyPoints')}
            data={POINT_RANGE_KEYS.map((value) => ({
              value,
              label: t(`wineLover.myTastings.range${value === 'below80' ? 'Below80' : value}`),
            }))}
            value={search.points ?? null}
            onChange={(value) => change({ points: (value as PointRange | null) ?? undefined })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {shown && filtered
              ? t('wineLover.myTastings.found', { count: shown.count })
              : t('wineLover.myTastings.sorted')}
          </Text>
          {filtered && (
            <Button
              variant="subtle"
              size="compact-sm"
              radius="xl"
              onClick={() => {
                sentQ.current = '';
                setTyped('');
                setParams({});
              }}
            >
              {t('wineLover.myTastings.clear')}
            </Button>
          )}
        </Group>

        {!shown && !notes.isError && (
          <Stack gap="sm" aria-busy="true">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={140} radius="lg" />
            ))}
          </Stack>
        )}
        {!shown && notes.isError && (
          <Alert color="wine" variant="light">
            <Group justify="space-between">
              <Text size="sm">{t('myTastings.error')}</Text>
              <Button size="xs" variant="white" radius="xl" onClick={() => void notes.refetch()}>
                {t('wine.page.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {shown && shown.rows.length === 0 && filtered && (
          <Text c="dimmed" py="lg" ta="center">
            {t('wineLover.myTastings.noMatch')}
          </Text>
        )}
        {shown && shown.rows.length === 0 && !filtered && (
          <Stack align="center" gap="sm" py={48} ta="center">
            <IconNotebook size={40} stroke={1.4} aria-hidden color="var(--mantine-color-wine-7)" />
            <Text fw={600}>{t('myTastings.empty')}</Text>
            <Button component={Link} to="/feed" radius="xl">
              {t('myTastings.findWines')}
            </Button>
          </Stack>
        )}
        {shown && shown.rows.length > 0 && (
          <Stack gap="sm">
            {shown.rows.map((note) => (
              <TastingNoteCard
                key={note.id}
                note={note}
                withWine
                withAuthor={false}
                withVisibility
                snippet={SNIPPET}
                onEdit={editing.edit}
                onDelete={editing.remove}
              />
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={(next) => {
                change({ page: next });
                window.scrollTo({ top: 0 });
              }}
              getControlProps={(control) => ({ 'aria-label': t(`myTastings.pagination.${control}`) })}
            />
          </Group>
        )}
      </Stack>
      {editing.modals}
    </Container>
  );
}
