import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { QueryProvider } from '../../lib/query-client';
import { usePageTitle } from '../../lib/use-page-title';
import { publicWineListQuery } from '../wine-lists/api/public-wine-list-queries';
import { useListFont } from '../wine-lists/public/list-font';
import { WineListProblem, WineListSkeleton } from '../wine-lists/public/list-states';
import classes from '../wine-lists/public/public-wine-list.module.css';
import {
  RestaurantLinks,
  WineListFootnote,
  WineListMasthead,
  WineListSections,
} from '../wine-lists/public/public-wine-list-view';

/**
 * /embed/wine-lists/:id: a public wine list, compact, for the restaurant's own website to show in a frame
 * (no navbar or footer, see the layout rules). Light unless the code asks for `theme=dark`; links open
 * in a new tab, out of the frame.
 */
export function EmbedWineListPage() {
  return (
    <QueryProvider>
      <EmbedWineList />
    </QueryProvider>
  );
}

function EmbedWineList() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const theme = search.get('theme') === 'dark' ? 'dark' : 'light';
  const list = useQuery({ ...publicWineListQuery(id), enabled: id !== '' });
  const data = list.data;
  const failed = !data && list.isError;
  const font = useListFont(data?.font);
  usePageTitle(
    data
      ? t('wineListPublic.pageTitle', { list: data.name, restaurant: data.restaurant.name })
      : t('wineListPublic.title'),
  );

  return (
    <div
      className={classes.root}
      data-theme={theme}
      data-variant="embed"
      style={font ? ({ '--list-font': font } as CSSProperties) : undefined}
    >
      <div className={classes.page}>
        {!id || failed ? (
          <WineListProblem
            error={failed ? list.error : undefined}
            onRetry={() => void list.refetch()}
            embedded
          />
        ) : !data ? (
          <WineListSkeleton />
        ) : (
          <>
            <WineListMasthead list={data} />
            <WineListSections list={data} variant="embed" />
            <WineListFootnote list={data} />
            <RestaurantLinks list={data} variant="embed" />
            <p className={classes.foot}>
              <a href={`/wine-list/${encodeURIComponent(data.id)}`} target="_blank" rel="noopener">
                {t('wineListPublic.embed.fullList')} <IconExternalLink size={14} aria-hidden />
              </a>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
