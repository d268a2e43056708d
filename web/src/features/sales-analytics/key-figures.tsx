import type { SalesAnalytics } from '@kork/shared';
import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Formats } from './formats';
import classes from './sales-analytics.module.css';

function Figure({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <div className={classes.figure}>
      <dt className={classes.figureLabel}>{label}</dt>
      <dd className={classes.figureValue}>{value}</dd>
      {detail !== undefined && <dd className={classes.figureDetail}>{detail}</dd>}
    </div>
  );
}

/** Revenue, bottles, margin, sales and shrinkage of the period, as a list of terms and their values. */
export function KeyFigures({ data, formats }: { data: SalesAnalytics; formats: Formats }) {
  const { t } = useTranslation();
  const { totals, shrinkage } = data;
  return (
    <section aria-labelledby="sales-analytics-figures">
      <h2 id="sales-analytics-figures" className={classes.visuallyHidden}>
        {t('salesAnalytics.figures.label')}
      </h2>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" className={classes.figures}>
        <Figure
          label={t('salesAnalytics.figures.revenue')}
          value={formats.money(totals.revenue)}
          detail={t('salesAnalytics.figures.withVat', { amount: formats.money(totals.revenueWithVat) })}
        />
        <Figure
          label={t('salesAnalytics.figures.units')}
          value={formats.count(totals.units)}
          detail={t('salesAnalytics.figures.glassUnits', { value: formats.count(totals.glassUnits) })}
        />
        <Figure
          label={t('salesAnalytics.figures.margin')}
          value={formats.money(totals.margin)}
          detail={
            totals.marginPercentage === undefined
              ? t('salesAnalytics.figures.noRevenue')
              : t('salesAnalytics.figures.marginPercentage', {
                  percentage: formats.percent(totals.marginPercentage),
                })
          }
        />
        <Figure
          label={t('salesAnalytics.figures.sales')}
          value={formats.count(totals.sales)}
          detail={t('salesAnalytics.figures.salesHint')}
        />
        <Figure
          label={t('salesAnalytics.figures.shrinkageTitle')}
          value={t('salesAnalytics.figures.bottles', {
            count: shrinkage.bottles,
            value: formats.count(shrinkage.bottles),
          })}
          detail={t('salesAnalytics.figures.shrinkageValue', { amount: formats.money(shrinkage.value) })}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="xs" data-testid="cost-basis">
        {t('salesAnalytics.figures.costBasis')}
      </Text>
      {totals.unitsWithoutCost > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('salesAnalytics.figures.withoutCost', {
            count: totals.unitsWithoutCost,
            value: formats.count(totals.unitsWithoutCost),
          })}
        </Text>
      )}
    </section>
  );
}
