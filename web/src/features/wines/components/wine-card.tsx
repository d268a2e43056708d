import type { WineRow } from '@kork/shared';
import { Badge } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { wineImageSources } from '../wine-image';
import { formatPoints, formatPrice, useRatingText } from '../wine-text';
import classes from './wine-card.module.css';

/** Where a wine comes from, as the card has room for: "Frankrike, Bordeaux". */
function originLabel(wine: { country?: string; region?: string }): string {
  return [wine.country, wine.region].filter(Boolean).join(', ');
}

/** Shown 64 px wide; a wine without a picture gets the image service's default bottle. */
const IMAGE_WIDTH = 64;
const IMAGE_HEIGHT = 176;

interface WineCardProps {
  wine: WineRow;
  /** Prices are for registered users; visitors get a way to register instead. */
  loggedIn: boolean;
  /** The viewer's currency, for a row that comes without one. */
  currency: string;
}

/** One wine of the feed: the whole card opens the wine. */
export function WineCard({ wine, loggedIn, currency }: WineCardProps) {
  const { t, i18n } = useTranslation();
  const ratingText = useRatingText();
  const locale = i18n.resolvedLanguage;
  const headingId = useId();
  const origin = originLabel(wine);
  const vintage = wine.vintage ?? t('wineSearch.card.nonVintage');

  return (
    <article className={classes.card} aria-labelledby={headingId}>
      <div className={classes.picture}>
        <img
          {...wineImageSources(wine.imageUrl, IMAGE_WIDTH)}
          alt=""
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading="lazy"
          decoding="async"
          className={classes.image}
        />
      </div>
      <div className={classes.body}>
        <h3 id={headingId} className={classes.name}>
          <Link to={`/wines/${encodeURIComponent(wine.id)}`} className={classes.link}>
            {wine.name}
          </Link>
        </h3>
        {wine.producer && <p className={classes.producer}>{wine.producer}</p>}
        <p className={classes.meta}>
          <span>{vintage}</span>
          {origin && <span>{origin}</span>}
        </p>

        <div className={classes.ratings}>
          {wine.rating !== null ? (
            <p className={classes.score}>
              <span className={classes.points}>{formatPoints(wine.rating, locale)}</span>
              <span className={classes.unit}>{t('rating.pointsUnit')}</span>
              <span className={classes.description}>{ratingText(wine.rating)}</span>
            </p>
          ) : (
            <p className={classes.unrated}>{t('rating.notRated')}</p>
          )}
          {wine.expertRating !== null && (
            <p className={classes.expert}>
              <Badge size="sm" radius="sm" variant="light" color="cork.8" className={classes.expertBadge}>
                {t('rating.expert')}
              </Badge>
              <span className={classes.expertPoints}>
                {t('rating.expertScore', { points: formatPoints(wine.expertRating, locale) })}
              </span>
            </p>
          )}
        </div>

        <div className={classes.price}>
          {loggedIn ? (
            wine.price !== undefined && wine.price !== null ? (
              <span className={classes.amount} data-testid="wine-price">
                {formatPrice(wine.price, wine.currency ?? currency, locale)}
              </span>
            ) : (
              <span className={classes.noPrice}>{t('wineSearch.card.noPrice')}</span>
            )
          ) : (
            <Link to="/registration" className={classes.register}>
              {t('wineSearch.card.registerForPrices')}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
