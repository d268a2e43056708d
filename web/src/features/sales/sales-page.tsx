import type { CurrencyCode, Locale, Sale } from '@kork/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n';
import { errorMessage } from '../../lib/form-schema';
import { formatDay } from '../../lib/format-day';
import { formatCount } from '../../lib/format-number';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notify';
import { CellarOwnerPage } from '../cellar/cellar-owner-page';
import { ConvertedNote } from '../config/components/converted-note';
import { useViewMoney } from '../config/view-money';
import { allSales, type SalesFilter, useSales } from './api/sales';
import { saleWineFilterQuery } from './api/sales-reads';
import { SaleDetail } from './sale-detail';
import { SaleForm } from './sale-form';
import {
  buildSalesCsv,
  buildSalesWorkbook,
  type ExportColumns,
  exportRows,
  partyName,
  saveFile,
} from './sales-export';
import classes from './sales-page.module.css';
import { useCellarSettings, useLocations } from './sales-shared';

export const SALES_PATH = '/wine-cellar/sales';
const PAGE_SIZE = 25;

/** The cellar's sales (SPEC §3 Sale): the list with its totals, recording and deleting a sale, exports. */
export function SalesPage() {
  const { t } = useTranslation();
  return (
    <CellarOwnerPage
      title={t('salesPage.title')}
      path={SALES_PATH}
      signedOut={t('salesPage.signedOut')}
      signIn={t('salesPage.signIn')}
    >
      {(userId) => <SalesOverview key={userId} userId={userId} />}
    </CellarOwnerPage>
  );
}

/** A sale's wines in one line: "Barolo 2019 ×2, Chablis ×1". */
function winesSummary(sale: Sale): string {
  return sale.products.map((line) => `${line.wineDisplayName} ×${line.units}`).join(', ');
}

