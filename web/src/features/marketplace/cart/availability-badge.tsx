import type { Availability } from '@kork/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AVAILABILITY_COLOR } from '../suppliers/supplier-text';

/** In stock / Low stock / Out of stock (SPEC §4 cart availability). */
export function AvailabilityBadge({ availability }: { availability: Availability }) {
  const { t } = useTranslation();
  return (
    <Badge color={AVAILABILITY_COLOR[availability]} variant="outline" radius="sm" tt="none" miw="max-content">
      {t(`marketCart.availability.${availability}`)}
    </Badge>
  );
}
