import { useTranslation } from 'react-i18next';

/** An event's profile (/events/{id}): cover, organiser, dates, location, lists, related events. */
export function EventPage() {
  const { t } = useTranslation();
  return <h1>{t('wineEvents.title')}</h1>;
}
