import { CellarSectionPage } from '../cellar/cellar-section-page';

export function SalesPage() {
  return <CellarSectionPage />;
}
