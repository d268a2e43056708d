import type { CellarSortColumn, CellarWine } from '@kork/shared';
import { Alert, Button, Drawer, Group, Pagination, Skeleton, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconArrowsMove, IconFileImport, IconMapPin, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryProvider } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useViewMoney } from '../../config/view-money';
import { cellarKeys, cellarSettingsQuery, cellarWinesQuery, locationsQuery } from '../api/cellar-queries';
import { LocationsPanel } from '../locations/locations-panel';
import { MoveWinesModal } from '../locations/move-wines-modal';
import { AddWineModal } from './add-wine-modal';
import { CARDS_QUERY } from './cards-query';
import classes from './cellar-wines-page.module.css';
import { DeleteWinesModal } from './delete-wines-modal';
import { InventoryCards } from './inventory-cards';
import { useColumnChoice } from './inventory-columns';
import { InventoryTable } from './inventory-table';
import { useOpenWineParam } from './open-wine-param';
import { WineDetailDrawer } from './wine-detail-drawer';
import { EmptyCellar, NoMatch, SortBar, SortSelect, TotalsBar } from './wines-summary';
import { WinesToolbar } from './wines-toolbar';
import {
  hasFilters,
  PAGE_SIZE,
  parseWinesView,
  type WinesView,
  winesQuery,
  winesViewToParams,
} from './wines-url-state';

export const CELLAR_WINES_PATH = '/wine-cellar/wines';

/** Below this width the locations panel moves into a drawer: the cellar menu already takes a column. */
const LOCATIONS_DRAWER_QUERY = '(max-width: 74.99em)';

/** The cellar's Wines page (SPEC §3 inventory): the person's wines with locations, filters and totals. */
export function CellarWinesPage() {
  const { t } = useTranslation();
  usePageTitle(t('cellarWines.title'));
  const session = useSession();

  if (session.status === 'loading') return <Skeleton height={320} radius="lg" aria-busy="true" />;
  if (session.status === 'anonymous') {
    return (
      <>
        <Title order={1} className={classes.title}>
          {t('cellarWines.title')}
        </Title>
        <Text mt="sm">
          {t('cellarWines.signedOut')}{' '}
          <Link to={`/sign-in?redirect=${encodeURIComponent(CELLAR_WINES_PATH)}`}>
            {t('cellarWines.signIn')}
          </Link>
        </Text>
      </>
    );
  }
  // Keyed by the person so a different sign-in never sees someone else's wines or selection.
  return (
    <QueryProvider>
      <CellarWines key={session.user.id} userId={session.user.id} />
    </QueryProvider>
  );
}

/** The view in the URL, and a setter that resets the page when the search or filters change. */
function useWinesView(): [WinesView, (changes: Partial<WinesView>) => void] {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseWinesView(params), [params]);
  const update = useCallback(
    (changes: Partial<WinesView>) =>
      setParams(
        (current) => {
          const next = { ...parseWinesView(current), page: 1, ...changes };
          return winesViewToParams(next, current);
        },
        // Typing and filtering should not fill the back button's history; paging and locations may.
        { replace: !('page' in changes) && !('location' in changes) },
      ),
    [setParams],
  );
  return [view, update];
}

/** The query parameter that opens the add dialog when the page opens. */
export const ADD_PARAM = 'add';

