import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /wine-list/…: a restaurant's wine list as guests see it, full screen without the shell. */
export function PublicWineListPage() {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('publicWineList.title')}
      description={t('publicWineList.description')}
      icon={<IconListDetails size={32} stroke={1.5} />}
    />
  );
}
