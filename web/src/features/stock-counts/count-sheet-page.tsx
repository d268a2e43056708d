import { CellarSectionPage } from '../cellar/cellar-section-page';

export function CountSheetPage() {
  return <CellarSectionPage />;
}
