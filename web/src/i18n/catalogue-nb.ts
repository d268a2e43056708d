// The whole Norwegian catalogue in one file: the main texts (read as text, so this file does not share a
// module with the few sections the first screen bundles, shell-texts.ts) with the cellar's parts merged in,
// and the catalogue's controlled values under `vocabulary` (read by lib/vocabulary.ts, not by key paths).

import vocabulary from '@kork/shared/vocabulary/nb.json';
import assistant from './cellar/assistant.nb.json';
import billing from './cellar/billing.nb.json';
import eventEditor from './cellar/event-editor.nb.json';
import wineEvents from './cellar/events.nb.json';
import imports from './cellar/imports.nb.json';
import listPublic from './cellar/list-public.nb.json';
import lists from './cellar/lists.nb.json';
import maps from './cellar/maps.nb.json';
import marketValue from './cellar/market-value.nb.json';
import marketCart from './cellar/marketplace-cart.nb.json';
import marketPortal from './cellar/marketplace-portal.nb.json';
import marketSuppliers from './cellar/marketplace-suppliers.nb.json';
import viewMoney from './cellar/money.nb.json';
import orders from './cellar/orders.nb.json';
import places from './cellar/places.nb.json';
import pos from './cellar/pos.nb.json';
import pricing from './cellar/pricing.nb.json';
import recipes from './cellar/recipes.nb.json';
import reorder from './cellar/reorder.nb.json';
import review from './cellar/review.nb.json';
import sales from './cellar/sales.nb.json';
import salesAnalytics from './cellar/sales-analytics.nb.json';
import stockCounts from './cellar/stock-counts.nb.json';
import wineLover from './cellar/wine-lover.nb.json';
import wines from './cellar/wines.nb.json';
import main from './nb.json?raw';

export default {
  ...JSON.parse(main),
  ...wines,
  ...wineLover,
  ...places,
  ...review,
  ...lists,
  ...listPublic,
  ...stockCounts,
  ...sales,
  ...orders,
  ...salesAnalytics,
  ...pricing,
  ...recipes,
  ...pos,
  ...imports,
  ...marketCart,
  ...marketSuppliers,
  ...marketPortal,
  ...wineEvents,
  ...eventEditor,
  ...maps,
  ...marketValue,
  ...viewMoney,
  ...assistant,
  ...billing,
  ...reorder,
  vocabulary,
} as Record<string, unknown>;
