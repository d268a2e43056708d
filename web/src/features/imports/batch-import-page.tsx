import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';

/** The cellar's batch import (/wine-cellar/batch-import): upload, scan, review, match, confirm, import. */
export function BatchImportPage() {
  const { t } = useTranslation();
  usePageTitle(t('importsPage.title'));
  return (
    <Stack>
      <Title order={1}>{t('importsPage.title')}</Title>
      <Text>{t('importsPage.intro')}</Text>
    </Stack>
  );
}
