import type { EventSummary } from '@kork/shared';
import { Group } from '@mantine/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { eventPath, locationLine, scheduleText } from '../event-text';
import { CategoryBadge, PrivateBadge } from './category-badge';
import { EventCover } from './event-cover';
import classes from './events.module.css';

interface EventCardProps {
  event: EventSummary;
  /** The level of the card's heading: 2 on /events, 3 under a profile's "Related events". */
  headingLevel?: 2 | 3;
  /** A smaller card, for related events. */
  compact?: boolean;
}

/** One event: the whole card opens its profile. */
export function EventCard({ event, headingLevel = 2, compact = false }: EventCardProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const headingId = useId();
  const schedule = scheduleText(event, locale, t);
  const numbers = new Intl.NumberFormat(locale);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <article
      className={`${classes.card} ${compact ? classes.compact : ''}`}
      aria-labelledby={headingId}
      data-testid="event-card"
    >
      <EventCover event={event} className={classes.cardCover} />
      <div className={classes.cardBody}>
        <Group gap={6} className={classes.badges}>
          <CategoryBadge category={event.category} />
          {event.type === 'private' && <PrivateBadge />}
        </Group>
        <Heading id={headingId} className={classes.cardTitle}>
          <Link to={eventPath(event.id)} className={classes.cardLink}>
            {event.name}
          </Link>
        </Heading>
        <p className={classes.fact}>
          <IconCalendarEvent size={16} aria-hidden className={classes.factIcon} />
          <time dateTime={schedule.startIso}>{schedule.text}</time>
        </p>
        <p className={classes.fact}>
          <IconMapPin size={16} aria-hidden className={classes.factIcon} />
          <span>{locationLine(event)}</span>
        </p>
        {!compact && (
          <p className={classes.meta}>
            <span>{t('wineEvents.card.by', { name: event.organiser.name })}</span>
            <span>
              {t('wineEvents.card.wines', {
                count: event.wineCount,
                formatted: numbers.format(event.wineCount),
              })}
            </span>
          </p>
        )}
      </div>
    </article>
  );
}
