import type { StockCountSummary } from '@kork/shared';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { differenceColor, formatDifference, formatWhole } from '../count-format';
import classes from '../stock-counts.module.css';
import type { SheetStatus } from './count-entry';

/** The sheet's figures at a glance, and while counting, whether every figure has reached the server. */
export function SheetGlance({
  summary,
  readOnly,
  offline,
  status,
}: {
  summary: StockCountSummary;
  readOnly: boolean;
  /** No network, or the sheet shown is the copy kept on this device. */
  offline: boolean;
  status: SheetStatus;
}) {
  const { t } = useTranslation();
  const colour = differenceColor(summary.difference);
  return (
    <div className={classes.sheetHeader}>
      <dl className={classes.glance}>
        <div>
          <dt>{t('stockCounts.figures.counted')}</dt>
          <dd>
            {formatWhole(summary.counted)}/{formatWhole(summary.lines)}
          </dd>
        </div>
        <div>
          <dt>{t('stockCounts.figures.uncounted')}</dt>
          <dd>{formatWhole(summary.uncounted)}</dd>
        </div>
        <div>
          <dt>{t('stockCounts.figures.extra')}</dt>
          <dd>{formatWhole(summary.extra)}</dd>
        </div>
        {summary.difference !== undefined && (
          <div>
            <dt>{t('stockCounts.figures.difference')}</dt>
            <dd style={colour ? { color: `var(--mantine-color-${colour.replace('.', '-')})` } : undefined}>
              {formatDifference(summary.difference ?? 0)}
            </dd>
          </div>
        )}
      </dl>
      {!readOnly && (
        <Group gap="xs" mt={6} justify="center" role="status" aria-live="polite">
          {offline && (
            <Badge size="sm" variant="outline" color="red.9" radius="sm" tt="none">
              {t('stockCounts.sheet.offline')}
            </Badge>
          )}
          <Text
            size="sm"
            fw={status.key === 'waiting' || status.key === 'invalid' ? 600 : undefined}
            c={status.key === 'invalid' ? 'red.9' : undefined}
          >
            {status.key === 'invalid'
              ? t('stockCounts.sheet.invalid', { count: status.count })
              : status.key === 'waiting'
                ? t('stockCounts.sheet.waiting', { count: status.count })
                : t(`stockCounts.sheet.${status.key}`)}
          </Text>
        </Group>
      )}
    </div>
  );
}
