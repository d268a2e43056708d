import type { CurrencyCode, HistoryEntry } from '@kork/shared';
import { Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format-number';
import classes from './cellar-history-page.module.css';
import {
  type ChangeField,
  entryCurrency,
  type FieldChange,
  fieldChanges,
  formatMinor,
  isMoneyField,
  isPlacements,
} from './history-format';

interface HistoryChangeProps {
  entry: HistoryEntry;
  locationNames: ReadonlyMap<string, string>;
  baseCurrency: CurrencyCode | undefined;
}

/** Words one value of a field: bottles as a number, placements by location name, prices as money. */
function useValueText(
  entry: HistoryEntry,
  { locationNames, baseCurrency }: Omit<HistoryChangeProps, 'entry'>,
) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const currency = entryCurrency(entry, baseCurrency);

  return (field: ChangeField, value: unknown): string => {
    if (value === null || value === undefined) return t('cellarReview.change.none');
    if (field === 'placements' && isPlacements(value)) {
      if (value.length === 0) return t('cellarReview.change.none');
      return value
        .map((placement) =>
          t('cellarReview.change.placement', {
            name:
              placement.locationId === null
                ? t('cellarReview.change.uncategorized')
                : (locationNames.get(placement.locationId) ?? t('cellarReview.change.unknownLocation')),
            count: placement.quantity,
          }),
        )
        .join(', ');
    }
    if (typeof value === 'boolean') return value ? t('cellarReview.change.yes') : t('cellarReview.change.no');
    if (typeof value === 'number') {
      if (isMoneyField(field) && currency) return formatMinor(value, currency, locale);
      return formatDecimal(value, locale);
    }
    return String(value);
  };
}

function cx(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** "before → after"; the arrow is for the eye, screen readers hear the word. */
function Arrow() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden className={classes.arrow}>
        →
      </span>
      <VisuallyHidden>{t('cellarReview.change.to')}</VisuallyHidden>
    </>
  );
}

/** A readable before → after summary of one history entry. */
export function HistoryChange({ entry, ...context }: HistoryChangeProps) {
  const { t } = useTranslation();
  const valueText = useValueText(entry, context);
  const changes = fieldChanges(entry);

  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('cellarReview.change.details')}
      </Text>
    );
  }

  const describe = (change: FieldChange): ReactNode => {
    // Money and bottle counts stay on one line each; a list of places may wrap between places.
    const money = change.field === 'placements' ? undefined : classes.money;
    const hasBefore = 'before' in change;
    const hasAfter = 'after' in change;
    if (hasBefore && hasAfter) {
      return (
        <>
          <span className={cx(classes.before, money)}>{valueText(change.field, change.before)}</span>{' '}
          <Arrow /> <span className={cx(classes.after, money)}>{valueText(change.field, change.after)}</span>
        </>
      );
    }
    return <span className={money}>{valueText(change.field, hasAfter ? change.after : change.before)}</span>;
  };

  return (
    <ul className={classes.changes}>
      {changes.map((change) => (
        <li key={change.field}>
          <Text span size="sm" c="dimmed">
            {t(`cellarReview.change.fields.${change.field}`)}:
          </Text>{' '}
          <Text span size="sm">
            {describe(change)}
          </Text>
        </li>
      ))}
    </ul>
  );
}
