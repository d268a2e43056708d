import { Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../../lib/currency';
import { QueryProvider } from '../../../lib/query-client';
import { dashboardQuery } from '../api/cellar-queries';
import { useBusinessCellar } from '../cellar-menu';
import { AssistantPanel } from './assistant-panel';
import { CellarWelcome } from './cellar-welcome';
import classes from './dashboard.module.css';
import { RecentHistory } from './recent-history';
import { TotalsCards } from './totals-cards';
import { DrinkNowList, LowStockList } from './wine-lists';

/** A business cellar's prices to review: its own chunk, so the home's first screen does not grow. */
const PriceReviewPanel = lazy(() =>
  import('./price-review-panel').then((module) => ({ default: module.PriceReviewPanel })),
);

/** A business cellar's low stock: wines at or under their reorder point, and the Reorder view. */
const ReorderLowStockPanel = lazy(() =>
  import('../../reorder/low-stock-panel').then((module) => ({ default: module.ReorderLowStockPanel })),
);

/**
 * The cellar home's numbers and lists. The API converts into the currency the request names
 * (`X-Currency`, from the viewer's choice), so the currency is part of the key: choosing another one
 * fetches the dashboard again.
 */
export function CellarDashboardView({ userId }: { userId: string }) {
  return (
    <QueryProvider>
      <Dashboard userId={userId} />
    </QueryProvider>
  );
}

function Dashboard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const business = useBusinessCellar() === true;
  const dashboard = useQuery(dashboardQuery(userId, currency));
  const { data } = dashboard;

  if (!data && !dashboard.isError) return <DashboardSkeleton />;
  if (!data) {
    return (
      <Stack align="flex-start" gap="sm" role="alert" className={classes.problem}>
        <Text fw={600}>{t('cellarReview.home.loadError')}</Text>
        <Button radius="xl" onClick={() => void dashboard.refetch()}>
          {t('cellarReview.retry')}
        </Button>
      </Stack>
    );
  }

  if (data.totals.wines === 0) {
    return (
      <>
        <CellarWelcome />
        <AssistantPanel />
      </>
    );
  }

  return (
    <>
      <TotalsCards dashboard={data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DrinkNowList wines={data.drinkNow} />
        {business ? (
          <Suspense fallback={<Skeleton height={200} radius="lg" />}>
            <ReorderLowStockPanel userId={userId} />
          </Suspense>
        ) : (
          <LowStockList wines={data.lowStock} count={data.lowStockCount} />
        )}
      </SimpleGrid>
      {business && (
        <Suspense fallback={null}>
          <PriceReviewPanel userId={userId} />
        </Suspense>
      )}
      <RecentHistory entries={data.recentHistory} />
      <AssistantPanel />
    </>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} height={92} radius="lg" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Skeleton height={200} radius="lg" />
        <Skeleton height={200} radius="lg" />
      </SimpleGrid>
    </Stack>
  );
}
