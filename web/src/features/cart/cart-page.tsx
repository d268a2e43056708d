import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

export function CartPage() {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('cart.title')}
      description={t('cart.description')}
      icon={<IconShoppingCart size={32} stroke={1.5} />}
    />
  );
}
