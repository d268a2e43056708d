import { Skeleton, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryProvider } from '../../../lib/query-client';
import { restaurantWineListsQuery } from '../api/public-wine-list-queries';
import classes from './wine-list-links.module.css';

/** The path of a list's public page. */
export function publicListPath(listId: string): string {
  return `/wine-list/${encodeURIComponent(listId)}`;
}

/**
 * A restaurant's public wine lists on its profile, a card each that opens the list. Nothing at all when
 * its lists are private or it has published none.
 */
export function RestaurantWineLists(props: { userId: string; isPublic: boolean }) {
  return (
    <QueryProvider>
      <Lists {...props} />
    </QueryProvider>
  );
}

function Lists({ userId, isPublic }: { userId: string; isPublic: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const lists = useQuery({ ...restaurantWineListsQuery(userId), enabled: isPublic && userId !== '' });
  if (!isPublic) return null;
  if (lists.data && lists.data.rows.length === 0) return null;

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {t('restaurant.wineLists.title')}
      </Title>
      {!lists.data && !lists.isError ? (
        <Skeleton height={76} radius="lg" aria-busy="true" />
      ) : !lists.data ? (
        <Text c="dimmed">{t('wineListPublic.profile.error')}</Text>
      ) : (
        <ul className={classes.cards}>
          {lists.data.rows.map((list) => (
            <li key={list.id}>
              <Link to={publicListPath(list.id)} className={classes.card}>
                <span className={classes.icon} aria-hidden="true">
                  <IconListDetails size={22} />
                </span>
                <span className={classes.cardText}>
                  <span className={classes.cardName}>{list.name}</span>
                  <span className={classes.cardHint}>{t('wineListPublic.profile.open')}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
