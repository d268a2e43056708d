import classes from './wine-card.module.css';

/** A card's shape while the wines load: the same box as a card, so nothing moves when they arrive. */
export function WineCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden="true" data-skeleton>
      <div className={classes.picture}>
        <span className={classes.skeletonBottle} />
      </div>
      <div className={classes.body}>
        <span className={classes.skeletonLine} />
        <span className={classes.skeletonLineShort} />
        <span className={classes.skeletonLineShort} />
        <span className={classes.skeletonScore} />
      </div>
    </div>
  );
}
