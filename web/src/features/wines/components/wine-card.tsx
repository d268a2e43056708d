import { type WineRow, wineDisplayName } from '@kork/shared';
import { Badge, Button } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { lazy, memo, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { wineImageSources } from '../../../lib/wine-image';
import {
  formatPoints,
  formatPrice,
  producerBesideName,
  useOriginText,
  useRatingText,
  useVintageText,
  useWineStyleText,
} from '../../../lib/wine-text';
import classes from './wine-card.module.css';

// A business's "Add to cart" lists the wine's suppliers in a popover whose code loads on the first click.
const loadFeedOffers = () => import('../../marketplace/suppliers/feed-offers');
const FeedOffers = lazy(() => loadFeedOffers().then((m) => ({ default: m.FeedOffers })));

/** Shown 64 px wide; a wine without a picture gets the image service's bottle for its style. */
const IMAGE_WIDTH = 64;
const IMAGE_HEIGHT = 176;

interface WineCardProps {
  wine: WineRow;
  /** Prices are for registered users; visitors get a way to register instead. */
  loggedIn: boolean;
  /** The viewer's currency, for a row that comes without one. */
  currency: string;
  /** A business account: the card offers "Add to cart" from the wine's suppliers. */
  business?: boolean;
}

/**
 * One wine of the feed: the whole card opens the wine. A card renders again only when its own wine or
 * props change: a feed's next page, its loading state or the page around it leave the cards already shown
 * as they are (their rows are the query cache's own objects).
 */
export const WineCard = memo(function WineCard({
  wine,
  loggedIn,
  currency,
  business = false,
}: WineCardProps) {
  const { t, i18n } = useTranslation();
  const ratingText = useRatingText();
  const vintageText = useVintageText();
  const styleText = useWineStyleText();
  const originText = useOriginText();
  const locale = i18n.resolvedLanguage;
  const headingId = useId();
  const name = wineDisplayName({ wineName: wine.name, producerName: wine.producer });
  const producer = producerBesideName(name, wine.producer);
  // The card has room for the country and region; the sub-region is on the wine's page.
  const origin = originText({ country: wine.country, region: wine.region });
  const style = styleText(wine);

  return (
    <article className={classes.card} aria-labelledby={headingId}>
      <div className={classes.picture}>
        <img
          {...wineImageSources(wine.imageUrl, IMAGE_WIDTH, wine.mainCategoryId)}
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
            {name}
          </Link>
        </h3>
        {producer && <p className={classes.producer}>{producer}</p>}
        <p className={classes.style}>
          <Badge
            component="span"
            size="sm"
            radius="sm"
            variant="light"
            color="wine"
            className={classes.badge}
          >
            {style.category}
          </Badge>
          {style.type && <span>{style.type}</span>}
        </p>
        <p className={classes.meta}>
          <span className={classes.facts}>
            <span className={classes.fact}>{vintageText(wine.vintage)}</span>
            {origin && <span className={classes.fact}>{origin}</span>}
          </span>
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
        {business && <AddFromFeed wineId={wine.id} name={name} />}
      </div>
    </article>
  );
});

/** The row's "Add to cart": a plain button until first used, then the suppliers' popover in its place. */
function AddFromFeed({ wineId, name }: { wineId: string; name: string }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button
      size="xs"
      variant="outline"
      radius="xl"
      leftSection={<IconShoppingCartPlus size={14} aria-hidden />}
      onClick={() => setWanted(true)}
      onPointerEnter={() => void loadFeedOffers()}
      onFocus={() => void loadFeedOffers()}
      aria-label={t('marketSuppliers.feed.addLabel', { name })}
      aria-expanded={false}
    >
      {t('marketSuppliers.feed.add')}
    </Button>
  );
  return (
    <div className={classes.cart}>
      {wanted ? (
        <Suspense fallback={button}>
          <FeedOffers wineId={wineId} name={name} />
        </Suspense>
      ) : (
        button
      )}
    </div>
  );
}
