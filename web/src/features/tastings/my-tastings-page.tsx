import { Alert, Button, Container, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useViewer } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useResource } from '../wines/use-resource';
import { getUserTastings } from './api/get-user-tastings';
import { TastingNoteCard } from './components/tasting-note-card';
import { useNoteEditing } from './components/use-note-editing';

export const MY_TASTINGS_PATH = '/my-tastings';
const PER_PAGE = 20;
const SNIPPET = 220;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * My tastings: every note the signed-in person wrote, published and private, newest first, 20 a page,
 * each with its wine and the way to change or delete it.
 */
export function MyTastingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('myTastings.title'));
  const viewer = useViewer();
  const [search, setSearch] = useSearchParams();
  const page = pageFrom(search.get('page'));
  const notes = useResource(viewer ? `${viewer.id}|${page}` : null, (signal) =>
    getUserTastings(viewer?.id ?? '', { page, resultsPerPage: PER_PAGE }, signal),
  );
  const editing = useNoteEditing({ viewerId: viewer?.id, onChanged: notes.reload });
  const pageIsEmpty = notes.status === 'ready' && notes.data.rows.length === 0;

  // Deleting the last note of the last page leaves it empty: show the page before instead.
  useEffect(() => {
    if (pageIsEmpty && page > 1) setSearch(page === 2 ? {} : { page: String(page - 1) }, { replace: true });
  }, [pageIsEmpty, page, setSearch]);

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

  const pages = notes.status === 'ready' ? Math.max(1, Math.ceil(notes.data.count / PER_PAGE)) : 1;

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

        {notes.status === 'loading' && (
          <Stack gap="sm" aria-busy="true">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={140} radius="lg" />
            ))}
          </Stack>
        )}
        {notes.status === 'error' && (
          <Alert color="wine" variant="light">
            <Group justify="space-between">
              <Text size="sm">{t('myTastings.error')}</Text>
              <Button size="xs" variant="white" radius="xl" onClick={notes.reload}>
                {t('wine.page.retry')}
              </Button>
            </Group>
          </Alert>
        )}
        {notes.status === 'ready' && notes.data.rows.length === 0 && (
          <Stack align="center" gap="sm" py={48} ta="center">
            <IconNotebook size={40} stroke={1.4} aria-hidden color="var(--mantine-color-wine-7)" />
            <Text fw={600}>{t('myTastings.empty')}</Text>
            <Button component={Link} to="/feed" radius="xl">
              {t('myTastings.findWines')}
            </Button>
          </Stack>
        )}
        {notes.status === 'ready' && notes.data.rows.length > 0 && (
          <Stack gap="sm">
            {notes.data.rows.map((note) => (
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
                setSearch(next === 1 ? {} : { page: String(next) });
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