function CellarWines({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [view, setView] = useWinesView();
  const client = useQueryClient();
  const query = winesQuery(view);
  // The rows already shown stay while the next page or search loads, so the table does not jump.
  const wines = useQuery({ ...cellarWinesQuery(userId, query), placeholderData: keepPreviousData });
  const cellar = useQuery(cellarSettingsQuery(userId)).data ?? undefined;
  const locations = useQuery(locationsQuery(userId)).data;
  const [columns, toggleColumn] = useColumnChoice();
  const phone = useMediaQuery(LOCATIONS_DRAWER_QUERY, false, { getInitialValueInEffect: false });
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });

  const [selected, setSelected] = useState<Map<string, CellarWine>>(() => new Map());
  const [adding, addModal] = useDisclosure(false);
  // `?add=1` (a link such as the batch import's "Add wines by hand") opens the add dialog once.
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (params.get(ADD_PARAM) !== '1') return;
    addModal.open();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ADD_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, addModal]);
  const [moving, moveModal] = useDisclosure(false);
  const [deleting, deleteModal] = useDisclosure(false);
  const [locationsOpen, locationsDrawer] = useDisclosure(false);
  const [openWine, setOpenWine] = useState<CellarWine>();
  useOpenWineParam(userId, setOpenWine);

  // A selection belongs to the rows it was made on: another page, filter or reload starts afresh.
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    void queryKey;
    setSelected(new Map());
  }, [queryKey]);
  // Wines added, changed, moved or deleted: the page (and the bottle counts per location) again.
  const reloadWines = useCallback(() => {
    setSelected(new Map());
    void client.invalidateQueries({ queryKey: cellarKeys.cellarWines(userId) });
  }, [client, userId]);
  const reload = useCallback(() => {
    reloadWines();
    void client.invalidateQueries({ queryKey: cellarKeys.locations(userId) });
  }, [client, userId, reloadWines]);

  // A failed load shows its error in place of the rows, as a failed reload does.
  const failed = wines.isError && !wines.isFetching;
  const loading = wines.isFetching;
  const page = failed ? undefined : wines.data;
  const rows = page?.rows ?? [];
  const currency = cellar?.baseCurrency ?? rows[0]?.currency ?? 'NOK';
  // Amounts are kept and typed in the cellar's currency and shown in the viewer's, converted.
  const money = useViewMoney(cellar?.baseCurrency ?? rows[0]?.currency);
  const filtered = hasFilters(view) || view.location !== undefined;
  const pages = Math.ceil((page?.count ?? 0) / PAGE_SIZE);

  // Deleting the last wines of the last page leaves it empty: step back to the last page that has wines.
  const pastTheEnd = wines.isSuccess && !loading && rows.length === 0 && pages > 0 && view.page > pages;
  useEffect(() => {
    if (pastTheEnd) setView({ page: pages });
  }, [pastTheEnd, pages, setView]);

  const sortBy = (column: CellarSortColumn) => {
    const current = view.sort?.column === column ? view.sort.direction : undefined;
    // Ascending, then descending, then back to the default order.
    const sort =
      current === undefined
        ? { column, direction: 'asc' as const }
        : current === 'asc'
          ? { column, direction: 'desc' as const }
          : undefined;
    setView({ sort, page: view.page });
  };
  const clearFilters = () =>
    setView({
      search: '',
      styles: [],
      source: undefined,
      stock: undefined,
      drinkNow: false,
      location: undefined,
    });
  const selectLocation = (location: string | undefined) => {
    setView({ location });
    locationsDrawer.close();
  };
  const select = (wine: CellarWine, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(wine.id, wine);
      else next.delete(wine.id);
      return next;
    });
  const selectAll = (on: boolean) =>
    setSelected(on ? new Map(rows.map((wine) => [wine.id, wine])) : new Map());
  const selectedWines = [...selected.values()];

  const panel = (
    <LocationsPanel
      userId={userId}
      selected={view.location}
      onSelect={selectLocation}
      // The panel fetches the locations again itself; the wines' placements may have changed.
      onLocationsChanged={reloadWines}
    />
  );

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <div>
          <Title order={1} className={classes.title}>
            {t('cellarWines.title')}
          </Title>
          <Text c="dimmed">{t('cellarWines.intro')}</Text>
        </div>
        <Group gap="sm">
          {phone && (
            <Button
              variant="default"
              radius="xl"
              leftSection={<IconMapPin size={16} aria-hidden />}
              onClick={locationsDrawer.open}
              aria-expanded={locationsOpen}
              aria-controls="kork-cellar-locations"
            >
              {t('cellarWines.locations')}
            </Button>
          )}
          <Button
            component={Link}
            to="/wine-cellar/batch-import"
            variant="default"
            radius="xl"
            leftSection={<IconFileImport size={16} aria-hidden />}
          >
            {t('importsPage.entry')}
          </Button>
          <Button radius="xl" leftSection={<IconPlus size={16} aria-hidden />} onClick={addModal.open}>
            {t('cellarWines.addWine')}
          </Button>
        </Group>
      </header>

      <div className={classes.body}>
        {phone ? (
          <Drawer
            id="kork-cellar-locations"
            opened={locationsOpen}
            onClose={locationsDrawer.close}
            size="min(86vw, 340px)"
            title={t('cellarWines.locations')}
            closeButtonProps={{ 'aria-label': t('cellarWines.closeLocations') }}
          >
            {panel}
          </Drawer>
        ) : (
          <aside className={classes.locations} aria-label={t('cellarWines.locations')}>
            {panel}
          </aside>
        )}

        <section className={classes.main} aria-label={t('cellarWines.table.label')}>
          <WinesToolbar view={view} onChange={setView} columns={columns} onToggleColumn={toggleColumn} />
          {page && (page.count > 0 || filtered) && <TotalsBar totals={page.totals} money={money} />}
          {cards && rows.length > 0 && (
            <SortSelect sort={view.sort} onChange={(sort) => setView({ sort, page: view.page })} />
          )}
          {!cards && view.sort && (
            <SortBar sort={view.sort} onClear={() => setView({ sort: undefined, page: view.page })} />
          )}
          {selected.size > 0 && (
            <BulkBar
              count={selected.size}
              onMove={moveModal.open}
              onDelete={deleteModal.open}
              onClear={() => setSelected(new Map())}
            />
          )}

          {failed && (
            <Alert color="red" radius="lg" title={t('cellarWines.loadError')}>
              <Button mt="sm" radius="xl" variant="default" onClick={reload}>
                {t('cellarWines.retry')}
              </Button>
            </Alert>
          )}
          {loading && !page && (
            <Skeleton height={280} radius="lg" role="status" aria-label={t('cellarWines.table.loading')} />
          )}
          {page && page.count === 0 && !filtered && <EmptyCellar onAdd={addModal.open} />}
          {page && page.count === 0 && filtered && <NoMatch onClear={clearFilters} />}
          {page && rows.length > 0 && cards && (
            <InventoryCards
              rows={rows}
              columns={columns}
              locations={locations ?? []}
              selected={new Set(selected.keys())}
              onSelect={select}
              onSelectAll={selectAll}
              onOpen={setOpenWine}
              busy={loading}
              money={money}
            />
          )}
          {page && rows.length > 0 && !cards && (
            <InventoryTable
              rows={rows}
              columns={columns}
              sort={view.sort}
              onSort={sortBy}
              selected={new Set(selected.keys())}
              onSelect={select}
              onSelectAll={selectAll}
              onOpen={setOpenWine}
              busy={loading}
              money={money}
            />
          )}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={Math.min(view.page, pages)}
              onChange={(next) => setView({ page: next })}
              // A phone shows the first, the current and the last page, so the row fits 360 px.
              siblings={cards ? 0 : 1}
              size={cards ? 'sm' : 'md'}
              aria-label={t('cellarWines.table.pagination')}
              getControlProps={(control) => ({ 'aria-label': t(`cellarReview.pagination.${control}`) })}
              getItemProps={(page) => ({ 'aria-label': t('cellarReview.pagination.page', { page }) })}
              className={classes.pagination}
            />
          )}
        </section>
      </div>

      <AddWineModal
        userId={userId}
        opened={adding}
        onClose={addModal.close}
        onAdded={() => {
          addModal.close();
          reload();
        }}
        currency={currency}
        locations={locations ?? []}
        defaultLocation={view.location}
      />
      <WineDetailDrawer
        userId={userId}
        wine={openWine}
        onClose={() => setOpenWine(undefined)}
        onSaved={() => {
          setOpenWine(undefined);
          reload();
        }}
        // A move from the drawer keeps it open on the wine's new placements.
        onMoved={(fresh) => {
          setOpenWine(fresh);
          reload();
        }}
        cellar={cellar}
        locations={locations ?? []}
      />
      <DeleteWinesModal
        userId={userId}
        wines={selectedWines}
        opened={deleting}
        onClose={deleteModal.close}
        onDeleted={() => {
          deleteModal.close();
          reload();
        }}
      />
      <MoveWinesModal
        userId={userId}
        wines={selectedWines}
        opened={moving}
        onClose={moveModal.close}
        onMoved={() => {
          // The modal says what moved where; the list only needs the new placements.
          moveModal.close();
          reload();
        }}
      />
    </div>
  );
}

function BulkBar({
  count,
  onMove,
  onDelete,
  onClear,
}: {
  count: number;
  onMove: () => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group
      gap="sm"
      className={classes.bulkBar}
      role="toolbar"
      aria-label={t('cellarWines.bulk.selected', { count })}
    >
      <Text size="sm" fw={600} aria-live="polite">
        {t('cellarWines.bulk.selected', { count })}
      </Text>
      <Button
        size="compact-md"
        variant="default"
        leftSection={<IconArrowsMove size={14} aria-hidden />}
        onClick={onMove}
      >
        {t('cellarWines.bulk.move')}
      </Button>
      <Button
        size="compact-md"
        color="red"
        variant="light"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={onDelete}
      >
        {t('cellarWines.bulk.delete')}
      </Button>
      <Button size="compact-md" variant="subtle" onClick={onClear}>
        {t('cellarWines.bulk.clear')}
      </Button>
    </Group>
  );
}
