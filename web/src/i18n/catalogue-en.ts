// The whole English catalogue in one file: the main texts (read as text, so this file does not share a
// module with the few sections the first screen bundles, shell-texts.ts) with the cellar's parts merged in,
// and the catalogue's controlled values under `vocabulary` (read by lib/vocabulary.ts, not by key paths).

import vocabulary from '@kork/shared/vocabulary/en.json';
import assistant from './cellar/assistant.en.json';
import billing from './cellar/billing.en.json';
import eventEditor from './cellar/event-editor.en.json';
import wineEvents from './cellar/events.en.json';
import imports from './cellar/imports.en.json';
import listPublic from './cellar/list-public.en.json';
import lists from './cellar/lists.en.json';
import maps from './cellar/maps.en.json';
import marketValue from './cellar/market-value.en.json';
import marketCart from './cellar/marketplace-cart.en.json';
import marketPortal from './cellar/marketplace-portal.en.json';
import marketSuppliers from './cellar/marketplace-suppliers.en.json';
import viewMoney from './cellar/money.en.json';
import orders from './cellar/orders.en.json';
import places from './cellar/places.en.json';
import pos from './cellar/pos.en.json';
import pricing from './cellar/pricing.en.json';
import recipes from './cellar/recipes.en.json';
import reorder from './cellar/reorder.en.json';
import review from './cellar/review.en.json';
import sales from './cellar/sales.en.json';
import salesAnalytics from './cellar/sales-analytics.en.json';
import stockCounts from './cellar/stock-counts.en.json';
import wineLover from './cellar/wine-lover.en.json';
import wines from './cellar/wines.en.json';
import main from './en.json?raw';

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
