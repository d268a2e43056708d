import type { PriceListBasis, PriceListDutiesAdded } from '@kork/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DutiesBasisChoice } from '../../../components/duties-basis-choice';
import { formatDay } from '../../../lib/format-day';

/**
 * How the importer enters its prices (docs/duties.md): with duties, as HORECA prices are kept, or without
 * them, when Kork adds each wine's duties at today's rates before saving. Applies to edits and uploads.
 */
export function PriceBasisChoice({
  value,
  onChange,
}: {
  value: PriceListBasis;
  onChange: (next: PriceListBasis) => void;
}) {
  const { t } = useTranslation();
  return (
    <DutiesBasisChoice
      value={value}
      onChange={onChange}
      hintTestId="price-basis-hint"
      texts={{
        label: t('supplierPortal.prices.label'),
        withDuties: t('supplierPortal.prices.withDuties'),
        withoutDuties: t('supplierPortal.prices.withoutDuties'),
        hint: t(
          value === 'withDuties'
            ? 'supplierPortal.prices.hintWithDuties'
            : 'supplierPortal.prices.hintWithoutDuties',
        ),
      }}
    />
  );
}

/** "Duties added to 3 prices, at the rates from 1 Jan 2025." and, when this year's are not loaded, so. */
export function dutiesAddedText(
  t: TFunction,
  added: PriceListDutiesAdded,
  locale: string,
  today: string = new Date().toISOString().slice(0, 10),
): string {
  const text = t('supplierPortal.prices.dutiesAdded', {
    count: added.rows,
    date: added.ratesAsOf ? formatDay(added.ratesAsOf, locale) : '–',
  });
  if (!added.stale || !added.ratesAsOf) return text;
  return `${text} ${t('supplierPortal.prices.stale', { year: today.slice(0, 4), from: added.ratesAsOf.slice(0, 4) })}`;
}
