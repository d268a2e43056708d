import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SuppliersPage() {
  const { t } = useTranslation();
  return <Title order={1}>{t('marketSuppliers.title')}</Title>;
}
