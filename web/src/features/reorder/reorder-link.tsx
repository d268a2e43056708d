import { Button } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The cellar home with the Reorder view open (low-stock-panel.tsx reads `?reorder=1`). */
export const REORDER_VIEW_PATH = '/wine-cellar/home?reorder=1';

/** "Reorder": from a finished count to the wines now at or under their reorder point. */
export function ReorderLink() {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={REORDER_VIEW_PATH}
      radius="xl"
      leftSection={<IconTruckDelivery size={16} aria-hidden />}
    >
      {t('reorder.lowStock.open')}
    </Button>
  );
}
