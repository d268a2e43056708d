import type { ReorderRow } from '@kork/shared';
import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLocale } from '../../i18n/i18n';
import { formatCount } from '../../lib/format-number';
import { QueryProvider } from '../../lib/query-client';
import { DashboardPanel } from '../cellar/home/dashboard-panel';
import classes from './reorder.module.css';
import { reorderQuery } from './reorder-queries';

const ReorderDrawer = lazy(() =>
  import('./reorder-drawer').then((module) => ({ default: module.ReorderDrawer })),
);

/** The home panel names this many wines; the Reorder view holds every one. */
const SHOWN = 6;
/** `?reorder=1` on the cellar home opens the Reorder view (a finished count links here). */
export const REORDER_PARAM = 'reorder';

/**
 * The cellar home's "Low stock" for a business: the wines at or under their reorder point (set, or
 * suggested from sales), each with its bottles and the days they last, and the way to reorder them.
 */
export function ReorderLowStockPanel({ userId }: { userId: string }) {
  return (
    <QueryProvider>
      <Panel userId={userId} />
    </QueryProvider>
  );
}

function Panel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const open = params.get(REORDER_PARAM) === '1';
  const due = useQuery(reorderQuery(userId));
  const rows = due.data?.rows ?? [];
  const setOpen = (next: boolean) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set(REORDER_PARAM, '1');
        else copy.delete(REORDER_PARAM);
        return copy;
      },
      { replace: !next },
    );
  return (
    <DashboardPanel title={t('reorder.lowStock.title')}>
      {due.isError ? (
        <Text size="sm" role="alert">
          {t('reorder.lowStock.loadError')}
        </Text>
      ) : !due.data ? (
        <Text size="sm" c="dimmed" aria-busy="true">
          …
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('reorder.lowStock.empty')}
        </Text>
      ) : (
        <>
          <ul className={classes.list}>
            {rows.slice(0, SHOWN).map((row) => (
              <DueWine key={row.ownWineId} row={row} />
            ))}
          </ul>
          {rows.length > SHOWN && (
            <Text size="xs" c="dimmed" mt="xs">
              {t('reorder.lowStock.more', { count: rows.length - SHOWN })}
            </Text>
          )}
        </>
      )}
      <Group mt="sm">
        <Button radius="xl" onClick={() => setOpen(true)} disabled={rows.length === 0}>
          {t('reorder.lowStock.open')}
        </Button>
      </Group>
      {open && (
        <Suspense fallback={null}>
          <ReorderDrawer userId={userId} opened={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </DashboardPanel>
  );
}

function DueWine({ row }: { row: ReorderRow }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { inStock, daysLeft } = row.reason;
  const bottles = t('reorder.lowStock.bottles', { count: inStock, formatted: formatCount(inStock, locale) });
  const days =
    daysLeft === undefined
      ? t('reorder.lowStock.noSales')
      : t('reorder.lowStock.daysLeft', { count: daysLeft });
  return (
    <li className={classes.item}>
      <Text size="sm" fw={600} className={classes.name}>
        {row.wineDisplayName}
      </Text>
      <Text size="sm" c="dimmed" className={classes.count}>
        {t('reorder.lowStock.line', { bottles, days })}
      </Text>
    </li>
  );
}
