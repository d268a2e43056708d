import { type CurrencyCode, isStaleRate, REFERENCE_RATES, rateAgeDays, rateBetween } from '@kork/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format-number';
import { formatDate } from '../../../lib/wine-text';

/**
 * Under catalogue prices shown in another currency than NOK: the catalogue's prices are NOK, converted by
 * the server with the reference rates Kork ships with (`REFERENCE_RATES`), so the note names that rate
 * and its date, and says when the date is more than a week back.
 */
export function CatalogueRateNote({ currency }: { currency: CurrencyCode }) {
  const { t, i18n } = useTranslation();
  if (currency === 'NOK') return null;
  const locale = i18n.resolvedLanguage;
  const date = REFERENCE_RATES.asOf;
  return (
    <Text size="xs" c="dimmed" data-testid="catalogue-rate-note">
      {t('viewMoney.catalogue', {
        view: currency,
        value: formatDecimal(rateBetween('NOK', currency, REFERENCE_RATES.nokPerUnit), locale, 4, 2),
        date: formatDate(date, locale),
      })}
      {isStaleRate(date) && ` ${t('viewMoney.catalogueOld', { days: rateAgeDays(date) })}`}
    </Text>
  );
}
