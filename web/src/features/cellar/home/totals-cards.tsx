import type { CellarDashboard, CurrencyCode, InventoryTotals } from '@kork/shared';
import { Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../wines/wine-text';
import { formatMinor } from '../history/history-format';
import classes from './dashboard.module.css';

interface StatCardProps {
  label: string;
  value: string;
  /** The same amount in the cellar's own currency, when the viewer sees another one. */
  note?: string | undefined;
}

function StatCard({ label, value, note }: StatCardProps) {
  return (
    <Paper withBorder radius="lg" p="md" className={classes.stat}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text className={classes.statValue}>{value}</Text>
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
 * Wines, bottles and the cellar's value in the viewer's currency. When that is not the cellar's own
 * currency, each amount also shows in the base currency and the rate used is named with its date and
 * source, so a converted value is never mistaken for a booked one.
 */
export function TotalsCards({ dashboard }: { dashboard: CellarDashboard }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const { baseCurrency, viewCurrency, totals, viewTotals, rate } = dashboard;
  const converted = baseCurrency !== viewCurrency;
  const count = new Intl.NumberFormat(locale);
  const money = (amount: number, code: CurrencyCode) => formatMinor(amount, code, locale);
  const baseNote = (field: MoneyTotal) =>
    converted
      ? t('cellarReview.home.totals.base', { amount: money(totals[field], baseCurrency) })
      : undefined;

  return (
    <section aria-labelledby="cellar-totals-heading">
      <VisuallyHidden>
        <h2 id="cellar-totals-heading">{t('cellarReview.home.totals.label')}</h2>
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
        <StatCard label={t('cellarReview.home.totals.wines')} value={count.format(viewTotals.wines)} />
        <StatCard label={t('cellarReview.home.totals.bottles')} value={count.format(viewTotals.bottles)} />
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
            value: new Intl.NumberFormat(locale, {
              minimumFractionDigits: 2,
              maximumFractionDigits: 4,
            }).format(rate.value),
            source: rate.source,
            date: formatDate(rate.date, locale),
          })}
        </Text>
      )}
    </section>
  );
}
