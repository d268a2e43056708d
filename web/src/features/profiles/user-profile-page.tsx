import type { UserType } from '@kork/shared';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Container,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBrandInstagram, IconBuildingStore, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { QueryProvider } from '../../lib/query-client';
import { useViewer } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { avatarImage } from '../../lib/wine-image';
import { formatPoints } from '../../lib/wine-text';
import { userTastingsQuery } from '../tastings/api/tasting-queries';
import { TastingNoteCard } from '../tastings/components/tasting-note-card';
import { WantToTryList } from '../tastings/components/want-to-try-list';
import { publicProfileQuery } from './api/profile-queries';
import { ProfileProblem, ProfileSkeleton } from './components/profile-state';
import { countryName, displayUrl, instagramHref, safeHref } from './profile-links';
import classes from './profile-page.module.css';

const AVATAR_SIZE = 96;
const PER_PAGE = 20;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * A person's public profile: who they are, what they have tasted, and their published notes with the
 * wines. A deactivated account keeps its notes under its name.
 */
export function UserProfilePage() {
  return (
    <QueryProvider>
      <UserProfile />
    </QueryProvider>
  );
}

function UserProfile() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const page = pageFrom(search.get('page'));
  const notesHeading = useId();
  const viewer = useViewer();
  const profile = useQuery(publicProfileQuery(id));
  const notes = useQuery(userTastingsQuery(id, { page, resultsPerPage: PER_PAGE, published: true }));
  const person = profile.data;
  usePageTitle(person ? person.fullName : t('publicProfile.title'));

  if (!person && !profile.isError) return <ProfileSkeleton />;
  if (!person) return <ProfileProblem error={profile.error} onRetry={() => void profile.refetch()} />;

  const locale = i18n.resolvedLanguage;
  const number = new Intl.NumberFormat(locale);
  const website = safeHref(person.webUrl);
  const instagram = instagramHref(person.instagramUrl);
  // The owner's own list has their private notes too; a public profile shows the published ones.
  const published = notes.data?.rows ?? [];
  const pages = notes.data ? Math.max(1, Math.ceil(notes.data.count / PER_PAGE)) : 1;
  const stats = [
    { key: 'tastings', value: number.format(person.statistic.tastings) },
    {
      key: 'averagePoints',
      value:
        person.statistic.averagePoints === null ? '–' : formatPoints(person.statistic.averagePoints, locale),
    },
    { key: 'wines', value: number.format(person.statistic.wines) },
  ] as const;

  return (
    <Container size={880} py={{ base: 'lg', sm: 48 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xl">
        <header className={classes.header}>
          <Avatar
            size={AVATAR_SIZE}
            radius="50%"
            color="wine"
            name={person.fullName}
            alt=""
            {...avatarImage(person.profileImage, AVATAR_SIZE)}
          />
          <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
            <Title order={1} className={classes.name}>
              {person.fullName}
            </Title>
            <Group gap="xs">
              {person.isExpert && (
                <Badge color="cork" variant="light" radius="sm">
                  {t('tasting.note.expert')}
                </Badge>
              )}
              <Badge color="wine" variant="light" radius="sm">
                {t(`account.userType.${person.userType as UserType}`, { defaultValue: person.userType })}
              </Badge>
              {person.status === 'deactivated' && (
                <Badge color="gray" variant="outline" radius="sm">
                  {t('publicProfile.deactivated')}
                </Badge>
              )}
            </Group>
            {person.country && <Text c="dimmed">{countryName(person.country, locale)}</Text>}
          </Stack>
        </header>

        {person.bio && <Text className={classes.bio}>{person.bio}</Text>}

        {(website || instagram || person.tastingLocation) && (
          <Group gap="sm">
            {website && (
              <Anchor href={website} target="_blank" rel="noopener noreferrer nofollow">
                <Group gap={6} component="span">
                  <IconWorld size={18} aria-hidden />
                  {displayUrl(website)}
                </Group>
              </Anchor>
            )}
            {instagram && (
              <Anchor href={instagram} target="_blank" rel="noopener noreferrer nofollow">
                <Group gap={6} component="span">
                  <IconBrandInstagram size={18} aria-hidden />
                  {t('publicProfile.instagram')}
                </Group>
              </Anchor>
            )}
            {person.tastingLocation && (
              <Button
                component={Link}
                to={`/restaurants/${encodeURIComponent(person.id)}`}
                variant="light"
                radius="xl"
                size="xs"
                leftSection={<IconBuildingStore size={16} aria-hidden />}
              >
                {t('publicProfile.restaurant', { name: person.tastingLocation.name ?? person.fullName })}
              </Button>
            )}
          </Group>
        )}

        <dl className={classes.stats} aria-label={t('publicProfile.statistic.label')}>
          {stats.map((stat) => (
            <div key={stat.key} className={classes.stat}>
              <dt className={classes.statLabel}>{t(`publicProfile.statistic.${stat.key}`)}</dt>
              <dd className={classes.statValue}>{stat.value}</dd>
            </div>
          ))}
        </dl>

        <WantToTryList userId={person.id} name={person.fullName} own={viewer?.id === person.id} />

        <section aria-labelledby={notesHeading}>
          <Title order={2} size="h3" id={notesHeading} mb="md">
            {t('publicProfile.notes')}
          </Title>
          {!notes.data && !notes.isError && <Skeleton height={140} radius="lg" />}
          {!notes.data && notes.isError && (
            <Alert color="wine" variant="light">
              <Group justify="space-between">
                <Text size="sm">{t('publicProfile.notesError')}</Text>
                <Button size="xs" variant="white" radius="xl" onClick={() => void notes.refetch()}>
                  {t('wine.page.retry')}
                </Button>
              </Group>
            </Alert>
          )}
          {notes.data && published.length === 0 && (
            <Text c="dimmed">{t('publicProfile.noNotes', { name: person.fullName })}</Text>
          )}
          {published.length > 0 && (
            <Stack gap="sm">
              {published.map((note) => (
                <TastingNoteCard key={note.id} note={note} withWine withAuthor={false} />
              ))}
            </Stack>
          )}
          {pages > 1 && (
            <Group justify="center" mt="lg">
              <Pagination
                total={pages}
                value={page}
                onChange={(next) => setSearch(next === 1 ? {} : { page: String(next) })}
                getControlProps={(control) => ({ 'aria-label': t(`myTastings.pagination.${control}`) })}
              />
            </Group>
          )}
        </section>
      </Stack>
    </Container>
  );
}
