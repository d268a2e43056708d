import type { ImporterConnectionStatus, OrderStatus } from '@kork/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Outline badges in dark shades: the light variants do not reach AA contrast at badge size. */
const STATUS_COLORS: Record<OrderStatus, string> = {
  draft: 'gray.8',
  placed: 'blue.9',
  confirmed: 'blue.9',
  partlyReceived: 'teal.9',
  received: 'teal.9',
  cancelled: 'red.9',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="outline" radius="sm" tt="none" miw="max-content">
      {t(`ordersPage.statuses.${status}`)}
    </Badge>
  );
}

const CONNECTION_COLORS: Record<ImporterConnectionStatus, string> = {
  needsActivation: 'gray.8',
  requested: 'blue.9',
  active: 'teal.9',
};

export function ConnectionBadge({ status }: { status: ImporterConnectionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={CONNECTION_COLORS[status]} variant="outline" radius="sm" tt="none" miw="max-content">
      {t(`ordersPage.importers.statuses.${status}`)}
    </Badge>
  );
}
