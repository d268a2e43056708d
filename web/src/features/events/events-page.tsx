import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

export function EventsPage() {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('events.title')}
      description={t('events.description')}
      icon={<IconCalendarEvent size={32} stroke={1.5} />}
    />
  );
}
