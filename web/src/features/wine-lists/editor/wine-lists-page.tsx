import { Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryProvider } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { ListEditor } from './list-editor';
import { ListsOverview } from './lists-overview';
import { WINE_LISTS_PATH } from './paths';
import classes from './wine-lists-page.module.css';

/**
 * The cellar's wine lists (SPEC §3 Wine list): the lists, and one list opened in the editor
 * (`?list=<id>`): its wines, page setup, live preview, PDF copies and public page.
 */
export function WineListsPage() {
  return (
    <QueryProvider>
      <WineListsScreen />
    </QueryProvider>
  );
}

function WineListsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const listId = params.get('list') ?? undefined;

  return (
    <div className={classes.page}>
      {session.status === 'loading' && (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={36} width="40%" />
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      )}
      {session.status === 'anonymous' && (
        <Text>
          {t('wineListEditor.signedOut')}{' '}
          <Link to={`/sign-in?redirect=${encodeURIComponent(WINE_LISTS_PATH)}`}>
            {t('wineListEditor.signIn')}
          </Link>
        </Text>
      )}
      {session.status === 'authenticated' &&
        (listId ? (
          <ListEditor key={`${session.user.id}/${listId}`} userId={session.user.id} listId={listId} />
        ) : (
          <ListsOverview key={session.user.id} userId={session.user.id} />
        ))}
    </div>
  );
}
