import type { ComponentType } from 'react';
import { type RouteObject, redirect } from 'react-router';
import { CELLAR_SECTIONS, type CellarSectionKey } from '../features/cellar/cellar-sections';
import { HomePage } from '../features/home/home-page';
import { ErrorPage } from './error-page';
import { RootLayout } from './layout/root-layout';
import { requireViewer } from './require-viewer';
import { pageStyles, withStyles } from './styles/component-styles';

/** A lazy route: the page's code and the component styles of the pages download the first time someone opens it. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const loadWithStyles = withStyles(pageStyles, load);
  return async () => ({ Component: pick(await loadWithStyles()) });
}

/** Each landed cellar section has its own page; the others share one until their features land. */
function cellarSection(key: CellarSectionKey): RouteObject['lazy'] {
  if (key === 'home')
    return page(
      () => import('../features/cellar/cellar-home-page'),
      (m) => m.CellarHomePage,
    );
  if (key === 'wines')
    return page(
      () => import('../features/cellar/wines/cellar-wines-page'),
      (m) => m.CellarWinesPage,
    );
  if (key === 'wineLists')
    return page(
      () => import('../features/wine-lists/editor/wine-lists-page'),
      (m) => m.WineListsPage,
    );
  if (key === 'history')
    return page(
      () => import('../features/cellar/history/cellar-history-page'),
      (m) => m.CellarHistoryPage,
    );
  if (key === 'settings')
    return page(
      () => import('../features/cellar/settings/cellar-settings-page'),
      (m) => m.CellarSettingsPage,
    );
  if (key === 'stockCount')
    return page(
      () => import('../features/stock-counts/stock-counts-page'),
      (m) => m.StockCountsPage,
    );
  if (key === 'sales')
    return page(
      () => import('../features/sales/sales-page'),
      (m) => m.SalesPage,
    );
  if (key === 'orders')
    return page(
      () => import('../features/orders/orders-page'),
      (m) => m.OrdersPage,
    );
  if (key === 'priceAutomator')
    return page(
      () => import('../features/pricing/price-automator-page'),
      (m) => m.PriceAutomatorPage,
    );
  if (key === 'beverages')
    return page(
      () => import('../features/recipes/beverages-page'),
      (m) => m.BeveragesPage,
    );
  if (key === 'analytics')
    return page(
      () => import('../features/market-values/market-value-page'),
      (m) => m.MarketValuePage,
    );
  if (key === 'salesAnalytics')
    return page(
      () => import('../features/sales-analytics/sales-analytics-page'),
      (m) => m.SalesAnalyticsPage,
    );
  return page(
    () => import('../features/cellar/cellar-section-page'),
    (m) => m.CellarSectionPage,
  );
}

