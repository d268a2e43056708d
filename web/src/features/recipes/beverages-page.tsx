import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';

/** /wine-cellar/beverages: the cellar's drink recipes with their cost and margins. */
export function BeveragesPage() {
  const { t } = useTranslation();
  usePageTitle(t('recipesPage.title'));
  return (
    <Container size="lg" px={0}>
      <Title order={1}>{t('recipesPage.title')}</Title>
    </Container>
  );
}
