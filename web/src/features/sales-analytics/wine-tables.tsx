import type { SalesAnalytics, ShrinkageFigures, WineFigures } from '@kork/shared';
import { Anchor, Button, Group, SimpleGrid, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../lib/format-day';
import type { Formats } from './formats';
import classes from './sales-analytics.module.css';
import { TableScroll } from './table-scroll';

export const WINE_SORTS = ['revenue', 'units', 'margin', 'turnover', 'daysOfStockLeft'] as const;
export type WineSort = (typeof WINE_SORTS)[number];
export type SortDirection = 'ascending' | 'descending';

/** The rows the by-wine table shows before "Show all". */
const FIRST_ROWS = 20;

/**
 * Wines in the order asked for; a wine without the figure (no stock, nothing sold) comes last either way,
 * and equal figures keep the server's order (most revenue first).
 */
export function sortWines(
  wines: readonly WineFigures[],
  by: WineSort,
  direction: SortDirection,
): WineFigures[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return wines
    .map((wine, index) => ({ wine, index }))
    .sort((a, b) => {
      const x = a.wine[by];
      const y = b.wine[by];
      if (x === undefined || y === undefined) {
        if (x === y) return a.index - b.index;
        return x === undefined ? 1 : -1;
      }
      return x === y ? a.index - b.index : (x - y) * sign;
    })
    .map(({ wine }) => wine);
}

function SortHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: WineSort;
  label: string;
  sort: { by: WineSort; direction: SortDirection };
  onSort: (column: WineSort) => void;
}) {
  const { t } = useTranslation();
  const active = sort.by === column;
  const Icon = !active ? IconArrowsSort : sort.direction === 'ascending' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th scope="col" aria-sort={active ? sort.direction : 'none'} className={classes.number}>
      <UnstyledButton
        onClick={() => onSort(column)}
        className={classes.sortButton}
        aria-label={t('salesAnalytics.wines.sortBy', { column: label })}
      >
        <span>{label}</span>
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/** Every wine sold in the period, sortable by revenue, bottles, margin, turnover and days of stock. */
export function WinesTable({ data, formats }: { data: SalesAnalytics; formats: Formats }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [sort, setSort] = useState<{ by: WineSort; direction: SortDirection }>({
    by: 'revenue',
    direction: 'descending',
  });
  const [all, setAll] = useState(false);
  const sorted = sortWines(data.byWine, sort.by, sort.direction);
  const rows = all ? sorted : sorted.slice(0, FIRST_ROWS);
  const label = (column: WineSort) => t(`salesAnalytics.columns.${column}`);
  const onSort = (column: WineSort) =>
    setSort((current) =>
      current.by === column
        ? { by: column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : // Most first, except days of stock, where the most pressing (fewest) come first.
          { by: column, direction: column === 'daysOfStockLeft' ? 'ascending' : 'descending' },
    );

  return (
    <section aria-labelledby={headingId} className={classes.panel}>
      <Title order={2} id={headingId} className={classes.panelTitle}>
        {t('salesAnalytics.wines.title')}
      </Title>
      <TableScroll minWidth={760} label={t('salesAnalytics.wines.caption', { column: label(sort.by) })}>
        <Table striped highlightOnHover className={classes.table}>
          <Table.Caption className={classes.visuallyHidden}>
            {t('salesAnalytics.wines.caption', { column: label(sort.by) })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('salesAnalytics.columns.wine')}</Table.Th>
              <SortHeader column="revenue" label={label('revenue')} sort={sort} onSort={onSort} />
              <SortHeader column="units" label={label('units')} sort={sort} onSort={onSort} />
              <SortHeader column="margin" label={label('margin')} sort={sort} onSort={onSort} />
              <Table.Th scope="col" className={classes.number}>
                {t('salesAnalytics.columns.marginPercentage')}
              </Table.Th>
              <Table.Th scope="col" className={classes.number}>
                {t('salesAnalytics.columns.stock')}
              </Table.Th>
              <SortHeader column="turnover" label={label('turnover')} sort={sort} onSort={onSort} />
              <SortHeader
                column="daysOfStockLeft"
                label={label('daysOfStockLeft')}
                sort={sort}
                onSort={onSort}
              />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((wine) => (
              <Table.Tr key={wine.ownWineId}>
                <Table.Th scope="row" className={classes.wineName}>
                  {wine.wineDisplayName}
                </Table.Th>
                <Table.Td className={classes.number}>{formats.money(wine.revenue)}</Table.Td>
                <Table.Td className={classes.number}>{formats.count(wine.units)}</Table.Td>
                <Table.Td className={classes.number}>{formats.money(wine.margin)}</Table.Td>
                <Table.Td className={classes.number}>
                  {wine.marginPercentage === undefined ? '–' : formats.percent(wine.marginPercentage)}
                </Table.Td>
                <Table.Td className={classes.number}>
                  {wine.stock === undefined ? '–' : formats.count(wine.stock)}
                </Table.Td>
                <Table.Td className={classes.number}>
                  {wine.turnover === undefined ? '–' : formats.decimal(wine.turnover, 2)}
                </Table.Td>
                <Table.Td className={classes.number}>
                  {wine.daysOfStockLeft === undefined ? '–' : formats.count(Math.round(wine.daysOfStockLeft))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {sorted.length > FIRST_ROWS && (
        <Group justify="center">
          <Button variant="subtle" radius="xl" onClick={() => setAll((shown) => !shown)}>
            {all
              ? t('salesAnalytics.wines.showFewer')
              : t('salesAnalytics.wines.showAll', { count: sorted.length })}
          </Button>
        </Group>
      )}
    </section>
  );
}

function SellerList({
  title,
  caption,
  wines,
  formats,
  empty,
}: {
  title: string;
  caption: string;
  wines: WineFigures[];
  formats: Formats;
  empty?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={classes.panel}>
      <Title order={2} id={headingId} className={classes.panelTitle}>
        {title}
      </Title>
      {wines.length === 0 && empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <TableScroll minWidth={320} label={caption}>
          <Table className={classes.table}>
            <Table.Caption className={classes.visuallyHidden}>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('salesAnalytics.columns.wine')}</Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('salesAnalytics.columns.units')}
                </Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('salesAnalytics.columns.revenue')}
                </Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('salesAnalytics.columns.stock')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {wines.map((wine) => (
                <Table.Tr key={wine.ownWineId}>
                  <Table.Th scope="row" className={classes.wineName}>
                    {wine.wineDisplayName}
                  </Table.Th>
                  <Table.Td className={classes.number}>{formats.count(wine.units)}</Table.Td>
                  <Table.Td className={classes.number}>{formats.money(wine.revenue)}</Table.Td>
                  <Table.Td className={classes.number}>
                    {wine.stock === undefined ? '–' : formats.count(wine.stock)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </section>
  );
}

/** The best and the slowest sellers of the period, side by side on a wide screen. */
export function SellerLists({ data, formats }: { data: SalesAnalytics; formats: Formats }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <SellerList
        title={t('salesAnalytics.top.title')}
        caption={t('salesAnalytics.top.caption')}
        wines={data.topSellers}
        formats={formats}
      />
      <SellerList
        title={t('salesAnalytics.bottom.title')}
        caption={t('salesAnalytics.bottom.caption')}
        wines={data.bottomSellers}
        formats={formats}
        empty={t('salesAnalytics.bottom.empty')}
      />
    </SimpleGrid>
  );
}

/** What each finished stock count of the period found missing, with the way to the count. */
export function ShrinkageTable({ shrinkage, formats }: { shrinkage: ShrinkageFigures; formats: Formats }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={classes.panel}>
      <Title order={2} id={headingId} className={classes.panelTitle}>
        {t('salesAnalytics.shrinkage.title')}
      </Title>
      {shrinkage.counts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('salesAnalytics.shrinkage.empty')}
        </Text>
      ) : (
        <TableScroll minWidth={420} label={t('salesAnalytics.shrinkage.caption')}>
          <Table className={classes.table}>
            <Table.Caption className={classes.visuallyHidden}>
              {t('salesAnalytics.shrinkage.caption')}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('salesAnalytics.columns.date')}</Table.Th>
                <Table.Th scope="col">{t('salesAnalytics.columns.count')}</Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('salesAnalytics.columns.bottles')}
                </Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('salesAnalytics.columns.value')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shrinkage.counts.map((count) => {
                const day = formatDay(count.date.slice(0, 10), formats.locale);
                return (
                  <Table.Tr key={count.id}>
                    <Table.Td className={classes.nowrap}>
                      <time dateTime={count.date}>{day}</time>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/wine-cellar/stock-count/${encodeURIComponent(count.id)}`}
                      >
                        {count.name || t('salesAnalytics.shrinkage.unnamed', { date: day })}
                      </Anchor>
                    </Table.Td>
                    <Table.Td className={classes.number}>{formats.count(count.bottles)}</Table.Td>
                    <Table.Td className={classes.number}>{formats.money(count.value)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </section>
  );
}
