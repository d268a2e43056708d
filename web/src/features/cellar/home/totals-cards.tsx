import {
  type CellarDashboard,
  type CurrencyCode,
  type InventoryTotals,
  isStaleRate,
  rateAgeDays,
} from '@kork/shared';
import { Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDecimal } from '../../../lib/format-number';
import { formatWholeMoney } from '../../../lib/money';
import { formatDate } from '../../../lib/wine-text';
import { MoneyFigure } from '../wines/money-figure';
import classes from './dashboard.module.css';

interface StatCardProps {
  label: string;
  value: ReactNode;
  /** The same amount in the cellar's own currency, when the viewer sees another one. */
  note?: string | undefined;
}

function StatCard({ label, value, note }: StatCardProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', xs: 'md' }} className={classes.stat}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="div" className={classes.statValue}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

type MoneyTotal = keyof Pick<InventoryTotals, 'purchaseValue' | 'sellingValue'>;

/**
 * Wines, bottles and the cellar's value in the viewer's currency, in whole units (shortened to "1,2 mill.
 * kr" when the card is narrow, the exact amount as its tooltip). When that is not the cellar's own
 * currency, each amount also shows in the base currency and the rate used is named with its date and
 * source (and said to be old when it is more than a week old), so a converted value is never mistaken
 * for a booked one.
 */
export function TotalsCards({ dashboard }: { dashboard: CellarDashboard }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const { baseCurrency, viewCurrency, totals, viewTotals, rate } = dashboard;
  const converted = baseCurrency !== viewCurrency;
  const money = (amount: number, code: CurrencyCode) => (
    <MoneyFigure minor={amount} currency={code} locale={locale} />
  );
  const baseNote = (field: MoneyTotal) =>
    converted
      ? t('cellarReview.home.totals.base', {
          amount: formatWholeMoney(totals[field], baseCurrency, locale),
        })
      : undefined;

  return (
    <section aria-labelledby="cellar-totals-heading">
      <VisuallyHidden>
        <h2 id="cellar-totals-heading">{t('cellarReview.home.totals.label')}</h2>
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
        <StatCard label={t('cellarReview.home.totals.wines')} value={formatCount(viewTotals.wines, locale)} />
        <StatCard
          label={t('cellarReview.home.totals.bottles')}
          value={formatCount(viewTotals.bottles, locale)}
        />
        <StatCard
          label={t('cellarReview.home.totals.purchaseValue')}
          value={money(viewTotals.purchaseValue, viewCurrency)}
          note={baseNote('purchaseValue')}
        />
        <StatCard
          label={t('cellarReview.home.totals.sellingValue')}
          value={money(viewTotals.sellingValue, viewCurrency)}
          note={baseNote('sellingValue')}
        />
      </SimpleGrid>
      {converted && rate && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('cellarReview.home.totals.rate', {
            base: baseCurrency,
            view: viewCurrency,
            value: formatDecimal(rate.value, locale, 4, 2),
            source: rate.source,
            date: formatDate(rate.date, locale),
          })}
          {isStaleRate(rate.date) && ` ${t('viewMoney.stale', { days: rateAgeDays(rate.date) })}`}
        </Text>
      )}
    </section>
  );
}
