import type { Availability } from '@kork/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Outline badges in dark shades: the light variants do not reach AA contrast at badge size. */
const COLORS: Record<Availability, string> = {
  inStock: 'teal.9',
  lowStock: 'orange.9',
  outOfStock: 'red.9',
};

/** In stock / Low stock / Out of stock (SPEC §4 cart availability). */
export function AvailabilityBadge({ availability }: { availability: Availability }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[availability]} variant="outline" radius="sm" tt="none" miw="max-content">
      {t(`marketCart.availability.${availability}`)}
    </Badge>
  );
}
