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
  PRICE_EVENT_FIELDS,
  type StockEvent,
  stockEvent,
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

/** A signed number: "+3", "−2". */
function signed(value: string, positive: boolean): string {
  return positive ? `+${value}` : value;
}

/**
 * One sentence for a stock event: "Sold 2 bottles from Kjeller A", "Counted: 12 → 10 (−2, −kr 380,00)",
 * "Received 6 at kr 150,00 into Kjeller A".
 */
function useEventText(
  entry: HistoryEntry,
  { locationNames, baseCurrency }: Omit<HistoryChangeProps, 'entry'>,
) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const currency = entryCurrency(entry, baseCurrency);
  const places = (ids: (string | null)[]) =>
    ids.length === 0
      ? ''
      : ids
          .map((id) =>
            id === null
              ? t('cellarReview.change.uncategorized')
              : (locationNames.get(id) ?? t('cellarReview.change.unknownLocation')),
          )
          .join(', ');
  const money = (minor: number) =>
    currency ? formatMinor(minor, currency, locale) : formatDecimal(minor, locale);

  return (event: StockEvent): string => {
    if (event.action === 'SOLD' || event.action === 'SALE_DELETED') {
      const key = event.action === 'SOLD' ? 'sold' : 'saleDeleted';
      const where = places(event.locations);
      return where
        ? t(`cellarReview.change.events.${key}From`, { count: event.units, places: where })
        : t(`cellarReview.change.events.${key}`, { count: event.units });
    }
    if (event.action === 'COUNTED') {
      const difference = signed(formatDecimal(event.difference, locale), event.difference > 0);
      const values = {
        before: formatDecimal(event.before, locale),
        after: formatDecimal(event.after, locale),
        difference,
      };
      return event.differenceValue === undefined
        ? t('cellarReview.change.events.counted', values)
        : t('cellarReview.change.events.countedValue', {
            ...values,
            value: signed(money(event.differenceValue), event.differenceValue > 0),
          });
    }
    if (event.action === 'PRICE_CHANGED') {
      const price = (minor: number | null) => (minor === null ? t('cellarReview.change.none') : money(minor));
      const { selling, glass } = event;
      if (selling && glass)
        return t('cellarReview.change.events.priceChangedGlass', {
          before: price(selling.before),
          after: price(selling.after),
          glassBefore: price(glass.before),
          glassAfter: price(glass.after),
        });
      if (selling)
        return t('cellarReview.change.events.priceChanged', {
          before: price(selling.before),
          after: price(selling.after),
        });
      if (glass)
        return t('cellarReview.change.events.glassPriceChanged', {
          glassBefore: price(glass.before),
          glassAfter: price(glass.after),
        });
      return t('cellarReview.change.events.priceUnchanged');
    }
    if (event.action !== 'RECEIVED') return '';
    const where = places(event.locations);
    const cost = event.unitCost === undefined ? undefined : money(event.unitCost);
    if (cost && where)
      return t('cellarReview.change.events.receivedAtInto', { count: event.units, cost, places: where });
    if (cost) return t('cellarReview.change.events.receivedAt', { count: event.units, cost });
    return t('cellarReview.change.events.received', { count: event.units });
  };
}

/** A readable before → after summary of one history entry. */
export function HistoryChange({ entry, ...context }: HistoryChangeProps) {
  const { t } = useTranslation();
  const valueText = useValueText(entry, context);
  const eventText = useEventText(entry, context);
  const event = stockEvent(entry);
  // A stock event's sentence says what happened to the bottles; its list keeps the rest (prices).
  const changes = fieldChanges(entry).filter(
    (change) =>
      !event ||
      (change.field !== 'quantity' &&
        change.field !== 'placements' &&
        !(event.action === 'PRICE_CHANGED' && PRICE_EVENT_FIELDS.includes(change.field))),
  );

  if (event) {
    return (
      <div>
        <Text size="sm" data-testid="history-event">
          {eventText(event)}
        </Text>
        {changes.length > 0 && <FieldChanges changes={changes} valueText={valueText} />}
      </div>
    );
  }

  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('cellarReview.change.details')}
      </Text>
    );
  }

  return <FieldChanges changes={changes} valueText={valueText} />;
}

function FieldChanges({
  changes,
  valueText,
}: {
  changes: FieldChange[];
  valueText: (field: ChangeField, value: unknown) => string;
}) {
  const { t } = useTranslation();
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
