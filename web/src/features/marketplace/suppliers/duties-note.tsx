import type { DutyMissing, OfferDuties } from '@kork/shared';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/wine-text';

/** A duties figure already formatted in its currency, or why there is none. */
export type DutiesFigure =
  | { known: true; amount: string; ratesAsOf: string | null; stale: boolean }
  | { known: false; missing: DutyMissing };

/**
 * The duties line under a price without VAT (docs/duties.md): "of which duties NOK 58.21", with the
 * year of the rates when this year's are not loaded yet; "duties unknown" where the wine's alcohol or the
 * day's rates are missing — never a silent 0.
 */
export function DutiesNote({
  duties,
  label = 'of',
}: {
  duties: DutiesFigure | undefined;
  /** `of`: "of which duties …" under a price; `perBottle`: "duties … per bottle" under an order line. */
  label?: 'of' | 'perBottle';
}) {
  const { t } = useTranslation();
  if (!duties) return null;
  if (!duties.known)
    return (
      <Text component="span" size="xs" c="dimmed" data-testid="duties-line" data-duties="unknown">
        {t(`marketSuppliers.duties.unknown.${duties.missing}`)}
      </Text>
    );
  const year = duties.ratesAsOf?.slice(0, 4);
  return (
    <Text component="span" size="xs" c="dimmed" data-testid="duties-line" data-duties="known">
      {t(`marketSuppliers.duties.${label}`, { amount: duties.amount })}
      {duties.stale && year ? ` ${t('marketSuppliers.duties.ratesOf', { year })}` : ''}
    </Text>
  );
}

/** An offer's duties (its total in the viewer's currency) as the note shows them. */
export function offerDutiesFigure(
  duties: OfferDuties | undefined,
  currency: string,
  locale: string | undefined,
): DutiesFigure | undefined {
  if (!duties) return undefined;
  if (!duties.known) return duties;
  return {
    known: true,
    amount: formatPrice(duties.total, currency, locale),
    ratesAsOf: duties.ratesAsOf,
    stale: duties.stale,
  };
}
