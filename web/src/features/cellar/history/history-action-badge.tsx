import type { HistoryAction } from '@kork/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACTION_COLORS } from './history-format';

/**
 * What happened, as a badge with a coloured dot: the text keeps full contrast (the light variant's tinted
 * text does not reach AA at badge size), the colour repeats it and never replaces it.
 */
export function HistoryActionBadge({ action }: { action: HistoryAction }) {
  const { t } = useTranslation();
  return (
    <Badge color={ACTION_COLORS[action]} variant="dot" radius="sm" tt="none" miw="max-content">
      {t(`cellarReview.actions.${action}`)}
    </Badge>
  );
}
