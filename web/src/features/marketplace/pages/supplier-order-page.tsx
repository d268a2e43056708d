import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SupplierOrderPage() {
  const { t } = useTranslation();
  return <Title order={1}>{t('marketSuppliers.link.title')}</Title>;
}
