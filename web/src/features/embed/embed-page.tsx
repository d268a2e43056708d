import { IconCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** /embed/…: a wine card another site shows in an iframe, so no navbar or footer around it. */
export function EmbedPage() {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('embed.title')}
      description={t('embed.description')}
      icon={<IconCode size={32} stroke={1.5} />}
    />
  );
}
