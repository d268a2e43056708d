import { CELLAR_SORT_COLUMNS, type InventoryTotals } from '@kork/shared';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBottle, IconFilterOff, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/i18n';
import { formatCount } from '../../../lib/format-number';
import { ConvertedNote } from '../../config/components/converted-note';
import type { ViewMoney } from '../../config/view-money';
import classes from './cellar-wines-page.module.css';
import { MoneyFigure } from './money-figure';
import type { WinesView } from './wines-url-state';

/**
 * The totals of every wine that matches (not just this page), as the API sums them: money in whole
 * units, shortened when the box is narrow (the exact amount is the tooltip), in the viewer's currency —
 * converted from the cellar's, which the note under them says, with the rate and its date.
 */
export function TotalsBar({ totals, money: view }: { totals: InventoryTotals; money: ViewMoney }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const money = (minor: number) => (
    <MoneyFigure minor={view.toView(minor)} currency={view.currency} locale={locale} />
  );
  const items = [
    { key: 'wines', value: formatCount(totals.wines, locale) },
    { key: 'bottles', value: formatCount(totals.bottles, locale) },
    { key: 'purchaseValue', value: money(totals.purchaseValue) },
    { key: 'sellingValue', value: money(totals.sellingValue) },
  ] as const;
  return (
    <Stack gap={4}>
      <SimpleGrid
        component="dl"
        cols={{ base: 2, sm: 4 }}
        spacing="sm"
        aria-label={t('cellarWines.totals.label')}
        className={classes.totals}
      >
        {items.map((item) => (
          <div key={item.key} className={classes.total}>
            <Text component="dt" size="xs" c="dimmed">
              {t(`cellarWines.totals.${item.key}`)}
            </Text>
            <Text component="dd" fw={700} className={classes.totalValue}>
              {item.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <ConvertedNote money={view} stored />
    </Stack>
  );
}

/** The sortItems state: which column the list is sorted by, and a way back to the default order. */
export function SortBar({ sort, onClear }: { sort: NonNullable<WinesView['sort']>; onClear: () => void }) {
  const { t } = useTranslation();
  const column = t(`cellarWines.columns.${sort.column}`);
  return (
    <Group gap="xs" className={classes.sortBar}>
      <Text size="sm" aria-live="polite">
        {t('cellarWines.sort.by', { column, direction: t(`cellarWines.sort.${sort.direction}`) })}
      </Text>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconX size={14} aria-hidden />}
        onClick={onClear}
      >
        {t('cellarWines.sort.clear')}
      </Button>
    </Group>
  );
}

const DEFAULT_ORDER = 'default';

/**
 * Sorting on a phone, where the cards have no column headers to click: one compact select with each
 * column in both directions, and the default order first.
 */
export function SortSelect({
  sort,
  onChange,
}: {
  sort: WinesView['sort'];
  onChange: (sort: WinesView['sort']) => void;
}) {
  const { t } = useTranslation();
  const options = [
    { value: DEFAULT_ORDER, label: t('cellarWines.sort.default') },
    ...CELLAR_SORT_COLUMNS.flatMap((column) =>
      (['asc', 'desc'] as const).map((direction) => ({
        value: `${column}:${direction}`,
        label: t('cellarWines.sort.option', {
          column: t(`cellarWines.columns.${column}`),
          direction: t(`cellarWines.sort.${direction}`),
        }),
      })),
    ),
  ];
  return (
    <Select
      label={t('cellarWines.sort.label')}
      data={options}
      value={sort ? `${sort.column}:${sort.direction}` : DEFAULT_ORDER}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => {
        const [column, direction] = (value ?? DEFAULT_ORDER).split(':');
        const known = CELLAR_SORT_COLUMNS.find((c) => c === column);
        onChange(
          known && (direction === 'asc' || direction === 'desc') ? { column: known, direction } : undefined,
        );
      }}
    />
  );
}

/** The noItems state: a cellar with no wines at all. */
export function EmptyCellar({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" className={classes.state}>
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="wine">
          <IconBottle size={28} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('cellarWines.empty.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('cellarWines.empty.text')}
        </Text>
        <Button radius="xl" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          {t('cellarWines.addWine')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** A search or filter that matches nothing: not an empty cellar, so it offers to clear, not to add. */
export function NoMatch({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" className={classes.state}>
      <Stack align="center" gap="sm">
        <Title order={2} size="h3">
          {t('cellarWines.noMatch.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('cellarWines.noMatch.text')}
        </Text>
        <Button
          variant="default"
          radius="xl"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onClear}
        >
          {t('cellarWines.noMatch.clear')}
        </Button>
      </Stack>
    </Paper>
  );
}
