import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CATEGORIES, type Category } from '../categories';
import classes from './category-strip.module.css';

const SWATCHES: Record<Category, string> = {
  red: '#7a1730',
  white: '#e9d98f',
  rose: '#e9a0a8',
  sparkling: '#f1e6b8',
  orange: '#d98a3d',
  dessert: '#c4862c',
  fortified: '#5b2318',
};

/**
 * Wine styles to browse by; the selected one travels in the URL so it survives a reload or a share.
 * Until the strip knows which styles have wines (`categories` undefined) it keeps its place on the
 * page with every chip hidden, so showing them moves nothing.
 */
export function CategoryStrip({
  selected,
  categories,
  ref,
  linkTo = (category) => (category === selected ? '/feed' : `/feed?category=${category}`),
}: {
  selected: Category | undefined;
  /** The styles to offer, in strip order; undefined while that is not known yet. */
  categories?: readonly Category[];
  ref?: Ref<HTMLElement>;
  /** Where a style's link goes; by default it selects that style alone, or clears the selected one. */
  linkTo?: (category: Category) => string;
}) {
  const { t } = useTranslation('shell');
  const pending = categories === undefined;
  return (
    <nav ref={ref} aria-label={t('home.categories.label')} className={classes.strip}>
      <ul
        className={classes.list}
        data-pending={pending || undefined}
        aria-hidden={pending || undefined}
        inert={pending || undefined}
      >
        {(categories ?? CATEGORIES).map((category) => (
          <li key={category}>
            <Link
              to={linkTo(category)}
              className={classes.chip}
              aria-current={category === selected ? 'true' : undefined}
              preventScrollReset
            >
              <span
                className={classes.swatch}
                style={{ background: SWATCHES[category] }}
                aria-hidden="true"
              />
              {t(`home.categories.${category}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
