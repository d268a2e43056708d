import {
  type CurrencyCode,
  MARKET_VALUE_WINDOW_DAYS,
  type MarketValueAnswer,
  type WineMove,
  type WineValue,
} from '@kork/shared';
import { Anchor, Badge, Button, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../lib/format-day';
import { decimalMarkOf, downloadCsv, toCsv } from '../sales-analytics/csv';
import type { Formats } from '../sales-analytics/formats';
import analytics from '../sales-analytics/sales-analytics.module.css';
import { TableScroll } from '../sales-analytics/table-scroll';
import { wineCsvRows } from './csv';
import { Change } from './key-figures';
import { ageText } from './labels';
import classes from './market-value.module.css';

/** A cellar wine's row in the inventory, where its name leads. */
export function cellarWinePath(ownWineId: string): string {
  return `/wine-cellar/wines?wine=${encodeURIComponent(ownWineId)}`;
}

function WineName({
  wine,
  sample,
}: {
  wine: { ownWineId: string; wineDisplayName: string };
  sample: boolean;
}) {
  // The sample's wines are not the viewer's: they have no row to lead to.
  if (sample) return <>{wine.wineDisplayName}</>;
  return (
    <Anchor component={Link} to={cellarWinePath(wine.ownWineId)}>
      {wine.wineDisplayName}
    </Anchor>
  );
}

function MoverTable({
  title,
  moves,
  formats,
  sample,
}: {
  title: string;
  moves: WineMove[];
  formats: Formats;
  sample: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={analytics.panel}>
      <Title order={2} id={headingId} className={analytics.panelTitle}>
        {title}
      </Title>
      {moves.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('marketValuePage.movers.none', { days: MARKET_VALUE_WINDOW_DAYS })}
        </Text>
      ) : (
        <TableScroll minWidth={320} label={title}>
          <Table className={analytics.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('marketValuePage.columns.wine')}</Table.Th>
                <Table.Th scope="col" className={analytics.number}>
                  {t('marketValuePage.columns.change')}
                </Table.Th>
                <Table.Th scope="col" className={analytics.number}>
                  {t('marketValuePage.columns.value')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {moves.map((move) => (
                <Table.Tr key={move.ownWineId}>
                  <Table.Th scope="row" className={analytics.wineName}>
                    <WineName wine={move} sample={sample} />
                  </Table.Th>
                  <Table.Td className={analytics.number}>
                    <Change amount={move.amount} percent={move.percent} formats={formats} />
                  </Table.Td>
                  <Table.Td className={analytics.number}>{formats.money(move.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </section>
  );
}

/** The wines that rose most and fell most over the window. */
export function TopMovers({ data, formats }: { data: MarketValueAnswer; formats: Formats }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" className={classes.lists}>
      <MoverTable
        title={t('marketValuePage.movers.up')}
        moves={data.topMovers.up}
        formats={formats}
        sample={data.sample}
      />
      <MoverTable
        title={t('marketValuePage.movers.down')}
        moves={data.topMovers.down}
        formats={formats}
        sample={data.sample}
      />
    </SimpleGrid>
  );
}

/** Where a figure comes from, and what kind of price it is. */
export function SourceCell({ wine }: { wine: Pick<WineValue, 'source' | 'priceType' | 'demo'> }) {
  const { t } = useTranslation();
  return (
    <span className={classes.source}>
      {t(`marketValuePage.sources.${wine.source}`)}
      {wine.priceType && wine.source === 'market' && (
        <span className={classes.sourceType}>{t(`marketValuePage.priceTypes.${wine.priceType}`)}</span>
      )}
      {wine.demo && (
        <Badge color="dark" variant="filled" size="xs" ml={4}>
          {t('marketValuePage.demo.badge')}
        </Badge>
      )}
    </span>
  );
}

interface WinesTableProps {
  title: string;
  wines: WineValue[];
  formats: Formats;
  today: string;
  sample: boolean;
  /** Offers the CSV of these rows, in this (the answer's) currency. */
  exportIn?: CurrencyCode;
}

/** Rows the table shows at first, and how many more each "Show more" adds: a large cellar stays quick on a phone. */
export const WINE_ROWS_STEP = 50;

/** Wines with their bottles, value per bottle and in all, where the value comes from and how old it is. */
export function WinesTable({ title, wines, formats, today, sample, exportIn }: WinesTableProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [shown, setShown] = useState(WINE_ROWS_STEP);
  const rest = wines.length - shown;
  const exportCsv = (code: CurrencyCode) =>
    downloadCsv(
      `market-value-${today}.csv`,
      toCsv(wineCsvRows(wines, code, t), decimalMarkOf(formats.locale)),
    );
  return (
    <section aria-labelledby={headingId} className={analytics.panel}>
      <Group justify="space-between" align="center" gap="xs" wrap="wrap" className={analytics.panelHead}>
        <Title order={2} id={headingId} className={analytics.panelTitle}>
          {title}
        </Title>
        {exportIn && wines.length > 0 && (
          <Button
            variant="default"
            radius="xl"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => exportCsv(exportIn)}
          >
            {t('marketValuePage.table.export')}
          </Button>
        )}
      </Group>
      {wines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('marketValuePage.table.empty')}
        </Text>
      ) : (
        <TableScroll minWidth={760} label={title}>
          <Table striped className={analytics.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('marketValuePage.columns.wine')}</Table.Th>
                <Table.Th scope="col" className={analytics.number}>
                  {t('marketValuePage.columns.bottles')}
                </Table.Th>
                <Table.Th scope="col" className={analytics.number}>
                  {t('marketValuePage.columns.unitValue')}
                </Table.Th>
                <Table.Th scope="col" className={analytics.number}>
                  {t('marketValuePage.columns.value')}
                </Table.Th>
                <Table.Th scope="col">{t('marketValuePage.columns.source')}</Table.Th>
                <Table.Th scope="col">{t('marketValuePage.columns.age')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {wines.slice(0, shown).map((wine) => (
                <Table.Tr key={wine.ownWineId}>
                  <Table.Th scope="row" className={analytics.wineName}>
                    <WineName wine={wine} sample={sample} />
                  </Table.Th>
                  <Table.Td className={analytics.number}>{formats.count(wine.bottles)}</Table.Td>
                  <Table.Td className={analytics.number}>{formats.money(wine.unitValue)}</Table.Td>
                  <Table.Td className={analytics.number}>{formats.money(wine.value)}</Table.Td>
                  <Table.Td>
                    <SourceCell wine={wine} />
                  </Table.Td>
                  <Table.Td className={analytics.nowrap}>
                    <time dateTime={wine.asOf} title={formatDay(wine.asOf, formats.locale)}>
                      {ageText(t, wine.asOf, today, formats.locale)}
                    </time>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {rest > 0 && (
        <Group justify="space-between" align="center" gap="xs" mt="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('marketValuePage.table.shown', {
              shown: formats.count(shown),
              total: formats.count(wines.length),
            })}
          </Text>
          <Button variant="default" radius="xl" size="xs" onClick={() => setShown((n) => n + WINE_ROWS_STEP)}>
            {t('marketValuePage.table.more', { count: Math.min(rest, WINE_ROWS_STEP) })}
          </Button>
        </Group>
      )}
    </section>
  );
}
