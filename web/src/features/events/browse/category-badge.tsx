import type { EventCategory } from '@kork/shared';
import { Badge } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_COLOR } from '../event-text';

/** The event's category, as an outline badge in its dark colour (readable on the page's off-white). */
export function CategoryBadge({ category }: { category: EventCategory }) {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant="outline" radius="sm" color={CATEGORY_COLOR[category]}>
      {t(`wineEvents.categories.${category}`)}
    </Badge>
  );
}

/** Marks a private event: reachable only by its link or an exact search for its name. */
export function PrivateBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      component="span"
      variant="outline"
      radius="sm"
      color="gray.8"
      leftSection={<IconLock size={12} aria-hidden />}
      data-testid="event-private"
    >
      {t('wineEvents.private')}
    </Badge>
  );
}
