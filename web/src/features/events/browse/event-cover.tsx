import type { EventCategory } from '@kork/shared';
import {
  IconBuildingStore,
  IconCalendarEvent,
  IconConfetti,
  IconGlassFull,
  IconSchool,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSources } from '../../../lib/image-url';
import { CATEGORY_COLOR } from '../event-text';
import classes from './events.module.css';

const CATEGORY_ICON: Record<EventCategory, ComponentType<{ size?: number; stroke?: number }>> = {
  tasting: IconGlassFull,
  dinner: IconToolsKitchen2,
  fair: IconBuildingStore,
  course: IconSchool,
  festival: IconConfetti,
  other: IconCalendarEvent,
};

interface EventCoverProps {
  event: { name: string; category: EventCategory; coverUrl?: string };
  /** The profile's cover loads at once; a card's waits until it is near the screen. */
  eager?: boolean;
  className?: string;
  /** The width it is shown at, in CSS pixels: the image service sends that size (and twice it). */
  width?: number;
}

/** An event's cover photo, or its category's colour with the category's icon when it has none. */
export function EventCover({ event, eager = false, className, width = 400 }: EventCoverProps) {
  const { t } = useTranslation();
  const classNames = [classes.cover, className].filter(Boolean).join(' ');
  if (event.coverUrl) {
    return (
      <img
        {...imageSources(event.coverUrl, width)}
        alt={t('wineEvents.card.coverAlt', { name: event.name })}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={classNames}
      />
    );
  }
  const Icon = CATEGORY_ICON[event.category];
  return (
    <div
      className={`${classNames} ${classes.placeholder}`}
      style={{ backgroundColor: CATEGORY_COLOR[event.category] }}
      data-testid="event-cover-placeholder"
      aria-hidden
    >
      <Icon size={48} stroke={1.5} />
    </div>
  );
}
