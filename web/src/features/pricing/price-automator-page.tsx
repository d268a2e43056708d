import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';

/** /wine-cellar/price-automator: rule sets, their preview and apply, and the prices to review. */
export function PriceAutomatorPage() {
  const { t } = useTranslation();
  usePageTitle(t('pricingPage.title'));
  return (
    <Container size="lg" px={0}>
      <Title order={1}>{t('pricingPage.title')}</Title>
    </Container>
  );
}
