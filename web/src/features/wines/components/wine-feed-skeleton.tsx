import { useMediaQuery } from '@mantine/hooks';
import { WineCardSkeleton } from './wine-card-skeleton';
import classes from './wine-feed.module.css';
import { FEED_WIDE_QUERY } from './wine-feed-layout';

const CARDS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

/**
 * The feed's shape while its code and first wines are on their way: the toolbar, the filter column on
 * wide screens and six placeholder cards, in the boxes the feed itself uses, so nothing moves when it
 * takes over.
 */
export function WineFeedSkeleton() {
  const wide = useMediaQuery(FEED_WIDE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <div className={classes.feed} aria-busy="true" data-testid="wine-feed-skeleton">
      <div className={classes.toolbar} aria-hidden="true">
        <SkeletonField className={classes.search} />
        <SkeletonField className={classes.sort} />
        {!wide && <span className={`${classes.filtersButton} ${classes.skeletonButton}`} />}
      </div>
      <div className={classes.columns} data-wide={wide || undefined} aria-hidden="true">
        {wide && (
          <div className={classes.side}>
            <span className={classes.skeletonLabel} />
            <span className={classes.skeletonInput} />
            <span className={classes.skeletonInput} />
          </div>
        )}
        <div className={classes.results}>
          <p className={classes.count}>
            <span className={classes.skeletonLabel} />
          </p>
          <div className={classes.grid}>
            {CARDS.map((key) => (
              <WineCardSkeleton key={key} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

function SkeletonField({ className }: { className: string | undefined }) {
  return (
    <span className={`${className} ${classes.skeletonField}`}>
      <span className={classes.skeletonLabel} />
      <span className={classes.skeletonInput} />
    </span>
  );
}
