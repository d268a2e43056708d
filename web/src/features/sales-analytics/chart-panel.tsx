import { Group, SegmentedControl, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './sales-analytics.module.css';

type PanelView = 'chart' | 'table';

interface ChartPanelProps {
  title: string;
  chart: ReactNode;
  table: ReactNode;
  /** Spans the whole row of the grid on a wide screen. */
  wide?: boolean;
}

/**
 * One chart with its numbers: the "Table" choice shows the same figures as a table, which is also what a
 * screen reader is pointed to, since the drawing itself cannot be read out.
 */
export function ChartPanel({ title, chart, table, wide }: ChartPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [view, setView] = useState<PanelView>('chart');
  return (
    <section
      aria-labelledby={headingId}
      className={wide ? `${classes.panel} ${classes.wide}` : classes.panel}
    >
      <Group justify="space-between" align="center" gap="xs" wrap="wrap" className={classes.panelHead}>
        <Title order={2} id={headingId} className={classes.panelTitle}>
          {title}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label={t('salesAnalytics.view.label', { name: title })}
          value={view}
          onChange={(value) => setView(value as PanelView)}
          data={[
            { value: 'chart', label: t('salesAnalytics.view.chart') },
            { value: 'table', label: t('salesAnalytics.view.table') },
          ]}
        />
      </Group>
      {view === 'chart' ? (
        <div role="img" aria-label={t('salesAnalytics.charts.chartOf', { name: title })}>
          {chart}
        </div>
      ) : (
        table
      )}
    </section>
  );
}
