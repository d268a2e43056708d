import type { CurrencyCode, StockCount, StockCountSummary } from '@kork/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { differenceColor, formatDifference, formatDifferenceValue, formatWhole } from './count-format';
import classes from './stock-counts.module.css';

/** A count's status and, once finished, what it did to the inventory. */
export function CountBadges({ count }: { count: Pick<StockCount, 'status' | 'outcome' | 'blind'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge
        size="sm"
        variant="outline"
        radius="sm"
        tt="none"
        color={count.status === 'open' ? 'blue.9' : 'gray.8'}
      >
        {t(`stockCounts.status.${count.status}`)}
      </Badge>
      {count.blind && (
        <Badge size="sm" variant="outline" radius="sm" tt="none" color="grape.9">
          {t('stockCounts.sheet.blindBadge')}
        </Badge>
      )}
      {count.outcome && (
        <Badge
          size="sm"
          variant="outline"
          radius="sm"
          tt="none"
          color={count.outcome === 'applied' ? 'teal.9' : 'gray.8'}
        >
          {t(`stockCounts.outcome.${count.outcome}`)}
        </Badge>
      )}
    </>
  );
}

/** Counted, uncounted, extra and the difference in bottles and money, as a row of figures. */
export function CountFigures({ summary, currency }: { summary: StockCountSummary; currency: CurrencyCode }) {
  const { t } = useTranslation();
  const colour = differenceColor(summary.difference);
  return (
    <dl className={classes.figures}>
      <div className={classes.figure}>
        <dt>{t('stockCounts.figures.counted')}</dt>
        <dd>
          {formatWhole(summary.counted)}/{formatWhole(summary.lines)}
        </dd>
      </div>
      <div className={classes.figure}>
        <dt>{t('stockCounts.figures.uncounted')}</dt>
        <dd>{formatWhole(summary.uncounted)}</dd>
      </div>
      <div className={classes.figure}>
        <dt>{t('stockCounts.figures.extra')}</dt>
        <dd>{formatWhole(summary.extra)}</dd>
      </div>
      {summary.difference !== undefined && (
        <div className={classes.figure}>
          <dt>{t('stockCounts.figures.difference')}</dt>
          <dd style={colour ? { color: `var(--mantine-color-${colour.replace('.', '-')})` } : undefined}>
            {formatDifference(summary.difference ?? 0)}
            {!!summary.differenceValue && ` (${formatDifferenceValue(summary.differenceValue, currency)})`}
          </dd>
        </div>
      )}
    </dl>
  );
}
