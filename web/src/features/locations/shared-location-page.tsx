import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /location/…: a cellar location someone shared by link. */
export function SharedLocationPage() {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('sharedLocation.title')}
      description={t('sharedLocation.description')}
      icon={<IconMapPin size={32} stroke={1.5} />}
    />
  );
}
