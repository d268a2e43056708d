// The whole Norwegian catalogue in one file: the main texts and the cellar's parts, each read as text and
// parsed here (a JSON string costs the browser far less to load than the same texts as a script's object
// literals, and the main texts stay apart from the few sections the first screen bundles, shell-texts.ts),
// with the catalogue's controlled values under `vocabulary` (read by lib/vocabulary.ts, not by key paths).

import vocabulary from '@kork/shared/vocabulary/nb.json';
import assistant from './cellar/assistant.nb.json?raw';
import billing from './cellar/billing.nb.json?raw';
import eventEditor from './cellar/event-editor.nb.json?raw';
import wineEvents from './cellar/events.nb.json?raw';
import imports from './cellar/imports.nb.json?raw';
import listPublic from './cellar/list-public.nb.json?raw';
import lists from './cellar/lists.nb.json?raw';
import maps from './cellar/maps.nb.json?raw';
import marketValue from './cellar/market-value.nb.json?raw';
import marketCart from './cellar/marketplace-cart.nb.json?raw';
import marketPortal from './cellar/marketplace-portal.nb.json?raw';
import marketSuppliers from './cellar/marketplace-suppliers.nb.json?raw';
import viewMoney from './cellar/money.nb.json?raw';
import orders from './cellar/orders.nb.json?raw';
import places from './cellar/places.nb.json?raw';
import pos from './cellar/pos.nb.json?raw';
import pricing from './cellar/pricing.nb.json?raw';
import recipes from './cellar/recipes.nb.json?raw';
import reorder from './cellar/reorder.nb.json?raw';
import review from './cellar/review.nb.json?raw';
import sales from './cellar/sales.nb.json?raw';
import salesAnalytics from './cellar/sales-analytics.nb.json?raw';
import stockCounts from './cellar/stock-counts.nb.json?raw';
import wineLover from './cellar/wine-lover.nb.json?raw';
import wines from './cellar/wines.nb.json?raw';
import main from './nb.json?raw';

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
