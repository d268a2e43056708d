import type { WineListRef } from '@kork/shared';
import { Anchor, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageSources } from '../../../lib/image-url';
import { QueryProvider } from '../../../lib/query-client';
import { winePublicListsQuery } from '../api/public-wine-list-queries';
import { publicListPath } from './restaurant-wine-lists';
import classes from './wine-list-links.module.css';

const LOGO_SIZE = 44;

/** The lists grouped by their restaurant, in the order the restaurants first come. */
function byRestaurant(
  rows: WineListRef[],
): { restaurant: WineListRef['restaurant']; lists: WineListRef[] }[] {
  const places = new Map<string, { restaurant: WineListRef['restaurant']; lists: WineListRef[] }>();
  for (const row of rows) {
    const place = places.get(row.restaurant.id) ?? { restaurant: row.restaurant, lists: [] };
    place.lists.push(row);
    places.set(row.restaurant.id, place);
  }
  return [...places.values()];
}

/**
 * A wine's "Where to find it": the tasting locations whose public wine lists hold the wine now, each with
 * the lists that hold it (a place once, with each of its lists). Nothing at all while it loads, when it fails, or when no list holds it.
 */
export function WhereToFindIt({ wineId }: { wineId: string }) {
  return (
    <QueryProvider>
      <Places wineId={wineId} />
    </QueryProvider>
  );
}

function Places({ wineId }: { wineId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const lists = useQuery({ ...winePublicListsQuery(wineId), enabled: wineId !== '' });
  if (!lists.data || lists.data.rows.length === 0) return null;
  const places = byRestaurant(lists.data.rows);

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb={4}>
        {t('wineListPublic.where.title')}
      </Title>
      <Text c="dimmed" mb="sm">
        {t('wineListPublic.where.text')}
      </Text>
      <ul className={classes.places}>
        {places.map(({ restaurant, lists: held }) => (
          <li key={restaurant.id} className={classes.place}>
            {restaurant.logo ? (
              <img {...imageSources(restaurant.logo, LOGO_SIZE)} alt="" className={classes.placeLogo} />
            ) : (
              <span className={classes.icon} aria-hidden="true">
                <IconMapPin size={22} />
              </span>
            )}
            <span className={classes.placeText}>
              <Anchor component={Link} to={`/restaurants/${encodeURIComponent(restaurant.id)}`} fw={700}>
                {restaurant.name}
              </Anchor>
              {held.map((list) => (
                <Anchor key={list.id} component={Link} to={publicListPath(list.id)} size="sm">
                  {t('wineListPublic.where.list', { name: list.name })}
                </Anchor>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