/** Every route of SPEC §2, and the profile settings page SPEC §2's screens name, as data. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // If the shell itself fails, the error page stands alone.
    errorElement: <ErrorPage />,
    children: [
      {
        // A failing page (thrown error, chunk that did not download) keeps the navbar around the error page.
        errorElement: <ErrorPage />,
        // While the first page's code downloads (or its loader runs), the navbar is already there.
        hydrateFallbackElement: <div aria-busy="true" />,
        children: [
          { index: true, loader: () => redirect('/feed') },
          // The landing page comes with the app's first code: its hero paints at once, its feed follows.
          { path: 'feed', Component: HomePage },
          {
            path: 'events',
            lazy: page(
              () => import('../features/events/events-page'),
              (m) => m.EventsPage,
            ),
          },
          {
            path: 'events/:eventId',
            lazy: page(
              () => import('../features/events/event-page'),
              (m) => m.EventPage,
            ),
          },
          {
            path: 'cart',
            lazy: page(
              () => import('../features/marketplace/pages/cart-page'),
              (m) => m.CartPage,
            ),
          },
          {
            path: 'cart/checkout',
            loader: requireViewer,
            lazy: page(
              () => import('../features/marketplace/pages/checkout-page'),
              (m) => m.CheckoutPage,
            ),
          },
          {
            path: 'cart/confirmation/:checkoutId',
            loader: requireViewer,
            lazy: page(
              () => import('../features/marketplace/pages/confirmation-page'),
              (m) => m.ConfirmationPage,
            ),
          },
          {
            path: 'suppliers',
            lazy: page(
              () => import('../features/marketplace/pages/suppliers-page'),
              (m) => m.SuppliersPage,
            ),
          },
          {
            path: 'suppliers/:supplierId',
            lazy: page(
              () => import('../features/marketplace/pages/supplier-page'),
              (m) => m.SupplierPage,
            ),
          },
          {
            // A supplier's order link from its mail: no account; the token is in the address's fragment.
            path: 'supplier-order',
            lazy: page(
              () => import('../features/marketplace/pages/supplier-order-page'),
              (m) => m.SupplierOrderPage,
            ),
          },
          {
            path: 'supplier-portal/*',
            loader: requireViewer,
            lazy: page(
              () => import('../features/marketplace/pages/supplier-portal-page'),
              (m) => m.SupplierPortalPage,
            ),
          },
          {
            path: 'admin/suppliers',
            loader: requireViewer,
            lazy: page(
              () => import('../features/marketplace/pages/admin-suppliers-page'),
              (m) => m.AdminSuppliersPage,
            ),
          },
          {
            path: 'sign-in',
            lazy: page(
              () => import('../features/auth/sign-in-page'),
              (m) => m.SignInPage,
            ),
          },
          {
            path: 'registration',
            lazy: page(
              () => import('../features/auth/registration-page'),
              (m) => m.RegistrationPage,
            ),
          },
          {
            path: 'password-recovery',
            lazy: page(
              () => import('../features/auth/password-recovery-page'),
              (m) => m.PasswordRecoveryPage,
            ),
          },
          {
            path: 'auth/*',
            lazy: page(
              () => import('../features/auth/auth-page'),
              (m) => m.AuthPage,
            ),
          },
          {
            path: 'settings/profile',
            loader: requireViewer,
            lazy: page(
              () => import('../features/profile/profile-settings-page'),
              (m) => m.ProfileSettingsPage,
            ),
          },
          {
            path: 'terms-of-use',
            lazy: page(
              () => import('../features/legal/terms-page'),
              (m) => m.TermsPage,
            ),
          },
          {
            path: 'privacy-policy',
            lazy: page(
              () => import('../features/legal/privacy-page'),
              (m) => m.PrivacyPage,
            ),
          },
          {
            path: 'wine-cellar',
            lazy: page(
              () => import('../features/cellar/cellar-layout'),
              (m) => m.CellarLayout,
            ),
            children: [
              { index: true, loader: () => redirect('/wine-cellar/home') },
              ...CELLAR_SECTIONS.map((section) => ({
                path: section.path,
                handle: { cellarSection: section.key },
                lazy: cellarSection(section.key),
              })),
              {
                path: 'batch-import',
                handle: { cellarSection: 'wines' },
                lazy: page(
                  () => import('../features/imports/batch-import-page'),
                  (m) => m.BatchImportPage,
                ),
              },
              {
                path: 'stock-count/:countId',
                handle: { cellarSection: 'stockCount' },
                lazy: page(
                  () => import('../features/stock-counts/count-sheet-page'),
                  (m) => m.CountSheetPage,
                ),
              },
              {
                path: '*',
                lazy: page(
                  () => import('./not-found-page'),
                  (m) => m.NotFoundPage,
                ),
              },
            ],
          },
          {
            path: 'wines/:id',
            lazy: page(
              () => import('../features/wines/wine-page'),
              (m) => m.WinePage,
            ),
          },
          {
            path: 'my-tastings',
            loader: requireViewer,
            lazy: page(
              () => import('../features/tastings/my-tastings-page'),
              (m) => m.MyTastingsPage,
            ),
          },
          {
            path: 'users/:id',
            lazy: page(
              () => import('../features/profiles/user-profile-page'),
              (m) => m.UserProfilePage,
            ),
          },
          {
            path: 'restaurants/:id',
            lazy: page(
              () => import('../features/profiles/restaurant-profile-page'),
              (m) => m.RestaurantProfilePage,
            ),
          },
          {
            path: 'admin/plans',
            loader: requireViewer,
            lazy: page(
              () => import('../features/billing/admin/admin-plans-page'),
              (m) => m.AdminPlansPage,
            ),
          },
          {
            path: 'admin/merge-wines',
            loader: requireViewer,
            lazy: page(
              () => import('../features/admin/merge-wines-page'),
              (m) => m.MergeWinesPage,
            ),
          },
          {
            path: 'embed/wines/:id',
            lazy: page(
              () => import('../features/embed/embed-page'),
              (m) => m.EmbedPage,
            ),
          },
          {
            path: 'embed/wine-lists/:id',
            lazy: page(
              () => import('../features/embed/embed-wine-list-page'),
              (m) => m.EmbedWineListPage,
            ),
          },
          {
            path: 'embed/*',
            lazy: page(
              () => import('../features/embed/embed-page'),
              (m) => m.EmbedPage,
            ),
          },
          {
            path: 'location/*',
            lazy: page(
              () => import('../features/locations/shared-location-page'),
              (m) => m.SharedLocationPage,
            ),
          },
          {
            path: 'wine-list/*',
            lazy: page(
              () => import('../features/wine-lists/public-wine-list-page'),
              (m) => m.PublicWineListPage,
            ),
          },
          // The QR code's address: the origin answers it with the server's HTML of the list; should a
          // request reach the app instead (a deployment without the `/l/*` behavior), the same page.
          {
            path: 'l/*',
            lazy: page(
              () => import('../features/wine-lists/public-wine-list-page'),
              (m) => m.PublicWineListPage,
            ),
          },
          {
            path: '*',
            lazy: page(
              () => import('./not-found-page'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];
