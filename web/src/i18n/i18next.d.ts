import 'i18next';
import type assistantEn from './cellar/assistant.en.json';
import type billingEn from './cellar/billing.en.json';
import type eventEditorEn from './cellar/event-editor.en.json';
import type eventsEn from './cellar/events.en.json';
import type importsEn from './cellar/imports.en.json';
import type listPublicEn from './cellar/list-public.en.json';
import type listsEn from './cellar/lists.en.json';
import type mapsEn from './cellar/maps.en.json';
import type marketValueEn from './cellar/market-value.en.json';
import type marketCartEn from './cellar/marketplace-cart.en.json';
import type marketPortalEn from './cellar/marketplace-portal.en.json';
import type marketSuppliersEn from './cellar/marketplace-suppliers.en.json';
import type viewMoneyEn from './cellar/money.en.json';
import type ordersEn from './cellar/orders.en.json';
import type placesEn from './cellar/places.en.json';
import type posEn from './cellar/pos.en.json';
import type pricingEn from './cellar/pricing.en.json';
import type recipesEn from './cellar/recipes.en.json';
import type reorderEn from './cellar/reorder.en.json';
import type reviewEn from './cellar/review.en.json';
import type salesEn from './cellar/sales.en.json';
import type salesAnalyticsEn from './cellar/sales-analytics.en.json';
import type stockCountsEn from './cellar/stock-counts.en.json';
import type wineLoverEn from './cellar/wine-lover.en.json';
import type winesEn from './cellar/wines.en.json';
import type en from './en.json';
import type { ShellTexts } from './shell-texts';

// English is the reference catalogue: a key missing there fails the type check, and a unit test keeps
// the Norwegian catalogue in step with it.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en &
        typeof winesEn &
        typeof wineLoverEn &
        typeof placesEn &
        typeof reviewEn &
        typeof listsEn &
        typeof listPublicEn &
        typeof stockCountsEn &
        typeof salesEn &
        typeof ordersEn &
        typeof salesAnalyticsEn &
        typeof pricingEn &
        typeof recipesEn &
        typeof posEn &
        typeof importsEn &
        typeof marketCartEn &
        typeof marketSuppliersEn &
        typeof marketPortalEn &
        typeof eventsEn &
        typeof viewMoneyEn &
        typeof eventEditorEn &
        typeof mapsEn &
        typeof assistantEn &
        typeof marketValueEn &
        typeof billingEn &
        typeof reorderEn;
      /** The first screen's texts, bundled with the app (shell-texts.ts). */
      shell: ShellTexts;
    };
  }
}
