import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SupplierPortalPage() {
  const { t } = useTranslation();
  return <Title order={1}>{t('supplierPortal.title')}</Title>;
}
