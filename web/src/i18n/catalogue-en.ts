// The whole English catalogue in one file: the main texts and the cellar's parts, each read as text and
// parsed here (a JSON string costs the browser far less to load than the same texts as a script's object
// literals, and the main texts stay apart from the few sections the first screen bundles, shell-texts.ts),
// with the catalogue's controlled values under `vocabulary` (read by lib/vocabulary.ts, not by key paths).

import vocabulary from '@kork/shared/vocabulary/en.json';
import assistant from './cellar/assistant.en.json?raw';
import billing from './cellar/billing.en.json?raw';
import eventEditor from './cellar/event-editor.en.json?raw';
import wineEvents from './cellar/events.en.json?raw';
import imports from './cellar/imports.en.json?raw';
import listPublic from './cellar/list-public.en.json?raw';
import lists from './cellar/lists.en.json?raw';
import maps from './cellar/maps.en.json?raw';
import marketValue from './cellar/market-value.en.json?raw';
import marketCart from './cellar/marketplace-cart.en.json?raw';
import marketPortal from './cellar/marketplace-portal.en.json?raw';
import marketSuppliers from './cellar/marketplace-suppliers.en.json?raw';
import viewMoney from './cellar/money.en.json?raw';
import orders from './cellar/orders.en.json?raw';
import places from './cellar/places.en.json?raw';
import pos from './cellar/pos.en.json?raw';
import pricing from './cellar/pricing.en.json?raw';
import recipes from './cellar/recipes.en.json?raw';
import reorder from './cellar/reorder.en.json?raw';
import review from './cellar/review.en.json?raw';
import sales from './cellar/sales.en.json?raw';
import salesAnalytics from './cellar/sales-analytics.en.json?raw';
import stockCounts from './cellar/stock-counts.en.json?raw';
import wineLover from './cellar/wine-lover.en.json?raw';
import wines from './cellar/wines.en.json?raw';
import main from './en.json?raw';

export default Object.assign(
  {},
  ...[
    main,
    wines,
    wineLover,
    places,
    review,
    lists,
    listPublic,
    stockCounts,
    sales,
    orders,
    salesAnalytics,
    pricing,
    recipes,
    pos,
    imports,
    marketCart,
    marketSuppliers,
    marketPortal,
    wineEvents,
    eventEditor,
    maps,
    marketValue,
    viewMoney,
    assistant,
    billing,
    reorder,
  ].map((part) => JSON.parse(part) as Record<string, unknown>),
  { vocabulary },
) as Record<string, unknown>;
