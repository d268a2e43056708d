import { CellarSectionPage } from '../cellar/cellar-section-page';

export function OrdersPage() {
  return <CellarSectionPage />;
}
