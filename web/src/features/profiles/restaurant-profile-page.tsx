import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconBrandInstagram,
  IconCalendarEvent,
  IconMapPin,
  IconToolsKitchen2,
  IconWorld,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { imageSources } from '../../lib/image-url';
import { QueryProvider } from '../../lib/query-client';
import { usePageTitle } from '../../lib/use-page-title';
import { PlaceMap } from '../maps/place-map';
import { RestaurantWineLists } from '../wine-lists/public/restaurant-wine-lists';
import { publicProfileQuery } from './api/profile-queries';
import { ProfileProblem, ProfileSkeleton } from './components/profile-state';
import { instagramHref, safeHref } from './profile-links';
import classes from './profile-page.module.css';

const COVER_WIDTH = 1080;
const LOGO_SIZE = 96;

/**
 * A restaurant's (tasting location's) page: its cover and logo, where it is, what it says about itself,
 * links to book, read the menu, visit and follow, and its public wine lists.
 */
export function RestaurantProfilePage() {
  return (
    <QueryProvider>
      <RestaurantProfile />
    </QueryProvider>
  );
}

function RestaurantProfile() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const profile = useQuery(publicProfileQuery(id));
  const owner = profile.data;
  const place = owner?.tastingLocation;
  const name = owner ? (place?.name ?? owner.fullName) : undefined;
  usePageTitle(name ?? t('restaurant.title'));

  if (!owner && !profile.isError) return <ProfileSkeleton />;
  if (!owner) return <ProfileProblem error={profile.error} onRetry={() => void profile.refetch()} />;

  if (!place) {
    return (
      <Container size="sm" py={64}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1} size="h2">
            {t('restaurant.none')}
          </Title>
          <Button component={Link} to={`/users/${encodeURIComponent(owner.id)}`} radius="xl">
            {t('restaurant.toProfile', { name: owner.fullName })}
          </Button>
        </Stack>
      </Container>
    );
  }

  const links = [
    { key: 'booking', href: safeHref(place.bookingUrl), icon: IconCalendarEvent, primary: true },
    { key: 'menu', href: safeHref(place.menuUrl), icon: IconToolsKitchen2, primary: false },
    { key: 'website', href: safeHref(place.webUrl ?? owner.webUrl), icon: IconWorld, primary: false },
    {
      key: 'instagram',
      href: instagramHref(place.instagramUsername ?? owner.instagramUrl),
      icon: IconBrandInstagram,
      primary: false,
    },
  ] as const;

  return (
    <Container size={1000} py={{ base: 'lg', sm: 40 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xl">
        <div>
          <div className={classes.cover}>
            {place.image && (
              <img {...imageSources(place.image, COVER_WIDTH)} alt="" className={classes.coverImage} />
            )}
          </div>
          {place.logo && (
            <img
              {...imageSources(place.logo, LOGO_SIZE)}
              alt={t('restaurant.logo', { name })}
              className={classes.logo}
              width={LOGO_SIZE}
              height={LOGO_SIZE}
            />
          )}
        </div>

        <Stack gap="sm">
          <Title order={1} className={classes.name}>
            {name}
          </Title>
          {place.address && (
            <Group gap={6} c="dimmed">
              <IconMapPin size={18} aria-hidden />
              <Text component="address" fs="normal">
                {place.address}
              </Text>
            </Group>
          )}
          {place.bio && <Text className={classes.bio}>{place.bio}</Text>}
        </Stack>

        <Group gap="sm">
          {links.map(({ key, href, icon: Icon, primary }) =>
            href ? (
              <Button
                key={key}
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                radius="xl"
                variant={primary ? 'filled' : 'light'}
                leftSection={<Icon size={18} aria-hidden />}
              >
                {t(`restaurant.links.${key}`)}
              </Button>
            ) : null,
          )}
        </Group>

        {(place.address || place.lat !== undefined) && (
          <section aria-labelledby="restaurant-map-heading">
            <Title order={2} size="h3" id="restaurant-map-heading" mb="sm">
              {t('maps.heading')}
            </Title>
            <PlaceMap name={name ?? ''} address={place.address} lat={place.lat} lng={place.long} />
          </section>
        )}

        <RestaurantWineLists userId={owner.id} isPublic={place.isWineListPublic} />

        <Text size="sm">
          <Link to={`/users/${encodeURIComponent(owner.id)}`}>
            {t('restaurant.toProfile', { name: owner.fullName })}
          </Link>
        </Text>
      </Stack>
    </Container>
  );
}
