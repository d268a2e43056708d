import {
  IconBottle,
  IconCalculator,
  IconChartBar,
  IconChartLine,
  IconClipboardCheck,
  IconGlassCocktail,
  IconHistory,
  IconHome2,
  IconListDetails,
  IconReceipt2,
  IconSettings,
  IconTruckDelivery,
} from '@tabler/icons-react';
import type { CellarSectionKey } from './cellar-sections';

export const CELLAR_ICONS: Record<CellarSectionKey, typeof IconHome2> = {
  home: IconHome2,
  wines: IconBottle,
  wineLists: IconListDetails,
  history: IconHistory,
  salesAnalytics: IconChartBar,
  stockCount: IconClipboardCheck,
  analytics: IconChartLine,
  beverages: IconGlassCocktail,
  priceAutomator: IconCalculator,
  orders: IconTruckDelivery,
  sales: IconReceipt2,
  settings: IconSettings,
};
