// The chart styles load with the charts, which load with the analytics pages only.
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/charts/styles.layer.css';
import { MARKET_VALUE_TOP, type MarketValueAnswer, type ValueGroup } from '@kork/shared';
import { AreaChart, BarChart } from '@mantine/charts';
import { SimpleGrid, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../lib/format-day';
import { vocabularyLabel } from '../../lib/vocabulary';
import { ChartPanel } from '../sales-analytics/chart-panel';
import type { Formats } from '../sales-analytics/formats';
import { periodTick } from '../sales-analytics/labels';
import analytics from '../sales-analytics/sales-analytics.module.css';
import { TableScroll } from '../sales-analytics/table-scroll';

/** A bar chart of groups shows the largest this many; its table has them all. */
const CHART_GROUPS = 8;

interface ChartsProps {
  data: MarketValueAnswer;
  formats: Formats;
  /** A category group's name (its key is a category id). */
  categoryName: (key: string) => string;
}

function GroupTable({
  title,
  groups,
  name,
  formats,
}: {
  title: string;
  groups: ValueGroup[];
  name: (key: string) => string;
  formats: Formats;
}) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={300} label={title}>
      <Table striped className={analytics.table}>
        <Table.Caption className={analytics.visuallyHidden}>{title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('marketValuePage.charts.group')}</Table.Th>
            <Table.Th scope="col" className={analytics.number}>
              {t('marketValuePage.charts.value')}
            </Table.Th>
            <Table.Th scope="col" className={analytics.number}>
              {t('marketValuePage.charts.bottles')}
            </Table.Th>
            <Table.Th scope="col" className={analytics.number}>
              {t('marketValuePage.charts.wines')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.key}>
              <Table.Th scope="row" className={analytics.rowHead}>
                {name(group.key)}
              </Table.Th>
              <Table.Td className={analytics.number}>{formats.money(group.value)}</Table.Td>
              <Table.Td className={analytics.number}>{formats.count(group.bottles)}</Table.Td>
              <Table.Td className={analytics.number}>{formats.count(group.wines)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function GroupChart({
  title,
  groups,
  name,
  formats,
}: {
  title: string;
  groups: ValueGroup[];
  name: (key: string) => string;
  formats: Formats;
}) {
  const { t } = useTranslation();
  // The largest groups, in the answer's own order (vintages stay in year order).
  const largest = new Set([...groups].sort((a, b) => b.value - a.value).slice(0, CHART_GROUPS));
  const shown = groups
    .filter((group) => largest.has(group))
    .map((group) => ({ group: name(group.key), value: formats.major(group.value) }));
  return (
    <ChartPanel
      title={title}
      chart={
        // Bars lying down, so long region names read on a phone.
        <BarChart
          h={Math.max(160, shown.length * 36 + 40)}
          data={shown}
          dataKey="group"
          orientation="vertical"
          series={[{ name: 'value', label: t('marketValuePage.charts.value'), color: 'wine.7' }]}
          valueFormatter={formats.chartMoney}
          xAxisProps={{ tickFormatter: (value: number) => formats.axisMoney(value) }}
          yAxisProps={{ width: 96 }}
          gridAxis="none"
        />
      }
      table={<GroupTable title={title} groups={groups} name={name} formats={formats} />}
    />
  );
}

/** The value over time, by region, vintage and category, and against what was paid: each a chart or its table. */
export function ValueCharts({ data, formats, categoryName }: ChartsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const height = phone ? 220 : 280;
  const overTime = t('marketValuePage.charts.overTime');
  const series = data.series.map((point) => ({
    date: periodTick(point.date, 'day', formats.locale),
    total: formats.major(point.total),
  }));
  const against = data.mostValuable
    .filter((wine) => wine.purchaseValue !== undefined)
    .slice(0, MARKET_VALUE_TOP)
    .map((wine) => ({
      wine: wine.wineDisplayName,
      value: formats.major(wine.value),
      purchase: formats.major(wine.purchaseValue ?? 0),
      purchaseMinor: wine.purchaseValue ?? 0,
      valueMinor: wine.value,
      id: wine.ownWineId,
    }));

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <ChartPanel
        wide
        title={overTime}
        chart={
          <AreaChart
            h={height}
            data={series}
            dataKey="date"
            series={[{ name: 'total', label: t('marketValuePage.charts.total'), color: 'wine.7' }]}
            curveType="monotone"
            withDots={false}
            valueFormatter={formats.chartMoney}
            yAxisProps={{ width: 72, tickFormatter: (value: number) => formats.axisMoney(value) }}
          />
        }
        table={
          <TableScroll minWidth={280} label={overTime}>
            <Table striped className={analytics.table}>
              <Table.Caption className={analytics.visuallyHidden}>{overTime}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('marketValuePage.charts.date')}</Table.Th>
                  <Table.Th scope="col" className={analytics.number}>
                    {t('marketValuePage.charts.total')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...data.series].reverse().map((point) => (
                  <Table.Tr key={point.date}>
                    <Table.Th scope="row" className={analytics.rowHead}>
                      {formatDay(point.date, formats.locale)}
                    </Table.Th>
                    <Table.Td className={analytics.number}>{formats.money(point.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        }
      />
      <GroupChart
        title={t('marketValuePage.charts.byRegion')}
        groups={data.byRegion}
        // Regions are stored as the catalogue names them (in Norwegian): read out in the page's language.
        name={(key) =>
          key ? vocabularyLabel('region', key, language) : t('marketValuePage.charts.noRegion')
        }
        formats={formats}
      />
      <GroupChart
        title={t('marketValuePage.charts.byVintage')}
        groups={data.byVintage}
        name={(key) => (key === 'NV' ? t('marketValuePage.charts.nonVintage') : key)}
        formats={formats}
      />
      <GroupChart
        title={t('marketValuePage.charts.byCategory')}
        groups={data.byCategory}
        name={(key) => categoryName(key)}
        formats={formats}
      />
      {against.length > 0 && (
        <ChartPanel
          title={t('marketValuePage.charts.against')}
          chart={
            <BarChart
              h={Math.max(200, against.length * 44 + 60)}
              data={against}
              dataKey="wine"
              orientation="vertical"
              withLegend
              series={[
                { name: 'value', label: t('marketValuePage.charts.value'), color: 'wine.7' },
                { name: 'purchase', label: t('marketValuePage.charts.purchase'), color: 'gray.6' },
              ]}
              valueFormatter={formats.chartMoney}
              xAxisProps={{ tickFormatter: (value: number) => formats.axisMoney(value) }}
              yAxisProps={{ width: 110 }}
              gridAxis="none"
            />
          }
          table={
            <TableScroll minWidth={360} label={t('marketValuePage.charts.against')}>
              <Table striped className={analytics.table}>
                <Table.Caption className={analytics.visuallyHidden}>
                  {t('marketValuePage.charts.against')}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('marketValuePage.columns.wine')}</Table.Th>
                    <Table.Th scope="col" className={analytics.number}>
                      {t('marketValuePage.charts.purchase')}
                    </Table.Th>
                    <Table.Th scope="col" className={analytics.number}>
                      {t('marketValuePage.charts.value')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {against.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Th scope="row" className={analytics.wineName}>
                        {row.wine}
                      </Table.Th>
                      <Table.Td className={analytics.number}>{formats.money(row.purchaseMinor)}</Table.Td>
                      <Table.Td className={analytics.number}>{formats.money(row.valueMinor)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          }
        />
      )}
    </SimpleGrid>
  );
}
