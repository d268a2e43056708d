import { CellarSectionPage } from '../cellar/cellar-section-page';

export function SalesAnalyticsPage() {
  return <CellarSectionPage />;
}
