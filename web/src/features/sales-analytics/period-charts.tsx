// The chart styles load with the charts, which load with this page only, together with the one core
// component they draw with that no other page uses: the colour swatch of their legends and tooltips.
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/charts/styles.layer.css';
import type { GroupFigures, SalesAnalytics } from '@kork/shared';
import { AreaChart, BarChart } from '@mantine/charts';
import { SimpleGrid, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from './chart-panel';
import type { Formats } from './formats';
import { periodLabel, periodTick } from './labels';
import { useGroupNames } from './names';
import classes from './sales-analytics.module.css';
import { TableScroll } from './table-scroll';

/** A bar chart of groups shows this many; its table has them all. */
const CHART_GROUPS = 8;

interface ChartsProps {
  data: SalesAnalytics;
  formats: Formats;
}

/** Revenue and margin, bottles, categories and countries, each as a chart or as its table. */
export function PeriodCharts({ data, formats }: ChartsProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const height = phone ? 220 : 280;
  const { categoryName, countryName } = useGroupNames();
  const periodHeading = t(`salesAnalytics.columns.period.${data.groupBy}`);

  const series = data.series.map((row) => ({
    period: periodTick(row.period, data.groupBy, formats.locale),
    revenue: formats.major(row.revenue),
    margin: formats.major(row.margin),
    units: row.units - row.glassUnits,
    glassUnits: row.glassUnits,
  }));
  const moneyAxis = { width: 72, tickFormatter: (value: number) => formats.axisMoney(value) };

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <ChartPanel
        wide
        title={t('salesAnalytics.charts.overTime')}
        chart={
          <AreaChart
            h={height}
            data={series}
            dataKey="period"
            series={[
              { name: 'revenue', label: t('salesAnalytics.columns.revenue'), color: 'wine.7' },
              { name: 'margin', label: t('salesAnalytics.columns.margin'), color: 'teal.7' },
            ]}
            curveType="monotone"
            withLegend
            withDots={data.series.length <= 31}
            valueFormatter={formats.chartMoney}
            yAxisProps={moneyAxis}
          />
        }
        table={
          <TableScroll minWidth={520} label={t('salesAnalytics.charts.overTime')}>
            <Table striped className={classes.table}>
              <Table.Caption className={classes.visuallyHidden}>
                {t('salesAnalytics.charts.overTime')}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{periodHeading}</Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t('salesAnalytics.columns.revenue')}
                  </Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t('salesAnalytics.columns.revenueWithVat')}
                  </Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t('salesAnalytics.columns.margin')}
                  </Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t('salesAnalytics.columns.marginPercentage')}
                  </Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t('salesAnalytics.columns.sales')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.series.map((row) => (
                  <Table.Tr key={row.period}>
                    <Table.Th scope="row" className={classes.rowHead}>
                      {periodLabel(row.period, data.groupBy, formats.locale)}
                    </Table.Th>
                    <Table.Td className={classes.number}>{formats.money(row.revenue)}</Table.Td>
                    <Table.Td className={classes.number}>{formats.money(row.revenueWithVat)}</Table.Td>
                    <Table.Td className={classes.number}>{formats.money(row.margin)}</Table.Td>
                    <Table.Td className={classes.number}>
                      {row.marginPercentage === undefined ? '–' : formats.percent(row.marginPercentage)}
                    </Table.Td>
                    <Table.Td className={classes.number}>{formats.count(row.sales)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        }
      />
      <ChartPanel
        wide
        title={t('salesAnalytics.charts.units')}
        chart={
          <BarChart
            h={height}
            data={series}
            dataKey="period"
            type="stacked"
            series={[
              { name: 'units', label: t('salesAnalytics.charts.byTheBottle'), color: 'wine.7' },
              { name: 'glassUnits', label: t('salesAnalytics.columns.glassUnits'), color: 'blue.7' },
            ]}
            withLegend
            valueFormatter={formats.count}
          />
        }
        table={
          <TableScroll minWidth={300} label={t('salesAnalytics.charts.units')}>
            <Table striped className={classes.table}>
              <Table.Caption className={classes.visuallyHidden}>
                {t('salesAnalytics.charts.units')}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{periodHeading}</Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t('salesAnalytics.columns.units')}
                  </Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t('salesAnalytics.columns.glassUnits')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.series.map((row) => (
                  <Table.Tr key={row.period}>
                    <Table.Th scope="row" className={classes.rowHead}>
                      {periodLabel(row.period, data.groupBy, formats.locale)}
                    </Table.Th>
                    <Table.Td className={classes.number}>{formats.count(row.units)}</Table.Td>
                    <Table.Td className={classes.number}>{formats.count(row.glassUnits)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        }
      />
      <GroupPanel
        title={t('salesAnalytics.charts.byCategory')}
        heading={t('salesAnalytics.columns.category')}
        groups={data.byCategory}
        name={categoryName}
        formats={formats}
        phone={phone}
      />
      <GroupPanel
        title={t('salesAnalytics.charts.byCountry')}
        heading={t('salesAnalytics.columns.country')}
        groups={data.byCountry}
        name={countryName}
        formats={formats}
        phone={phone}
      />
    </SimpleGrid>
  );
}

interface GroupPanelProps {
  title: string;
  heading: string;
  groups: GroupFigures[];
  name: (key: string) => string;
  formats: Formats;
  phone: boolean;
}

/** Revenue by category or by country: the largest as bars, all of them in the table. */
function GroupPanel({ title, heading, groups, name, formats, phone }: GroupPanelProps) {
  const { t } = useTranslation();
  const bars = groups.slice(0, CHART_GROUPS).map((group) => ({
    name: name(group.key),
    revenue: formats.major(group.revenue),
  }));
  return (
    <ChartPanel
      title={title}
      chart={
        <BarChart
          h={Math.max(160, bars.length * (phone ? 32 : 36) + 40)}
          data={bars}
          dataKey="name"
          orientation="vertical"
          series={[{ name: 'revenue', label: t('salesAnalytics.columns.revenue'), color: 'wine.7' }]}
          valueFormatter={formats.chartMoney}
          yAxisProps={{ width: phone ? 96 : 128 }}
          xAxisProps={{ tickFormatter: (value: number) => formats.axisMoney(value) }}
          gridAxis="x"
        />
      }
      table={
        <TableScroll minWidth={320} label={title}>
          <Table striped className={classes.table}>
            <Table.Caption className={classes.visuallyHidden}>{title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{heading}</Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('salesAnalytics.columns.revenue')}
                </Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('salesAnalytics.columns.margin')}
                </Table.Th>
                <Table.Th scope="col" className={classes.number}>
                  {t('salesAnalytics.columns.units')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map((group) => (
                <Table.Tr key={group.key}>
                  <Table.Th scope="row" className={classes.rowHead}>
                    {name(group.key)}
                  </Table.Th>
                  <Table.Td className={classes.number}>{formats.money(group.revenue)}</Table.Td>
                  <Table.Td className={classes.number}>{formats.money(group.margin)}</Table.Td>
                  <Table.Td className={classes.number}>{formats.count(group.units)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      }
    />
  );
}
