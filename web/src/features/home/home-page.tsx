import { IconArrowRight } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { afterPaintWithStyles, commonStyles } from '../../app/styles/component-styles';
import { NAVBAR_HEIGHT_PX, useWatchCategoryStrip } from '../../lib/category-strip';
import { useIsLoggedIn } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { WineFeedSkeleton } from '../wines/components/wine-feed-skeleton';
import { type Category, type CategoryCount, stripCategories } from './categories';
import { categoryHref, selectedCategory } from './category-links';
import { CategoryStrip } from './components/category-strip';
import classes from './home-page.module.css';

// The hero paints with the app's first code and texts; the feed and the sections below it follow.
const WineFeed = lazy(
  afterPaintWithStyles(commonStyles, () =>
    import('../wines/components/wine-feed').then((m) => ({ default: m.WineFeed })),
  ),
);
const HomeMore = lazy(
  afterPaintWithStyles(commonStyles, () => import('./home-more').then((m) => ({ default: m.HomeMore }))),
);

export function HomePage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('home.title'));
  const loggedIn = useIsLoggedIn();
  const [searchParams] = useSearchParams();
  // The strip stands for the category filter when it holds one wine style.
  const selected = selectedCategory(searchParams);
  // Choosing a style keeps the other filters; choosing the selected one again drops it.
  const categoryLink = (category: Category) => categoryHref(searchParams, category, selected);
  const stripRef = useRef<HTMLElement>(null);
  useWatchCategoryStrip(stripRef, NAVBAR_HEIGHT_PX);
  // The styles with wines come with the feed's own answer (no request of their own): until then the
  // strip holds its place. Styles without wines are left out, so no chip leads to an empty list.
  const [counts, setCounts] = useState<readonly CategoryCount[] | null | undefined>(undefined);
  const onCategoryCounts = useCallback((next: readonly CategoryCount[] | null) => setCounts(next), []);
  const categories = counts === undefined ? undefined : stripCategories(counts, selected);

  return (
    <>
      <section className={classes.hero} aria-labelledby="home-hero-title">
        <div className={classes.heroInner}>
          {/* Plain elements styled as the theme's Title and Text: the hero paints with the app's first code. */}
          <p className={classes.eyebrow}>{t('home.hero.eyebrow')}</p>
          <h1 id="home-hero-title" className={classes.heroTitle}>
            {t('home.hero.title')}
          </h1>
          <p className={classes.heroLead}>{t('home.hero.lead')}</p>
          {/* Links styled as the theme's large round buttons: the hero does not wait for the button code. */}
          <div className={classes.ctas}>
            <Link
              to={loggedIn ? '/wine-cellar/home' : '/registration'}
              className={`mantine-focus-auto mantine-active ${classes.cta} ${classes.primaryCta}`}
            >
              {loggedIn ? t('home.hero.openCellar') : t('home.hero.join')}
              <IconArrowRight size={18} aria-hidden className={classes.ctaIcon} />
            </Link>
            <Link
              to="/events"
              className={`mantine-focus-auto mantine-active ${classes.cta} ${classes.ghostCta}`}
            >
              {t('home.hero.events')}
            </Link>
          </div>
        </div>
        <div className={classes.stripWrap}>
          <CategoryStrip ref={stripRef} selected={selected} categories={categories} linkTo={categoryLink} />
        </div>
      </section>

      <div className={classes.body}>
        <section aria-labelledby="top-rated-heading" className={classes.topRated}>
          <div className={classes.sectionHead}>
            <div>
              <h2 id="top-rated-heading" className={classes.sectionTitle}>
                {t('home.topRated.title')}
              </h2>
              <p className={classes.sectionLead}>
                {selected
                  ? t('home.topRated.filtered', { category: t(`home.categories.${selected}`) })
                  : t('home.topRated.subtitle')}
              </p>
            </div>
          </div>
          <Suspense fallback={<WineFeedSkeleton />}>
            <WineFeed onCategoryCounts={onCategoryCounts} />
          </Suspense>
        </section>

        <Suspense fallback={null}>
          <HomeMore loggedIn={loggedIn} />
        </Suspense>
      </div>
    </>
  );
}
