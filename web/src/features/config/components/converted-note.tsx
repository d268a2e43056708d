import { type MantineSpacing, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format-number';
import { formatDate } from '../../../lib/wine-text';
import type { ViewMoney } from '../view-money';

interface ConvertedNoteProps {
  money: ViewMoney;
  /** Also say that amounts are kept, and typed, in the base currency (pages with forms). */
  stored?: boolean;
  mb?: MantineSpacing;
}

/**
 * The small print under amounts shown in another currency than the cellar's own: which currency they
 * were converted from, at which rate and of which day, and when that rate is more than a week old, that
 * it is. Nothing when the amounts are shown as they are kept.
 */
export function ConvertedNote({ money, stored = false, mb }: ConvertedNoteProps) {
  const { t, i18n } = useTranslation();
  const { rate } = money;
  if (!money.converted || !rate) return null;
  const locale = i18n.resolvedLanguage;
  return (
    <Text size="xs" c="dimmed" mb={mb} data-testid="converted-note">
      {t('viewMoney.converted', {
        base: money.base,
        view: money.currency,
        value: formatDecimal(rate.value, locale, 4, 2),
        date: formatDate(rate.date, locale),
      })}
      {rate.stale && ` ${t('viewMoney.stale', { days: rate.ageDays })}`}
      {stored && ` ${t('viewMoney.stored', { base: money.base })}`}
    </Text>
  );
}
