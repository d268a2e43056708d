import { isPastEvent, type WineEvent } from '@kork/shared';
import { Anchor, Badge, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconExternalLink, IconLock, IconTicket, IconWorld } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useCurrency } from '../../lib/currency';
import { QueryProvider } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { PlaceMap } from '../maps/place-map';
import { eventQuery } from './api/event-queries';
import { eventKeys } from './api/events';
import { CategoryBadge, PrivateBadge } from './browse/category-badge';
import { EventCover } from './browse/event-cover';
import { locationLine, organiserPath, scheduleText } from './event-text';
import { LazyEventListsManager } from './lazy-editor';
import { EventActions } from './profile/event-actions';
import { EventWineLists } from './profile/event-wine-lists';
import classes from './profile/profile.module.css';
import { RelatedEvents } from './profile/related-events';

/** An event's profile (/events/{id}): cover, organiser, dates, location, lists, related events. */
export function EventPage() {
  return (
    <QueryProvider>
      <EventProfile />
    </QueryProvider>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/events" size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('wineEvents.profile.back')}
      </Group>
    </Anchor>
  );
}

function EventProfile() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const session = useSession();
  const currency = useCurrency();
  const queryClient = useQueryClient();

  // Prices depend on who asks (monopoly or HORECA) and on the currency; `canEdit` on who asks.
  const result = useQuery({
    ...eventQuery(eventId, session.status, currency),
    enabled: session.status !== 'loading',
  });
  const event = result.data;
  usePageTitle(event?.name ?? t('wineEvents.title'));

  if (result.isError && !event) {
    const notFound =
      result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 400);
    return (
      <Container size="sm" py={64}>
        <Stack align="center" gap="md" ta="center" data-testid={notFound ? 'event-not-found' : 'event-error'}>
          <Title order={1} size="h2">
            {notFound ? t('wineEvents.profile.notFoundTitle') : t('wineEvents.profile.errorTitle')}
          </Title>
          <Text>{notFound ? t('wineEvents.profile.notFoundText') : t('wineEvents.profile.errorText')}</Text>
          <Group justify="center">
            {!notFound && (
              <Button radius="xl" onClick={() => void result.refetch()}>
                {t('wineEvents.retry')}
              </Button>
            )}
            <Button component={Link} to="/events" radius="xl" variant={notFound ? 'filled' : 'default'}>
              {t('wineEvents.profile.back')}
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }

  if (!event) {
    return (
      <Container size="lg" py="lg">
        <Stack gap="md" aria-busy="true" aria-label={t('wineEvents.profile.loading')}>
          <BackLink />
          <div className={classes.hero}>
            <Skeleton className={classes.cover} />
            <Stack gap="sm">
              <Skeleton height={40} width="80%" />
              <Skeleton height={20} width="50%" />
              <Skeleton height={80} />
            </Stack>
          </div>
          <Skeleton height={200} />
        </Stack>
      </Container>
    );
  }

  const changed = () => void queryClient.invalidateQueries({ queryKey: eventKeys.all });

  return (
    <Container size="lg" py="lg">
      <Stack gap={40}>
        <Stack gap="md">
          <BackLink />
          <div className={classes.hero}>
            <EventCover event={event} eager width={1080} className={classes.cover} />
            <EventHeading event={event} />
          </div>
          <EventActions event={event} />
        </Stack>

        {event.description && (
          <section aria-labelledby="event-about-heading">
            <Title order={2} id="event-about-heading" mb="xs">
              {t('wineEvents.profile.about')}
            </Title>
            <Text className={classes.description} data-testid="event-description">
              {event.description}
            </Text>
          </section>
        )}

        <section aria-labelledby="event-map-heading">
          <Title order={2} id="event-map-heading" mb="xs">
            {t('maps.eventHeading')}
          </Title>
          <PlaceMap name={event.name} address={locationLine(event)} />
        </section>

        <section aria-labelledby="event-lists-heading">
          <Stack gap="sm">
            <Title order={2} id="event-lists-heading">
              {t('wineEvents.profile.lists')}
            </Title>
            <EventWineLists event={event} anonymous={session.status === 'anonymous'} />
            {event.canEdit && (
              <Suspense fallback={null}>
                <LazyEventListsManager event={event} onChanged={changed} />
              </Suspense>
            )}
          </Stack>
        </section>

        <RelatedEvents events={event.related} />
      </Stack>
    </Container>
  );
}

function EventHeading({ event }: { event: WineEvent }) {
  const { t, i18n } = useTranslation();
  const schedule = scheduleText(event, i18n.resolvedLanguage, t);
  const location = locationLine(event);

  return (
    <div className={classes.heading}>
      <Group gap={6} mb="xs">
        <CategoryBadge category={event.category} />
        {event.type === 'private' && <PrivateBadge />}
        {isPastEvent(event) && (
          <Badge component="span" variant="outline" radius="sm" color="gray.8">
            {t('wineEvents.pastBadge')}
          </Badge>
        )}
      </Group>
      <Title order={1} className={classes.name}>
        {event.name}
      </Title>
      {event.type === 'private' && (
        <Group gap={6} mt="xs" wrap="nowrap" align="flex-start">
          <IconLock size={16} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
          <Text size="sm" data-testid="event-private-explained">
            {t('wineEvents.privateExplained')}
          </Text>
        </Group>
      )}
      <dl className={classes.facts} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <dt>{t('wineEvents.profile.date')}</dt>
        <dd>
          <time dateTime={schedule.startIso}>{schedule.text}</time>
          <Text size="sm" c="dimmed" component="span" display="block">
            {t('wineEvents.schedule.timeZone')}
          </Text>
        </dd>
        <dt>{t('wineEvents.profile.location')}</dt>
        <dd>{location}</dd>
        <dt>{t('wineEvents.profile.organiser')}</dt>
        <dd>
          <Anchor component={Link} to={organiserPath(event.organiser)} data-testid="event-organiser">
            {event.organiser.name}
          </Anchor>
        </dd>
      </dl>
      {(event.ticketLink || event.website) && (
        <Group gap="xs" mt="md">
          {event.ticketLink && (
            <ExternalLink href={event.ticketLink} icon={<IconTicket size={16} aria-hidden />} filled>
              {t('wineEvents.profile.tickets')}
            </ExternalLink>
          )}
          {event.website && (
            <ExternalLink href={event.website} icon={<IconWorld size={16} aria-hidden />}>
              {t('wineEvents.profile.website')}
            </ExternalLink>
          )}
        </Group>
      )}
    </div>
  );
}

function ExternalLink({
  href,
  icon,
  filled = false,
  children,
}: {
  href: string;
  icon: React.ReactNode;
  filled?: boolean;
  children: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      radius="xl"
      variant={filled ? 'filled' : 'default'}
      leftSection={icon}
      rightSection={<IconExternalLink size={14} aria-hidden />}
      aria-label={`${children} ${t('wineEvents.profile.opensInNewTab')}`}
    >
      {children}
    </Button>
  );
}
