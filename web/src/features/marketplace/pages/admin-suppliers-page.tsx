import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AdminSuppliersPage() {
  const { t } = useTranslation();
  return <Title order={1}>{t('supplierPortal.admin.title')}</Title>;
}
