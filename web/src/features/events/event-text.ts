import { EVENT_CATEGORIES, type EventCategory, type EventOrganiser, type EventSchedule } from '@kork/shared';
import type { TFunction } from 'i18next';

/** An event's profile. */
export function eventPath(eventId: string): string {
  return `/events/${encodeURIComponent(eventId)}`;
}

/** The organiser's own page: a business's tasting location, or a person's profile. */
export function organiserPath(organiser: Pick<EventOrganiser, 'id' | 'kind'>): string {
  const id = encodeURIComponent(organiser.id);
  return organiser.kind === 'tastingLocation' ? `/restaurants/${id}` : `/users/${id}`;
}

export function isEventCategory(value: string | null | undefined): value is EventCategory {
  return (EVENT_CATEGORIES as readonly string[]).includes(value ?? '');
}

/**
 * Each category's colour: the placeholder of an event without a cover is filled with it (white icon on
 * top), and its outline badge is drawn in it. All are dark enough for small text on the page's off-white.
 */
export const CATEGORY_COLOR: Record<EventCategory, string> = {
  tasting: '#721f38',
  dinner: '#6e4b24',
  fair: '#1b5e20',
  course: '#1f4e79',
  festival: '#8a3c00',
  other: '#564a43',
};

/**
 * A day and a clock time of an event read as they are written: the organiser's wall clock in Oslo. The
 * moment is built in UTC and formatted in UTC, so what is shown is exactly the date and time in Oslo,
 * whatever the reader's own time zone.
 */
function wallClock(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, day, hour, minute));
}

export interface ScheduleText {
  /** The whole range, e.g. "Sat, 14 Mar 2026, 18:00–22:00" or two dates for a multi-day event. */
  text: string;
  /** A machine-readable start for `<time dateTime>`. */
  startIso: string;
}

/** An event's dates and times in the reader's language, in Norwegian time (SPEC: events are in Oslo). */
export function scheduleText(
  schedule: EventSchedule,
  locale: string | undefined,
  t: TFunction,
): ScheduleText {
  const dates = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const times = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });
  const start = wallClock(schedule.startDate, schedule.startTime);
  const end = wallClock(schedule.endDate, schedule.endTime);
  const text =
    schedule.startDate === schedule.endDate
      ? t('wineEvents.schedule.sameDay', {
          date: dates.format(start),
          start: times.format(start),
          end: times.format(end),
        })
      : t('wineEvents.schedule.multiDay', {
          startDate: dates.format(start),
          start: times.format(start),
          endDate: dates.format(end),
          end: times.format(end),
        });
  return { text, startIso: `${schedule.startDate}T${schedule.startTime}` };
}

/** "Vinbaren, Torggata 5 · Oslo": the location line without a map; the city left out when already in it. */
export function locationLine(event: { location: string; city: string }): string {
  const location = event.location.trim();
  const city = event.city.trim();
  if (!city || location.toLocaleLowerCase().includes(city.toLocaleLowerCase())) return location;
  return location ? `${location} · ${city}` : city;
}
