import { IconCode, IconMoon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { QueryProvider } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { publicWineListQuery } from './api/public-wine-list-queries';
import { EmbedWineListDialog } from './public/embed-wine-list-dialog';
import { JumpBar } from './public/jump-bar';
import { useListFont } from './public/list-font';
import { WineListProblem, WineListSkeleton } from './public/list-states';
import { useListTheme } from './public/list-theme';
import classes from './public/public-wine-list.module.css';
import {
  jumpSections,
  RestaurantLinks,
  WineListFootnote,
  WineListMasthead,
  WineListSections,
} from './public/public-wine-list-view';

/** A jump bar is worth its room from this many sections on. */
const JUMP_BAR_FROM = 2;

/** The list's id: the first segment after /wine-list/. */
function useListId(): string {
  const { '*': rest = '' } = useParams();
  return rest.split('/')[0] ?? '';
}

/**
 * /wine-list/…: a restaurant's wine list as its guests read it on their phones at the table (no navbar
 * or footer, SPEC §2): large type, dark unless the guest chose light, the list's own font, its sections
 * with a bar to jump between them, each wine with its prices on the right; catalogue wines link to their
 * profile. A private or unknown list answers a friendly not-found in the same look. The owner sees a
 * private list too, and gets the code to show the list on their own website.
 */
export function PublicWineListPage() {
  return (
    <QueryProvider>
      <PublicWineList />
    </QueryProvider>
  );
}

function PublicWineList() {
  const { t } = useTranslation();
  const listId = useListId();
  const session = useSession();
  const viewerId = session.status === 'authenticated' ? session.user.id : undefined;
  const anonymous = session.status === 'anonymous';
  const [theme, setTheme] = useListTheme();
  const [embedding, setEmbedding] = useState(false);
  // A sign-in or sign-out may change the answer (the owner sees a private list).
  const list = useQuery({ ...publicWineListQuery(listId, anonymous), enabled: listId !== '' });
  const data = list.data;
  const failed = !data && list.isError;
  const font = useListFont(data?.font);
  usePageTitle(
    data
      ? t('wineListPublic.pageTitle', { list: data.name, restaurant: data.restaurant.name })
      : t('wineListPublic.title'),
  );

  const isOwner = data !== undefined && viewerId !== undefined && viewerId === data.restaurant.id;
  const chips = data ? jumpSections(data) : [];

  return (
    <div
      className={classes.root}
      data-theme={theme}
      data-variant="page"
      style={font ? ({ '--list-font': font } as CSSProperties) : undefined}
    >
      <div className={classes.page}>
        <div className={classes.toolbar}>
          {isOwner && (
            <button type="button" className={classes.toolButton} onClick={() => setEmbedding(true)}>
              <IconCode size={18} aria-hidden />
              {t('wineListPublic.embed.open')}
            </button>
          )}
          <button
            type="button"
            className={classes.toolButton}
            aria-pressed={theme === 'dark'}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            <IconMoon size={18} aria-hidden />
            {t('wineListPublic.theme.label')}
          </button>
          <LanguageSwitch />
        </div>

        {!listId || failed ? (
          <WineListProblem error={failed ? list.error : undefined} onRetry={() => void list.refetch()} />
        ) : !data ? (
          <WineListSkeleton />
        ) : (
          <>
            <WineListMasthead list={data} />
            {chips.length >= JUMP_BAR_FROM && <JumpBar sections={chips} />}
            <WineListSections list={data} variant="page" />
            <WineListFootnote list={data} />
            <RestaurantLinks list={data} variant="page" />
            <p className={classes.foot}>
              <Link to="/feed">{t('wineListPublic.madeWith')}</Link>
            </p>
          </>
        )}
      </div>
      {isOwner && <EmbedWineListDialog opened={embedding} onClose={() => setEmbedding(false)} list={data} />}
    </div>
  );
}
