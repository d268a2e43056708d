import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useCategoryStripVisible } from '../../lib/category-strip';
import { layoutFor } from '../layout-rules';
import { afterPaintWithStyles, commonStyles } from '../styles/component-styles';
import { AppBanner } from './app-banner';
import { Navbar } from './navbar';
import classes from './root-layout.module.css';

// Below the fold on every page, so it need not hold up the first paint.
const Footer = lazy(
  afterPaintWithStyles(commonStyles, () => import('./footer').then((module) => ({ default: module.Footer }))),
);

/** The shell around every screen: which parts show is decided by `layoutFor`, never by the pages. */
export function RootLayout() {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const layout = layoutFor(pathname, search);
  const stripVisible = useCategoryStripVisible();

  return (
    <>
      {layout.navbar && (
        <a className="kork-skip-link" href="#main">
          {t('nav.skipToContent')}
        </a>
      )}
      {layout.navbar && <AppBanner />}
      {layout.navbar && (
        <Navbar
          transparent={layout.transparentNavbar && stripVisible}
          overlay={layout.transparentNavbar}
          wide={layout.wide}
        />
      )}
      <main
        id="main"
        tabIndex={-1}
        className={classes.main}
        data-under-navbar={layout.transparentNavbar || undefined}
      >
        {/* A page whose texts are still on their way waits here, inside the shell. */}
        <Suspense fallback={<div aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
      {layout.footer && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
