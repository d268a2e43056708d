import { Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../../lib/currency';
import { useResource } from '../../wines/use-resource';
import { getDashboard } from '../api/dashboard';
import { useBusinessCellar } from '../cellar-menu';
import { AssistantNotice } from './assistant-notice';
import { CellarWelcome } from './cellar-welcome';
import classes from './dashboard.module.css';
import { RecentHistory } from './recent-history';
import { TotalsCards } from './totals-cards';
import { DrinkNowList, LowStockList } from './wine-lists';

/** A business cellar's prices to review: its own chunk, so the home's first screen does not grow. */
const PriceReviewPanel = lazy(() =>
  import('./price-review-panel').then((module) => ({ default: module.PriceReviewPanel })),
);

/**
 * The cellar home's numbers and lists. The API converts into the currency the request names
 * (`X-Currency`, from the viewer's choice), so the currency is part of the key: choosing another one
 * fetches the dashboard again.
 */
export function CellarDashboardView({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const business = useBusinessCellar() === true;
  const dashboard = useResource(`${userId}|${currency}`, (signal) => getDashboard(userId, signal));

  if (dashboard.status === 'loading') return <DashboardSkeleton />;
  if (dashboard.status === 'error') {
    return (
      <Stack align="flex-start" gap="sm" role="alert" className={classes.problem}>
        <Text fw={600}>{t('cellarReview.home.loadError')}</Text>
        <Button radius="xl" onClick={dashboard.reload}>
          {t('cellarReview.retry')}
        </Button>
      </Stack>
    );
  }

  const { data } = dashboard;
  if (data.totals.wines === 0) {
    return (
      <>
        <CellarWelcome />
        <AssistantNotice />
      </>
    );
  }

  return (
    <>
      <TotalsCards dashboard={data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DrinkNowList wines={data.drinkNow} />
        <LowStockList wines={data.lowStock} count={data.lowStockCount} />
      </SimpleGrid>
      {business && (
        <Suspense fallback={null}>
          <PriceReviewPanel userId={userId} />
        </Suspense>
      )}
      <RecentHistory entries={data.recentHistory} />
      <AssistantNotice />
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
