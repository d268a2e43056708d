import type { PriceListBasis, PriceListDutiesAdded } from '@kork/shared';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
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
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {t('supplierPortal.prices.label')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as PriceListBasis)}
        data={[
          { value: 'withDuties', label: t('supplierPortal.prices.withDuties') },
          { value: 'withoutDuties', label: t('supplierPortal.prices.withoutDuties') },
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />
      <Text size="xs" c="dimmed" data-testid="price-basis-hint">
        {t(
          value === 'withDuties'
            ? 'supplierPortal.prices.hintWithDuties'
            : 'supplierPortal.prices.hintWithoutDuties',
        )}
      </Text>
    </Stack>
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
