import { NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/format-day';
import {
  type AnalyticsView,
  daysIn,
  defaultGroup,
  groupsFor,
  MAX_DAYS_BY_DAY,
  PERIOD_PRESETS,
  type PeriodChoice,
  presetRange,
} from './period';
import classes from './sales-analytics.module.css';

interface PeriodPickerProps {
  view: AnalyticsView;
  today: string;
  /** Changes the view as it stands when the change lands (two quick edits do not undo each other). */
  onChange: (update: (view: AnalyticsView) => AnalyticsView) => void;
  /** What is wrong with the period, shown under its end. */
  error?: string;
}

/** The period (a preset or two dates) and its grouping; every change lands in the address. */
export function PeriodPicker({ view, today, onChange, error }: PeriodPickerProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const days = daysIn(view.from, view.to);
  const offered = groupsFor(days);

  const choose = (period: PeriodChoice) => {
    if (period === 'custom') {
      onChange((current) => ({ ...current, period }));
      return;
    }
    const range = presetRange(period, today);
    onChange(() => ({ period, ...range, groupBy: defaultGroup(daysIn(range.from, range.to)) }));
  };

  const setDates = (changes: Partial<Pick<AnalyticsView, 'from' | 'to'>>) => {
    onChange((current) => {
      const next = { ...current, period: 'custom' as const, ...changes };
      const nextDays = daysIn(next.from, next.to);
      // A grouping the new period does not offer gives way to the period's own.
      const groupBy = groupsFor(nextDays).includes(current.groupBy)
        ? current.groupBy
        : defaultGroup(nextDays);
      return { ...next, groupBy };
    });
  };

  return (
    <div className={classes.picker}>
      <NativeSelect
        label={t('salesAnalytics.period.label')}
        value={view.period}
        onChange={(event) => choose(event.currentTarget.value as PeriodChoice)}
        data={[...PERIOD_PRESETS, 'custom'].map((period) => ({
          value: period,
          label: t(`salesAnalytics.period.presets.${period as PeriodChoice}`),
        }))}
        className={classes.pickerPeriod}
      />
      {view.period === 'custom' && (
        <>
          <TextInput
            type="date"
            label={t('salesAnalytics.period.from')}
            value={view.from}
            onChange={(event) => {
              const from = event.currentTarget.value;
              if (from) setDates({ from });
            }}
            className={classes.pickerDate}
          />
          <TextInput
            type="date"
            label={t('salesAnalytics.period.to')}
            value={view.to}
            onChange={(event) => {
              const to = event.currentTarget.value;
              if (to) setDates({ to });
            }}
            error={error}
            className={classes.pickerDate}
          />
        </>
      )}
      <Stack gap={4} className={classes.pickerGroup}>
        <Text component="span" size="sm" fw={500} id="sales-analytics-group-label">
          {t('salesAnalytics.period.groupBy')}
        </Text>
        <SegmentedControl
          aria-labelledby="sales-analytics-group-label"
          value={view.groupBy}
          onChange={(groupBy) =>
            onChange((current) => ({ ...current, groupBy: groupBy as AnalyticsView['groupBy'] }))
          }
          data={(['day', 'week', 'month'] as const).map((group) => ({
            value: group,
            label: t(`salesAnalytics.period.groups.${group}`),
            disabled: !offered.includes(group),
          }))}
        />
      </Stack>
      {error === undefined && days > 0 && (
        <Text size="sm" c="dimmed" className={classes.pickerRange} aria-live="polite">
          {t('salesAnalytics.period.range', {
            from: formatDay(view.from, locale),
            to: formatDay(view.to, locale),
          })}
          {!offered.includes('day') && ` · ${t('salesAnalytics.period.dayLimit', { days: MAX_DAYS_BY_DAY })}`}
        </Text>
      )}
    </div>
  );
}
