import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ConfirmationPage() {
  const { t } = useTranslation();
  return <Title order={1}>{t('marketCart.confirmation.title')}</Title>;
}
