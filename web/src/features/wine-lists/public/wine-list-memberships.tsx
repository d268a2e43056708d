import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryProvider } from '../../../lib/query-client';
import { wineMembershipsQuery } from '../api/public-wine-list-queries';

/** The cellar's wine lists, where lists are made and changed. */
export const WINE_LIST_EDITOR_PATH = '/wine-cellar/wine-lists';

/** A list in the editor. */
export function editorListPath(listId: string): string {
  return `${WINE_LIST_EDITOR_PATH}?list=${encodeURIComponent(listId)}`;
}

/**
 * Which of the owner's wine lists hold one of their cellar wines: each by name, public or private, and
 * whether it prints now (a wine without bottles, or in a hidden category, does not), linked to the editor.
 */
export function WineListMemberships(props: { ownerId: string; ownWineId: string }) {
  return (
    <QueryProvider>
      <Memberships {...props} />
    </QueryProvider>
  );
}

function Memberships({ ownerId, ownWineId }: { ownerId: string; ownWineId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const lists = useQuery(wineMembershipsQuery(ownerId, ownWineId));

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {t('wineListPublic.memberships.title')}
      </Title>
      {!lists.data && !lists.isError ? (
        <Skeleton
          height={48}
          radius="md"
          role="status"
          aria-busy="true"
          aria-label={t('wineListPublic.memberships.loading')}
        />
      ) : !lists.data ? (
        <Alert color="red" variant="light" radius="md" title={t('wineListPublic.memberships.error')}>
          <Button size="xs" radius="xl" variant="light" color="red" onClick={() => void lists.refetch()}>
            {t('wineListPublic.memberships.retry')}
          </Button>
        </Alert>
      ) : lists.data.rows.length === 0 ? (
        <Text c="dimmed">{t('wineListPublic.memberships.none')}</Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {lists.data.rows.map((list) => (
            <Group key={list.id} component="li" gap="xs" wrap="wrap">
              <IconListDetails size={18} aria-hidden />
              <Anchor
                component={Link}
                to={editorListPath(list.id)}
                fw={600}
                aria-label={t('wineListPublic.memberships.open', { name: list.name })}
                style={{ overflowWrap: 'anywhere' }}
              >
                {list.name}
              </Anchor>
              <Badge color={list.isPublic ? 'cork' : 'gray'} variant="light" radius="sm">
                {list.isPublic
                  ? t('wineListPublic.memberships.public')
                  : t('wineListPublic.memberships.private')}
              </Badge>
              {!list.printed && (
                <Badge
                  color="gray.8"
                  variant="outline"
                  radius="sm"
                  // The outline's own grey is too pale on the page; body text reads at AA.
                  style={{ '--badge-color': 'var(--mantine-color-text)' }}
                >
                  {t('wineListPublic.memberships.notPrinted')}
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to={WINE_LIST_EDITOR_PATH} size="sm">
        {t('wineListPublic.memberships.toEditor')}
      </Anchor>
    </Stack>
  );
}
