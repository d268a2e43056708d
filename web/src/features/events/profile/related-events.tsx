import type { EventSummary } from '@kork/shared';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EventCard } from '../browse/event-card';
import classes from './profile.module.css';

/** Events of the same organiser, category or city, as small cards (SPEC §2 related events). */
export function RelatedEvents({ events }: { events: EventSummary[] }) {
  const { t } = useTranslation();
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="event-related-heading">
      <Stack gap="sm">
        <Title order={2} id="event-related-heading">
          {t('wineEvents.profile.related')}
        </Title>
        <ul className={classes.related}>
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} headingLevel={3} compact />
            </li>
          ))}
        </ul>
      </Stack>
    </section>
  );
}
