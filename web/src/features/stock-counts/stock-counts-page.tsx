import { CellarSectionPage } from '../cellar/cellar-section-page';

export function StockCountsPage() {
  return <CellarSectionPage />;
}