function SalesOverview({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [wine, setWine] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [recording, setRecording] = useState(false);
  const [openSale, setOpenSale] = useState<Sale>();
  const [exporting, setExporting] = useState<'csv' | 'xlsx'>();

  const filter: SalesFilter = useMemo(
    () => ({
      page,
      resultsPerPage: PAGE_SIZE,
      ...(term ? { search: term } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(wine ? { ownWineId: wine } : {}),
    }),
    [page, term, from, to, wine],
  );
  const sales = useSales(userId, filter);
  const cellar = useCellarSettings(userId);
  const locations = useLocations(userId);
  const code: CurrencyCode | undefined = sales.data?.currency ?? cellar.data?.baseCurrency;
  // Sales are kept in the cellar's currency and shown in the viewer's, converted (the note names the rate).
  const view = useViewMoney(code);
  const money = (minor: number) =>
    code ? formatMoney(view.toView(minor), view.currency, locale) : formatCount(minor, locale);
  const rows = sales.data?.rows ?? [];
  const count = sales.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const filtered = Boolean(term || from || to || wine);
  const periodWrong = Boolean(from && to && from > to);

  function resetPage<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setPage(1);
    };
  }

  async function download(kind: 'csv' | 'xlsx') {
    setExporting(kind);
    try {
      const { page: _page, resultsPerPage: _size, ...rest } = filter;
      const every = await allSales(userId, rest);
      const headers = t('salesPage.export.columns', { returnObjects: true }) as ExportColumns;
      const words = { yes: t('salesPage.yes'), no: t('salesPage.no') };
      const data = exportRows(every.rows);
      const name = `${t('salesPage.export.fileName')}-${new Date().toISOString().slice(0, 10)}`;
      if (kind === 'csv') {
        const csv = buildSalesCsv(data, headers, locale, words);
        saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
      } else {
        const bytes = await buildSalesWorkbook(data, headers, t('salesPage.title'), words);
        saveFile(
          new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
          `${name}.xlsx`,
        );
      }
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setExporting(undefined);
    }
  }

  return (
    <div className={classes.page}>
      <header className={classes.intro}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <div className={classes.heading}>
            <Title order={1} className={classes.title}>
              {t('salesPage.title')}
            </Title>
            <Text c="dimmed">{t('salesPage.intro')}</Text>
          </div>
          <Group gap="xs">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  radius="xl"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  loading={exporting !== undefined}
                  disabled={count === 0}
                >
                  {t('salesPage.export.button')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void download('csv')}>{t('salesPage.export.csv')}</Menu.Item>
                <Menu.Item onClick={() => void download('xlsx')}>{t('salesPage.export.excel')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button
              radius="xl"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setRecording(true)}
            >
              {t('salesPage.record')}
            </Button>
          </Group>
        </Group>
      </header>

      <Paper
        withBorder
        radius="md"
        p="sm"
        mb="md"
        component="section"
        aria-label={t('salesPage.filters.label')}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput
            type="search"
            label={t('salesPage.filters.search')}
            placeholder={t('salesPage.filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => resetPage(setSearch)(event.currentTarget.value)}
          />
          <WineFilter userId={userId} value={wine} onChange={resetPage(setWine)} />
          <TextInput
            type="date"
            label={t('salesPage.filters.from')}
            value={from}
            onChange={(event) => resetPage(setFrom)(event.currentTarget.value)}
            error={periodWrong ? t('salesPage.filters.periodOrder') : undefined}
          />
          <TextInput
            type="date"
            label={t('salesPage.filters.to')}
            value={to}
            onChange={(event) => resetPage(setTo)(event.currentTarget.value)}
          />
        </SimpleGrid>
        {filtered && (
          <Button
            variant="subtle"
            size="xs"
            mt="xs"
            onClick={() => {
              setSearch('');
              setFrom('');
              setTo('');
              setWine(null);
              setPage(1);
            }}
          >
            {t('salesPage.filters.clear')}
          </Button>
        )}
      </Paper>

      {sales.data && (
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" mb="md" component="dl" className={classes.totals}>
          <div>
            <Text component="dt" size="xs" c="dimmed">
              {t('salesPage.totals.sales')}
            </Text>
            <Text component="dd" fw={700} data-testid="sales-total-count">
              {formatCount(sales.data.totals.sales, locale)}
            </Text>
          </div>
          <div>
            <Text component="dt" size="xs" c="dimmed">
              {t('salesPage.totals.units')}
            </Text>
            <Text component="dd" fw={700}>
              {formatCount(sales.data.totals.units, locale)}
            </Text>
          </div>
          <div>
            <Text component="dt" size="xs" c="dimmed">
              {t('salesPage.totals.totalPrice')}
            </Text>
            <Text component="dd" fw={700} className={classes.money}>
              {money(sales.data.totals.totalPrice)}
            </Text>
          </div>
        </SimpleGrid>
      )}
      {sales.data && <ConvertedNote money={view} mb="md" />}

      {sales.isError && !sales.data && (
        <Alert color="red" title={t('salesPage.loadError')}>
          <Button variant="light" size="xs" onClick={() => void sales.refetch()}>
            {t('salesPage.retry')}
          </Button>
        </Alert>
      )}
      {sales.isPending && (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={48} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      )}
      {sales.data && rows.length === 0 && (
        <div className={classes.empty}>
          <Text fw={600}>{filtered ? t('salesPage.noMatch') : t('salesPage.empty.title')}</Text>
          {!filtered && <Text c="dimmed">{t('salesPage.empty.text')}</Text>}
        </div>
      )}
      {rows.length > 0 && (
        <>
          <SalesTable rows={rows} money={money} locale={locale} onOpen={setOpenSale} />
          <ul className={classes.cards} aria-label={t('salesPage.listLabel')}>
            {rows.map((sale) => (
              <li key={sale.id}>
                <UnstyledButton className={classes.card} onClick={() => setOpenSale(sale)}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="sm" fw={600}>
                      {formatDay(sale.date, locale)}
                    </Text>
                    {sale.posTransactionId && <TillBadge />}
                    <Text size="sm" fw={700} className={classes.money}>
                      {money(sale.totalPrice)}
                    </Text>
                  </Group>
                  {partyName(sale.customer) && <Text size="sm">{partyName(sale.customer)}</Text>}
                  <Text size="xs" c="dimmed" className={classes.wrap}>
                    {winesSummary(sale)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('salesPage.bottles', { count: sale.units })}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <Group justify="center" mt="md">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': t(`salesPage.pagination.${control}`) })}
                getItemProps={(item) => ({ 'aria-label': t('salesPage.pagination.page', { page: item }) })}
              />
            </Group>
          )}
        </>
      )}

      <SaleForm
        opened={recording}
        onClose={() => setRecording(false)}
        userId={userId}
        cellar={cellar.data ?? undefined}
        locations={locations.data ?? []}
      />
      <SaleDetail
        sale={openSale}
        onClose={() => setOpenSale(undefined)}
        userId={userId}
        locations={locations.data ?? []}
      />
    </div>
  );
}

/** A sale the till sent. */
function TillBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color="blue.9" size="sm" ml={6}>
      {t('salesPage.detail.fromTill')}
    </Badge>
  );
}

function SalesTable({
  rows,
  money,
  locale,
  onOpen,
}: {
  rows: Sale[];
  money: (minor: number) => string;
  locale: Locale;
  onOpen: (sale: Sale) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720} className={classes.table}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Caption>{t('salesPage.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('salesPage.columns.date')}</Table.Th>
            <Table.Th>{t('salesPage.columns.customer')}</Table.Th>
            <Table.Th>{t('salesPage.columns.contact')}</Table.Th>
            <Table.Th>{t('salesPage.columns.wines')}</Table.Th>
            <Table.Th ta="right">{t('salesPage.columns.units')}</Table.Th>
            <Table.Th ta="right">{t('salesPage.columns.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((sale) => (
            <Table.Tr key={sale.id}>
              <Table.Td>
                <UnstyledButton className={classes.link} onClick={() => onOpen(sale)}>
                  {formatDay(sale.date, locale)}
                </UnstyledButton>
                {sale.posTransactionId && <TillBadge />}
              </Table.Td>
              <Table.Td>{partyName(sale.customer)}</Table.Td>
              <Table.Td>{partyName(sale.contactPerson)}</Table.Td>
              <Table.Td className={classes.wrap}>{winesSummary(sale)}</Table.Td>
              <Table.Td ta="right">{formatCount(sale.units, locale)}</Table.Td>
              <Table.Td ta="right" className={classes.money}>
                {money(sale.totalPrice)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Sales of one wine: a search over the cellar's wines. */
function WineFilter({
  userId,
  value,
  onChange,
}: {
  userId: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<{ value: string; label: string }>();
  const found = useQuery(saleWineFilterQuery(userId, term));
  const data = useMemo(() => {
    const options = (found.data?.rows ?? []).map((wine) => ({ value: wine.id, label: wine.wineDisplayName }));
    if (chosen && value === chosen.value && !options.some((option) => option.value === chosen.value))
      options.unshift(chosen);
    return options;
  }, [found.data, chosen, value]);
  return (
    <Select
      label={t('salesPage.filters.wine')}
      placeholder={t('salesPage.filters.allWines')}
      searchable
      clearable
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        setChosen(option ?? undefined);
        onChange(next);
      }}
      nothingFoundMessage={t('salesPage.filters.noWines')}
      comboboxProps={{ withinPortal: true }}
      filter={({ options }) => options}
    />
  );
}
