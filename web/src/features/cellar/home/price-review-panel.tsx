import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryProvider } from '../../../lib/query-client';
import { PriceReviews } from '../../pricing/price-reviews';
import { DashboardPanel } from './dashboard-panel';

const PRICE_AUTOMATOR_PATH = '/wine-cellar/price-automator';

/**
 * The cellar home's "Prices to review" (business cellars): the first few wines whose purchase price
 * changed, each to approve or keep, and the way to the rest. Loaded on its own, after the home's numbers.
 */
export function PriceReviewPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <QueryProvider>
      <DashboardPanel
        title={t('pricingPage.reviews.homeTitle')}
        more={{ to: PRICE_AUTOMATOR_PATH, label: t('pricingPage.reviews.seeAll') }}
      >
        <PriceReviews
          userId={userId}
          limit={3}
          more={
            <Anchor component={Link} to={PRICE_AUTOMATOR_PATH} size="sm">
              {t('pricingPage.reviews.seeAll')}
            </Anchor>
          }
        />
      </DashboardPanel>
    </QueryProvider>
  );
}
